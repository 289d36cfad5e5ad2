import EffectStore
import EffectStoreTesting
import XCTest

final class ChildStateTests: XCTestCase {
    // MARK: Data in, data out

    func test_handleInKeyPath_delegatesTheEventAndLiftsTheEffect() {
        var state = StandInAppState.initialState

        let effect = state.handle(event: .process(.fetchProcesses))

        XCTAssertEqual(state, StandInAppState(session: .initialState, process: .loading))
        XCTAssertEqual(effect, .process(.downloadProcesses))
    }

    func test_handleInKeyPath_childWithoutEffect_returnsNil() {
        var state = StandInAppState.initialState

        let effect = state.handle(event: .session(.logIn(user: "ana")))

        XCTAssertEqual(state.session, StandInSession(user: "ana"))
        XCTAssertNil(effect)
    }

    func test_parent_logOutInTheSessionResetsTheProcessChild() {
        var state = StandInAppState(
            session: StandInSession(user: "ana"), process: .loaded([StandInProcess(id: 1, title: "iOS")]))

        let effect = state.handle(event: .session(.logOut))

        XCTAssertEqual(state, StandInAppState(session: StandInSession(user: nil), process: .idle))
        XCTAssertEqual(effect, .session(.forgetCredentials))
    }

    func test_handleInCase_delegatesWhileInTheCase() {
        var flow = StandInAppFlow.loggedIn(.idle)

        let effect = flow.handle(event: .process(.fetchProcesses))

        XCTAssertEqual(flow, .loggedIn(.loading))
        XCTAssertEqual(effect, .process(.downloadProcesses))
    }

    func test_handleInCase_ignoresTheEventInAnotherCase() {
        var flow = StandInAppFlow.loggedOut

        let effect = flow.handle(event: .process(.fetchProcesses))

        XCTAssertEqual(flow, .loggedOut)
        XCTAssertNil(effect)
    }

    // MARK: In a store, with the composed effect handler

    func test_composedEffectHandler_routesTheChildEffectAndLiftsItsEventBack() async {
        let store = Store<StandInAppState>(effectHandler: makeStandInAppEffects(service: StubStandInService()))

        let state = await store.dispatch(event: .process(.fetchProcesses)).value

        XCTAssertEqual(state.process, .loaded(StubStandInService().processes))
    }

    func test_composedEffectHandler_fireAndForgetChildEffect_resolvesAtOnce() async {
        let store = Store<StandInAppState>(
            initialState: StandInAppState(session: StandInSession(user: "ana"), process: .idle),
            effectHandler: makeStandInAppEffects(service: StubStandInService())
        )

        let state = await store.dispatch(event: .session(.logOut)).value

        XCTAssertEqual(state.session, StandInSession(user: nil))
    }

    func test_derivedViewOfTheChild_isNotifiedOnlyForTheChild() {
        let store = Store<StandInAppState>(effectHandler: makeStandInAppEffects(service: StubStandInService()))
        let recorder = Recorder<StandInListViewState>()
        let token = store.map(\.process).map { StandInListViewState($0) }.subscribe { recorder.append($0) }

        store.dispatch(event: .session(.logIn(user: "ana")))
        store.dispatch(event: .session(.logIn(user: "bo")))

        XCTAssertEqual(recorder.values, [StandInListViewState(.idle)])
        token.cancel()
    }
}
