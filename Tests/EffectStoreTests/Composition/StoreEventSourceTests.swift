import Dispatch
import EffectStore
import EffectStoreTesting
import XCTest

final class StoreEventSourceTests: XCTestCase {
    /// Flux: one session store, three feature stores kept in sync with it by one-line event sources.
    func test_storeEventSource_oneLogOutResetsEveryFeatureStoreExactlyOnce() async {
        let sessionStore = Store<StandInSession>(initialState: StandInSession(user: "ana"), effectHandler: NoAnswers())
        let features = (0..<3).map { _ in
            makeStandInProcessStore(sessionStore: sessionStore, service: StubStandInService())
        }
        let loaded = StandInProcessState.loaded(StubStandInService().processes)
        for feature in features {
            let state = await feature.dispatch(event: .fetchProcesses).value  // after the async download's answer
            XCTAssertEqual(state, loaded)
        }
        let recorders = features.map { _ in Recorder<StandInProcessState>() }
        let tokens = zip(features, recorders).map { feature, recorder in
            feature.map { $0 }.subscribe { recorder.append($0) }  // changes only
        }

        sessionStore.dispatch(event: .logOut)

        for recorder in recorders { waitUntil { recorder.count >= 2 } }
        sessionStore.dispatch(event: .logOut)  // already logged out: the session state does not change
        for feature in features { _ = await feature.dispatch(event: .userDidLogOut).value }  // a barrier per store
        for recorder in recorders {
            XCTAssertEqual(recorder.values, [loaded, .idle], "one reset each: nothing lost, nothing duplicated")
        }
        withExtendedLifetime(tokens) {}
    }

    func test_storeEventSource_seesTheCurrentStateFirst() {
        let sessionStore = Store<StandInSession>(effectHandler: NoAnswers())  // logged out
        let processStore = Store<StandInProcessState>(
            initialState: .loaded([]),
            effectHandler: NoAnswers(), eventSource: StoreEventSource(sessionStore) { $0.isLoggedIn ? nil : .userDidLogOut }
        )
        let reset = expectation(description: "reset for the current session state")
        let token = processStore.subscribe { if $0 == .idle { reset.fulfill() } }

        wait(for: [reset], timeout: 5)
        token.cancel()
    }

    /// A programmer error that stops with its message, which a release build keeps too (`fatalError`).
    func test_oneStoreEventSource_givenToTwoStores_stopsWithAMessage() {
        runInChildProcess(self, expectingCrashWith: "SessionListener.Event> was configured twice") {
            let sessionStore = Store<StandInSession>(effectHandler: NoAnswers())
            let source = StoreEventSource<SessionListener.Event>(sessionStore) { _ in nil }
            let first = Store<SessionListener>(eventSource: source)
            let second = Store<SessionListener>(eventSource: source)
            withExtendedLifetime((first, second)) {}
        }
    }

    func test_storeEventSource_keepsNeitherStoreAlive() {
        var sessionStore: Store<StandInSession>? = Store<StandInSession>(initialState: StandInSession(user: "ana"), effectHandler: NoAnswers())
        weak let weakSession = sessionStore
        var processStore: Store<StandInProcessState>? = makeStandInProcessStore(
            sessionStore: sessionStore!,
            service: StubStandInService()
        )
        weak let weakProcess = processStore

        sessionStore = nil
        XCTAssertNil(weakSession)
        processStore = nil
        XCTAssertNil(weakProcess)
    }
}

/// A state with no effects that hears the session store.
private struct SessionListener: State {
    enum Event: Sendable { case sessionChanged }
    typealias Effect = Never
    static var initialState: SessionListener { SessionListener() }
    mutating func handle(event: Event) -> Never? { nil }
}
