import EffectStore
import EffectStoreTesting
import RecruitmentProcess
import XCTest

/// `logOutEvents(of:)`, the one-line `StoreEventSource` that `makeProcessStore` uses: the same events as the
/// hand-written `ProcessEvents` (see `ProcessEventsTests`), and the same lifetimes.
final class LogOutEventsTests: XCTestCase {
    func test_logOutEvents_whenTheSessionStartsLoggedOut_dispatchesNothing() {
        // A log-out while logged out is ignored by the session: it stays logged out.
        let sent = eventsSent(by: logOutEvents(of:), sessionStartingAs: .loggedOut, whileTheSessionHandles: [.logOut])
        XCTAssertEqual(sent, [])
    }

    func test_logOutEvents_logInThenLogOut_dispatchesUserDidLogOutExactlyOnce() {
        let afterLogIn = eventsSent(
            by: logOutEvents(of:), sessionStartingAs: .loggedOut, whileTheSessionHandles: [.logIn(user: "ana")])
        XCTAssertEqual(afterLogIn, [])
        let sent = eventsSent(
            by: logOutEvents(of:), sessionStartingAs: .loggedOut,
            whileTheSessionHandles: [.logIn(user: "ana"), .logOut, .logOut])
        XCTAssertEqual(sent, [.userDidLogOut])
    }

    func test_logOutEvents_whenTheSessionStartsLoggedIn_dispatchesOnceAtEachLogOut() {
        let sent = eventsSent(
            by: logOutEvents(of:), sessionStartingAs: .loggedIn(user: "ana"),
            whileTheSessionHandles: [.logOut, .logIn(user: "bob"), .logOut])
        XCTAssertEqual(sent, [.userDidLogOut, .userDidLogOut])
    }

    func test_makeProcessStore_whenTheSessionStartsLoggedOut_keepsItsInitialState() {
        let sessionStore = Store<SessionState>(initialState: .loggedOut)
        let store = makeProcessStore(
            service: InMemoryProcessService(), sessionStore: sessionStore,
            initialState: .loaded(Process.examples))

        // An event this thread dispatches after creating the store is handled after anything the source sent.
        let barrier = store.dispatch(event: .failed(reason: "ignored while loaded")).wait(timeout: .seconds(5))

        XCTAssertEqual(barrier, .loaded(Process.examples), "a userDidLogOut would have reset the list")
    }

    func test_makeProcessStore_eachLogOutResetsTheListOnce() {
        let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
        let store = makeProcessStore(service: InMemoryProcessService(), sessionStore: sessionStore)
        let states = Recorder<ProcessState>()
        let token = store.subscribe { states.append($0) }

        for user in ["ana", "bob"] {
            sessionStore.dispatch(event: .logIn(user: user))
            XCTAssertEqual(store.dispatch(event: .fetchProcesses).wait(timeout: .seconds(5)), .loaded(Process.examples))
            let reset = expectation(description: "\(user)'s log-out resets the list")
            let resetToken = store.subscribe { if $0 == .idle { reset.fulfill() } }
            sessionStore.dispatch(event: .logOut)  // reaches the process store asynchronously
            wait(for: [reset], timeout: 5)
            resetToken.cancel()
        }

        let loaded = ProcessState.loaded(Process.examples)
        XCTAssertEqual(states.values, [.idle, .loading, loaded, .idle, .loading, loaded, .idle])
        token.cancel()
    }

    func test_makeProcessStore_keepsNeitherStoreAlive() {
        var sessionStore: Store<SessionState>? = Store<SessionState>(initialState: .loggedIn(user: "ana"))
        weak let weakSession = sessionStore
        var store: Store<ProcessState>? = makeProcessStore(
            service: InMemoryProcessService(),
            sessionStore: sessionStore!)
        weak let weakStore = store

        store = nil
        XCTAssertNil(weakStore, "nothing keeps the process store alive")
        sessionStore?.dispatch(event: .logOut)  // the session outlives it and keeps working
        XCTAssertEqual(sessionStore?.state, .loggedOut)
        sessionStore = nil
        XCTAssertNil(weakSession, "the process store's event source did not keep the session alive")
    }
}
