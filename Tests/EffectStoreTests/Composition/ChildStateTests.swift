import EffectStore
import EffectStoreTesting
import XCTest

final class ChildStateTests: XCTestCase {
    // MARK: Data in, data out

    func test_routeToAProperty_delegatesTheEventAndLiftsTheEffect() {
        var state = StandInAppState.initialState

        let effect = state.transition(on: .process(.fetchProcesses))

        XCTAssertEqual(state, StandInAppState(session: .initialState, process: .loading))
        XCTAssertEqual(effect, .work(.process(.downloadProcesses)), "a property's child never leaves: no scope to end")
        XCTAssertEqual(effect, StandInAppState.process.lift(.work(.downloadProcesses)))
    }

    func test_routeToAProperty_childWithoutEffect_returnsNil() {
        var state = StandInAppState.initialState

        let effect = state.transition(on: .session(.logIn(user: "ana")))

        XCTAssertEqual(state.session, StandInSession(user: "ana"))
        XCTAssertNil(effect)
    }

    func test_parent_logOutInTheSessionResetsTheProcessChild() {
        var state = StandInAppState(
            session: StandInSession(user: "ana"), process: .loaded([StandInProcess(id: 1, title: "iOS")]))

        let effect = state.transition(on: .session(.logOut))

        XCTAssertEqual(state, StandInAppState(session: StandInSession(user: nil), process: .idle))
        XCTAssertEqual(effect, .work(.session(.forgetCredentials)))
    }

    func test_routeToACase_delegatesWhileInTheCase_underTheCasesScope() {
        var flow = StandInAppFlow.loggedIn(.idle)

        let effect = flow.transition(on: .process(.fetchProcesses))

        XCTAssertEqual(flow, .loggedIn(.loading))
        XCTAssertEqual(effect, StandInAppFlow.loggedIn.lift(.work(.downloadProcesses)))
        guard case .cancel(let scope)? = StandInAppFlow.loggedIn.ending().plan else {
            return XCTFail("the ending of a case's child is one cancellation")
        }
        XCTAssertEqual(effect, StandInAppFlow.Effect.work(.process(.downloadProcesses)).cancellable(id: scope))
    }

    func test_routeToACase_ignoresTheEventInAnotherCase() {
        var flow = StandInAppFlow.loggedOut

        let effect = flow.transition(on: .process(.fetchProcesses))

        XCTAssertEqual(flow, .loggedOut)
        XCTAssertNil(effect)
    }

    // MARK: In a store, with the parent's handler answering through the places

    func test_placeAnswer_performsTheChildsWorkAndEmbedsItsEventBack() async {
        let store = Store<StandInAppState>(effectHandler: StandInAppEffects(service: StubStandInService()))

        let state = await store.dispatch(event: .process(.fetchProcesses)).value

        XCTAssertEqual(state.process, .loaded(StubStandInService().processes))
    }

    func test_placeAnswer_fireAndForgetChildWork_resolvesAtOnce() async {
        let store = Store<StandInAppState>(
            initialState: StandInAppState(session: StandInSession(user: "ana"), process: .idle),
            effectHandler: StandInAppEffects(service: StubStandInService())
        )

        let state = await store.dispatch(event: .session(.logOut)).value

        XCTAssertEqual(state.session, StandInSession(user: nil))
    }

    func test_derivedViewOfTheChild_isNotifiedOnlyForTheChild() {
        let store = Store<StandInAppState>(effectHandler: StandInAppEffects(service: StubStandInService()))
        let recorder = Recorder<StandInListViewState>()
        let token = store.map(\.process).map { StandInListViewState($0) }.subscribe { recorder.append($0) }

        store.dispatch(event: .session(.logIn(user: "ana")))
        store.dispatch(event: .session(.logIn(user: "bo")))

        XCTAssertEqual(recorder.values, [StandInListViewState(.idle)])
        token.cancel()
    }
}
