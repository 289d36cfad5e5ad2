import EffectStoreTesting
import RecruitmentProcess
import XCTest

private let processes = Process.examples
private let stale = [Process(id: "p-0", title: "Old opening", company: "Yesterday Inc.")]

/// The loop with the test as the network: `TestStore` feeds each answer back into `ProcessState` the way a `Store`
/// does, but the test decides when each download answers and with what. No queues, no waiting.
final class ProcessStateTestStoreTests: XCTestCase {
    func test_fetch_answeredWithProcesses_endsLoaded() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)
        store.complete(.downloadProcesses, with: .load(processes: processes)) { $0 = .loaded(processes) }

        store.finish()
    }

    func test_fetch_answeredWithAFailure_thenRetried_endsLoaded() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)
        store.complete(.downloadProcesses, with: .failed(reason: "Offline")) { $0 = .error("Offline") }

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)
        store.complete(.downloadProcesses, with: .load(processes: processes)) { $0 = .loaded(processes) }

        store.finish()
    }

    func test_fetch_whileLoading_keepsOneDownloadInFlight() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)
        store.send(.fetchProcesses)  // ignored: no state change, no second effect
        XCTAssertEqual(store.inFlightEffects, [.downloadProcesses])

        store.complete(.downloadProcesses, with: .load(processes: processes)) { $0 = .loaded(processes) }
        store.finish()
    }

    func test_logOut_beforeTheDownloadAnswers_theAnswerIsIgnored() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)
        store.send(.userDidLogOut) { $0 = .idle }
        store.complete(.downloadProcesses, with: .load(processes: processes))  // the state must not change

        store.finish()
    }

    /// Log out mid-flight, fetch again, and the *second* download answers first: its answer shows, and the first
    /// download's late answer is ignored because nothing is loading any more.
    func test_twoDownloadsInFlight_newerAnswersFirst_showsTheNewerAnswer() {
        let store = TestStore(initialState: ProcessState.idle)
        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)
        store.send(.userDidLogOut) { $0 = .idle }
        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)
        XCTAssertEqual(store.inFlightEffects, [.downloadProcesses, .downloadProcesses])

        store.complete(.downloadProcesses, with: .load(processes: processes)) { $0 = .loaded(processes) }
        store.complete(.downloadProcesses, with: .load(processes: stale))

        store.finish()
    }

    /// The same two downloads, answering in the other order: the first download's stale answer is taken as the
    /// answer to the second. This pins down the gap `ProcessState`'s documentation admits (telling the answers
    /// apart needs a request identifier); a fix will make this test fail, on purpose.
    func test_twoDownloadsInFlight_olderAnswersFirst_showsTheStaleAnswer() {
        let store = TestStore(initialState: ProcessState.idle)
        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)
        store.send(.userDidLogOut) { $0 = .idle }
        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)

        store.complete(.downloadProcesses, with: .load(processes: stale)) { $0 = .loaded(stale) }
        store.complete(.downloadProcesses, with: .load(processes: processes))  // too late: ignored

        store.finish()
    }

    func test_finish_withADownloadStillInFlight_saysWhatIsLeftAndHowToFix() {
        let log = TestFailureCollector()
        let store = TestStore(initialState: ProcessState.idle, reporter: log.reporter)
        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.downloadProcesses)

        store.finish()

        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages.first?.contains("still in flight: .downloadProcesses") == true, "\(log.messages)")
        XCTAssertTrue(log.messages.first?.contains("To fix,") == true, "\(log.messages)")
    }
}
