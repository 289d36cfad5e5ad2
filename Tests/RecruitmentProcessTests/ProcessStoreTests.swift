import EffectStore
import EffectStoreTesting
import RecruitmentProcess
import XCTest

/// The whole loop: a real `Store`, real `ProcessEffects` and `ProcessEvents`, the in-memory service.
final class ProcessStoreTests: XCTestCase {
    private var service: InMemoryProcessService!
    private var sessionStore: Store<SessionState>!
    private var store: Store<ProcessState>!

    override func setUp() {
        super.setUp()
        service = InMemoryProcessService(processes: Process.examples, latency: .milliseconds(20))
        sessionStore = Store(initialState: .loggedIn(user: "ana"))
        store = makeProcessStore(service: service, sessionStore: sessionStore)
    }

    override func tearDown() {
        store = nil
        sessionStore = nil
        service = nil
        super.tearDown()
    }

    func test_fetchProcesses_whenTheServiceAnswers_endsLoaded() {
        let fetch = store.dispatch(event: .fetchProcesses)
        XCTAssertEqual(store.state, .loading, "dispatch handles the event before it returns")

        XCTAssertEqual(fetch.wait(timeout: .seconds(5)), .loaded(Process.examples))
        XCTAssertEqual(store.state, .loaded(Process.examples))
        XCTAssertEqual(service.callCount, 1)
    }

    func test_fetchProcesses_afterAFailure_retrySucceeds() {
        service.failNext(1, message: "Network unreachable")

        XCTAssertEqual(store.dispatch(event: .fetchProcesses).wait(timeout: .seconds(5)), .error("Network unreachable"))
        XCTAssertEqual(store.dispatch(event: .fetchProcesses).wait(timeout: .seconds(5)), .loaded(Process.examples))
        XCTAssertEqual(service.callCount, 2)
    }

    func test_subscriber_seesIdleThenLoadingThenLoaded() {
        let states = Recorder<ProcessState>()
        let token = store.subscribe { states.append($0) }

        XCTAssertNotNil(store.dispatch(event: .fetchProcesses).wait(timeout: .seconds(5)))

        XCTAssertEqual(states.values, [.idle, .loading, .loaded(Process.examples)])
        token.cancel()
    }

    func test_fetchProcesses_whileLoading_doesNotCallTheServiceAgain() {
        service.holdAnswers()
        let first = store.dispatch(event: .fetchProcesses)
        let second = store.dispatch(event: .fetchProcesses)

        XCTAssertTrue(second.isResolved, "an ignored event starts no chain")
        XCTAssertEqual(second.wait(timeout: .seconds(5)), .loading)
        XCTAssertEqual(service.callCount, 1)

        service.releaseAnswers()
        XCTAssertEqual(first.wait(timeout: .seconds(5)), .loaded(Process.examples))
        XCTAssertEqual(service.callCount, 1)
    }

    func test_logOut_whileLoading_endsIdleAndIgnoresTheLateAnswer() {
        let states = Recorder<ProcessState>()
        let backToIdle = expectation(description: "the process store goes back to idle")
        // Through `map`, which skips equal states: the late answer the store ignores is not a new state.
        let token = store.map { $0 }.subscribe { state in
            states.append(state)
            if states.values.count == 3, state == .idle { backToIdle.fulfill() }
        }
        service.holdAnswers()
        let fetch = store.dispatch(event: .fetchProcesses)
        XCTAssertEqual(store.state, .loading)

        sessionStore.dispatch(event: .logOut)  // `userDidLogOut` reaches the process store asynchronously
        wait(for: [backToIdle], timeout: 5)
        service.releaseAnswers()  // the download answers after the log-out

        XCTAssertEqual(fetch.wait(timeout: .seconds(5)), .idle, "the chain ends with the late answer, which is ignored")
        XCTAssertEqual(store.state, .idle)
        XCTAssertEqual(states.values, [.idle, .loading, .idle])
        XCTAssertEqual(service.callCount, 1)
        token.cancel()
    }
}
