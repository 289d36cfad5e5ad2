import EffectStore
import EffectStoreTesting
import Foundation
import RecruitmentProcess
import Testing

/// The recruitment feature tested with Swift Testing, the framework of a new Swift 6 package: the same toolkit as the
/// XCTest files beside this one, with failures recorded as Swift Testing issues. (`.capturingIssues` is for the
/// package's own check that a wrong expectation fails, below; a feature's tests do not need it.)
@Suite("ProcessState, in Swift Testing", .capturingIssues)
struct ProcessStateSwiftTestingTests {
    private let processes = Process.examples

    @Test func fetch_answeredWithProcesses_endsLoaded() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))
        store.complete(.work(.downloadProcesses), with: .load(processes: processes)) { $0 = .loaded(processes) }

        store.finish()
    }

    @Test func logOut_whileLoading_cancelsTheDownload() {
        let store = TestStore(initialState: ProcessState.idle)

        store.send(.fetchProcesses) { $0 = .loading }
        store.receiveEffect(.work(.downloadProcesses))
        store.send(.userDidLogOut) { $0 = .idle }
        store.receiveCancellation(of: .work(.downloadProcesses))
        #expect(store.inFlightEffects.isEmpty)

        store.finish()
    }

    @Test func fetch_whenTheDownloadFails_showsTheReasonAndARetryLoads() {
        assertTrace(
            given: ProcessState.idle,
            [
                .when(.fetchProcesses, then: .loading, effect: .startDownload),
                .when(.failed(reason: "Network unreachable"), then: .error("Network unreachable")),
                .when(.fetchProcesses, then: .loading, effect: .startDownload),
                .when(.load(processes: processes), then: .loaded(processes)),
            ])
    }

    /// A wrong expectation records an issue, which fails the test; here the issue is captured and checked instead.
    @Test func aWrongExpectation_isRecordedAsAnIssue() {
        let issues = recordedIssues {
            let store = TestStore(initialState: ProcessState.idle)
            store.send(.fetchProcesses) { $0 = .loaded([]) }
            store.receiveEffect(.work(.downloadProcesses))
            store.complete(.work(.downloadProcesses), with: .load(processes: processes)) { $0 = .loaded(processes) }
            store.finish()
        }
        #expect(issues.map { $0.comments.map(\.rawValue).joined() } == [
            """
            TestStore<ProcessState>: the state after send(.fetchProcesses) is not the one expected:
              expected .loaded([]), actual .loading
            """
        ])
    }

    @Test func downloadProcesses_answersWithTheServicesProcesses() async {
        let service = InMemoryProcessService(processes: Process.examples)
        let effects = ProcessEffects(service: service)

        await assertEffect(.work(.downloadProcesses), on: effects, answers: .load(processes: Process.examples))

        #expect(service.callCount == 1)
    }

    @Test func theDemoSession_replaysIntoProcessState() {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/demo-session.json")
        assertReplayMatchesRecording(ofSessionAt: fixture, as: ProcessState.self)
    }
}
