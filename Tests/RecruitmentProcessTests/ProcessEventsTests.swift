import EffectStore
import XCTest

@testable import RecruitmentProcess

/// `ProcessEvents` turns a log-out of the session into `userDidLogOut`, and goes away with its process store.
final class ProcessEventsTests: XCTestCase {
    func test_configure_whenTheSessionStartsLoggedOut_dispatchesNothing() {
        // A log-out while logged out is ignored by the session: it stays logged out.
        let sent = eventsSent(by: ProcessEvents.init, sessionStartingAs: .loggedOut, whileTheSessionHandles: [.logOut])
        XCTAssertEqual(sent, [])
    }

    func test_logInThenLogOut_dispatchesUserDidLogOutExactlyOnce() {
        let afterLogIn = eventsSent(
            by: ProcessEvents.init, sessionStartingAs: .loggedOut, whileTheSessionHandles: [.logIn(user: "ana")])
        XCTAssertEqual(afterLogIn, [])
        let sent = eventsSent(
            by: ProcessEvents.init, sessionStartingAs: .loggedOut,
            whileTheSessionHandles: [.logIn(user: "ana"), .logOut, .logOut])
        XCTAssertEqual(sent, [.userDidLogOut])
    }

    func test_configure_whenTheSessionStartsLoggedIn_dispatchesOnlyAtLogOut() {
        let sent = eventsSent(
            by: ProcessEvents.init, sessionStartingAs: .loggedIn(user: "ana"),
            whileTheSessionHandles: [.logOut, .logIn(user: "bob"), .logOut])
        XCTAssertEqual(sent, [.userDidLogOut, .userDidLogOut])
    }

    func test_releasingTheProcessStore_releasesTheEventSourceAndItsSubscription() {
        let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
        weak var weakStore: Store<ProcessState>?
        weak var weakEvents: ProcessEvents?
        weak var weakToken: SubscriptionToken?
        do {
            let events = ProcessEvents(sessionStore: sessionStore)
            let store = Store<ProcessState>(
                effectHandler: ProcessEffects(service: InMemoryProcessService()),
                eventSource: events
            )
            weakStore = store
            weakEvents = events
            weakToken = events.subscription
            XCTAssertNotNil(weakToken, "the source subscribed while the store was created")
        }

        XCTAssertNil(weakStore, "nothing keeps the process store alive")
        XCTAssertNil(weakEvents, "the session store's subscriber does not keep the source alive")
        XCTAssertNil(weakToken, "the subscription went away with the source")

        // The session store outlives them and keeps working.
        sessionStore.dispatch(event: .logOut)
        XCTAssertEqual(sessionStore.state, .loggedOut)
    }
}
