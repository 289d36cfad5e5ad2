import EffectStoreTesting
import RecruitmentProcess
import XCTest

private let processes = Process.examples

/// The loop with the test as the network: `TestStore` feeds each answer back into `ProcessState` the way a `Store`
/// does, but the test decides when each download answers and with what. No queues, no waiting.
///
/// The test store carries out `ProcessState`'s plans as a store does: the state asks for `.startDownload` (the
/// download, cancellable), the test receives the download itself, `.work(.downloadProcesses)`; a log-out's
/// `.cancelDownload` takes it out of flight, which the test confirms with `receiveCancellation(of:)`.
final class ProcessStateTestStoreTests: XCTestCase {
    func test_fetch_answeredWithProcesses_endsLoaded() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))
        store.complete(.work(.downloadProcesses), with: .load(processes: processes)) { $0 = .loaded(processes) }

        store.finish()
    }

    func test_fetch_answeredWithAFailure_thenRetried_endsLoaded() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))
        store.complete(.work(.downloadProcesses), with: .failed(reason: "Offline")) { $0 = .error("Offline") }

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))
        store.complete(.work(.downloadProcesses), with: .load(processes: processes)) { $0 = .loaded(processes) }

        store.finish()
    }

    func test_fetch_whileLoading_keepsOneDownloadInFlight() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))
        store.send(.fetchProcesses)  // ignored: no state change, no second effect
        XCTAssertEqual(store.inFlightEffects, [.work(.downloadProcesses)])

        store.complete(.work(.downloadProcesses), with: .load(processes: processes)) { $0 = .loaded(processes) }
        store.finish()
    }

    func test_logOut_whileLoading_cancelsTheDownload() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))
        store.send(.userDidLogOut) { $0 = .idle }
        store.receiveCancellation(of: .work(.downloadProcesses))  // a store would never hand its answer over
        XCTAssertEqual(store.inFlightEffects, [])

        store.finish()
    }

    func test_logOut_whenNotLoading_goesIdleWithNoEffect() {
        let store = TestStore(initialState: ProcessState.loaded(processes))

        store.send(.userDidLogOut) { $0 = .idle }

        store.finish()
    }

    /// Log out mid-flight, fetch again: the second download's answer shows. (That the first one's late answer can no
    /// longer be taken for it is the store's work, shown by `LogOutCancelsDownloadTests`.)
    func test_logOutMidFlight_thenFetchAgain_showsTheSecondAnswer() {
        let store = TestStore(initialState: ProcessState.idle)
        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))
        store.send(.userDidLogOut) { $0 = .idle }
        store.receiveCancellation(of: .work(.downloadProcesses))  // cancelled by the log-out
        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))
        XCTAssertEqual(store.inFlightEffects, [.work(.downloadProcesses)])

        store.complete(.work(.downloadProcesses), with: .load(processes: processes)) { $0 = .loaded(processes) }

        store.finish()
    }

    func test_finish_withADownloadStillInFlight_saysWhatIsLeftAndHowToFix() {
        let log = TestFailureCollector()
        let store = TestStore(initialState: ProcessState.idle, reporter: log.reporter)
        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))

        store.finish()

        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages.first?.contains("still in flight: .work(.downloadProcesses)") == true, "\(log.messages)")
        XCTAssertTrue(log.messages.first?.contains("To fix,") == true, "\(log.messages)")
    }
}
