import EffectStore
import EffectStoreTesting
import XCTest

/// `StoreEventSource(_:whenChanged:event:)`: the current state is only remembered; each change of the key sends once.
final class StoreEventSourceChangesTests: XCTestCase {
    /// The one-liner of the issue, as a user writes it.
    private func logOutSource(of sessionStore: Store<StandInSession>) -> StoreEventSource<StandInProcessState.Event> {
        StoreEventSource(sessionStore, whenChanged: \.isLoggedIn) { $0 ? nil : .userDidLogOut }
    }

    /// What `source` sends while `sessionStore` handles `sessionEvents`. The session store's subscribers run inside
    /// `dispatch` (called from outside any store), so everything here is synchronous.
    private func eventsSent(
        by source: StoreEventSource<StandInProcessState.Event>,
        whileTheSessionHandles sessionEvents: [StandInSession.Event],
        in sessionStore: Store<StandInSession>
    ) -> [StandInProcessState.Event] {
        let sent = Recorder<StandInProcessState.Event>()
        source.configureEventSource { sent.append($0) }
        for event in sessionEvents { sessionStore.dispatch(event: event) }
        return withExtendedLifetime(source) { sent.values }
    }

    func test_whenChanged_whenTheSessionStartsLoggedOut_sendsNothingAtStartUp() {
        let sessionStore = Store<StandInSession>(effectHandler: NoAnswers())  // logged out
        let sent = eventsSent(by: logOutSource(of: sessionStore), whileTheSessionHandles: [], in: sessionStore)
        XCTAssertEqual(sent.map(\.name), [])
    }

    func test_whenChanged_logInThenLogOutTwice_sendsOneLogOut() {
        let sessionStore = Store<StandInSession>(effectHandler: NoAnswers())
        let sent = eventsSent(
            by: logOutSource(of: sessionStore),
            whileTheSessionHandles: [.logIn(user: "ana"), .logOut, .logOut], in: sessionStore)
        XCTAssertEqual(sent.map(\.name), ["userDidLogOut"])
    }

    func test_whenChanged_whenTheSessionStartsLoggedIn_sendsOnceAtEachLogOut() {
        let sessionStore = Store<StandInSession>(initialState: StandInSession(user: "ana"), effectHandler: NoAnswers())
        let sent = eventsSent(
            by: logOutSource(of: sessionStore),
            whileTheSessionHandles: [.logOut, .logIn(user: "bob"), .logOut], in: sessionStore)
        XCTAssertEqual(sent.map(\.name), ["userDidLogOut", "userDidLogOut"])
    }

    func test_whenChanged_callsTheFunctionOnlyWithChangedKeys() {
        let sessionStore = Store<StandInSession>(initialState: StandInSession(user: "ana"), effectHandler: NoAnswers())
        let keys = Recorder<Bool>()
        let source = StoreEventSource<StandInProcessState.Event>(sessionStore, whenChanged: \.isLoggedIn) { isLoggedIn in
            keys.append(isLoggedIn)
            return nil
        }
        let sent = eventsSent(
            by: source,
            whileTheSessionHandles: [.logIn(user: "bob"), .logOut, .logOut, .logIn(user: "cy"), .logIn(user: "di")],
            in: sessionStore)
        XCTAssertEqual(sent.map(\.name), [])
        XCTAssertEqual(keys.values, [false, true], "a new user while logged in is no change of the key")
    }

    func test_whenChanged_inAStore_keepsTheInitialStateWhenTheSessionStartsLoggedOut() {
        let sessionStore = Store<StandInSession>(effectHandler: NoAnswers())  // logged out
        let processStore = Store<StandInProcessState>(initialState: .loaded([]), effectHandler: NoAnswers(), eventSource: logOutSource(of: sessionStore))

        // An event this thread dispatches after creating the store is handled after anything the source sent.
        let barrier = processStore.dispatch(event: .fetchProcesses)

        XCTAssertEqual(barrier.wait(timeout: .seconds(5)), .loading, "a userDidLogOut would have reset the list to idle first")
        sessionStore.dispatch(event: .logIn(user: "ana"))
        let reset = expectation(description: "the log-out resets the list")
        let token = processStore.subscribe { if $0 == .idle { reset.fulfill() } }
        sessionStore.dispatch(event: .logOut)  // reaches the process store asynchronously
        wait(for: [reset], timeout: 5)
        token.cancel()
    }
}

extension StandInProcessState.Event {
    /// The case name, to compare events (one case carries an `Error`, so the enum is not `Equatable`).
    fileprivate var name: String { String(describing: self).prefix { $0 != "(" }.description }
}
