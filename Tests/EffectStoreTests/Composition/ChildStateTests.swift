import EffectStore
import EffectStoreTesting
import XCTest

final class ChildStateTests: XCTestCase {
    // MARK: Data in, data out

    func test_handleInKeyPath_delegatesTheEventAndLiftsTheEffect() {
        var state = AppState.initialState

        let effect = state.handle(event: .process(.fetchProcesses))

        XCTAssertEqual(state, AppState(session: .initialState, process: .loading))
        XCTAssertEqual(effect, .process(.downloadProcesses))
    }

    func test_handleInKeyPath_childWithoutEffect_returnsNil() {
        var state = AppState.initialState

        let effect = state.handle(event: .session(.logIn(user: "ana")))

        XCTAssertEqual(state.session, SessionState(user: "ana"))
        XCTAssertNil(effect)
    }

    func test_parent_logOutInTheSessionResetsTheProcessChild() {
        var state = AppState(session: SessionState(user: "ana"), process: .loaded([Process(id: 1, title: "iOS")]))

        let effect = state.handle(event: .session(.logOut))

        XCTAssertEqual(state, AppState(session: SessionState(user: nil), process: .idle))
        XCTAssertEqual(effect, .session(.forgetCredentials))
    }

    func test_handleInCase_delegatesWhileInTheCase() {
        var flow = AppFlow.loggedIn(.idle)

        let effect = flow.handle(event: .process(.fetchProcesses))

        XCTAssertEqual(flow, .loggedIn(.loading))
        XCTAssertEqual(effect, .process(.downloadProcesses))
    }

    func test_handleInCase_ignoresTheEventInAnotherCase() {
        var flow = AppFlow.loggedOut

        let effect = flow.handle(event: .process(.fetchProcesses))

        XCTAssertEqual(flow, .loggedOut)
        XCTAssertNil(effect)
    }

    // MARK: In a store, with the composed effect handler

    func test_composedEffectHandler_routesTheChildEffectAndLiftsItsEventBack() async {
        let store = Store<AppState>(effectHandler: makeAppEffects(service: StubProcessService()))

        let state = await store.dispatch(event: .process(.fetchProcesses)).value

        XCTAssertEqual(state.process, .loaded(StubProcessService().processes))
    }

    func test_composedEffectHandler_fireAndForgetChildEffect_resolvesAtOnce() async {
        let store = Store<AppState>(
            initialState: AppState(session: SessionState(user: "ana"), process: .idle),
            effectHandler: makeAppEffects(service: StubProcessService())
        )

        let state = await store.dispatch(event: .session(.logOut)).value

        XCTAssertEqual(state.session, SessionState(user: nil))
    }

    func test_derivedViewOfTheChild_isNotifiedOnlyForTheChild() {
        let store = Store<AppState>(effectHandler: makeAppEffects(service: StubProcessService()))
        let recorder = Recorder<ProcessListViewState>()
        let token = store.map(\.process).map { ProcessListViewState($0) }.subscribe { recorder.append($0) }

        store.dispatch(event: .session(.logIn(user: "ana")))
        store.dispatch(event: .session(.logIn(user: "bo")))

        XCTAssertEqual(recorder.values, [ProcessListViewState(.idle)])
        token.cancel()
    }
}
