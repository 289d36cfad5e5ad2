import EffectStore
import XCTest

@testable import RecruitmentProcess

/// `ProcessEvents` turns a log-out of the session into `userDidLogOut`, and goes away with its process store.
final class ProcessEventsTests: XCTestCase {
    func test_configure_whenTheSessionStartsLoggedOut_dispatchesNothing() {
        let sessionStore = Store<SessionState>(initialState: .loggedOut)
        let events = ProcessEvents(sessionStore: sessionStore)
        let dispatched = Recorder<ProcessState.Event>()

        events.configureEventSource { dispatched.append($0) }
        sessionStore.dispatch(event: .logOut)  // ignored by the session: still logged out

        XCTAssertEqual(dispatched.values, [])
    }

    func test_logInThenLogOut_dispatchesUserDidLogOutExactlyOnce() {
        let sessionStore = Store<SessionState>(initialState: .loggedOut)
        let events = ProcessEvents(sessionStore: sessionStore)
        let dispatched = Recorder<ProcessState.Event>()
        events.configureEventSource { dispatched.append($0) }

        // The subscriber runs inside `dispatch` (called from outside any store), so these are synchronous.
        sessionStore.dispatch(event: .logIn(user: "ana"))
        XCTAssertEqual(dispatched.values, [])
        sessionStore.dispatch(event: .logOut)
        sessionStore.dispatch(event: .logOut)

        XCTAssertEqual(dispatched.values, [.userDidLogOut])
    }

    func test_configure_whenTheSessionStartsLoggedIn_dispatchesOnlyAtLogOut() {
        let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
        let events = ProcessEvents(sessionStore: sessionStore)
        let dispatched = Recorder<ProcessState.Event>()

        events.configureEventSource { dispatched.append($0) }
        XCTAssertEqual(dispatched.values, [])
        sessionStore.dispatch(event: .logOut)
        sessionStore.dispatch(event: .logIn(user: "bob"))
        sessionStore.dispatch(event: .logOut)

        XCTAssertEqual(dispatched.values, [.userDidLogOut, .userDidLogOut])
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
