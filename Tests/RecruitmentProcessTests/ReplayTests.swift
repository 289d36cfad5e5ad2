import EffectStore
import EffectStoreSessions
import EffectStoreTesting
import Foundation
import RecruitmentProcess
import XCTest

/// A session recorded from `swift run recruitment-demo --record …` — a failed download, a retry that loads, a
/// log-out from the session store — replayed into today's `ProcessState`: a recorded session as a regression test.
final class ReplayTests: XCTestCase {
    /// `Fixtures/` next to this file: found from `#filePath`, so it does not depend on the working directory.
    private func fixture(_ name: String, file: StaticString = #filePath) -> URL {
        URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    func test_demoSession_replaysIntoProcessState_reproducingEveryRecordedState() {
        assertReplayMatchesRecording(ofSessionAt: fixture("demo-session.json"), as: ProcessState.self)
    }

    /// The same session as an earlier version wrote it (format 1, every state whole) still reads and replays.
    func test_demoSessionOfFormatOne_stillReplays() throws {
        assertReplayMatchesRecording(ofSessionAt: fixture("demo-session-format1.json"), as: ProcessState.self)
        let session = try SessionLog<ProcessState>(contentsOf: fixture("demo-session-format1.json"))
        XCTAssertEqual(session.entries.compactMap(\.state).count, 5, "format 1 holds every state")
    }

    /// The demo's effects — a download under an id, its cancellation — are recorded in a form a replay compares.
    func test_demoSession_recordsItsPlans_inAFormTheReplayCompares() throws {
        let session = try SessionLog<ProcessState>(contentsOf: fixture("demo-session.json"))
        XCTAssertEqual(session.entries.first?.effectDescription, "downloadProcesses.cancellable(id: download)")
        XCTAssertNil(session.effectComparisonNote, "every effect and id of the demo is Codable")
        XCTAssertNotNil(session.entries.first?.recordedComparableEffect?.form)
    }

    func test_demoSession_holdsTheEffectAnswersAndTheEventSourceEvent() throws {
        let session = try SessionLog<ProcessState>(contentsOf: fixture("demo-session.json"))

        XCTAssertEqual(session.initialState, .idle)
        XCTAssertEqual(session.entries.map(\.origin), [.dispatch, .effect, .dispatch, .effect, .eventSource])
        XCTAssertEqual(
            session.entries.map(\.event),
            [
                .fetchProcesses, .failed(reason: "Network unreachable"), .fetchProcesses,
                .load(processes: Process.examples), .userDidLogOut,
            ])
        XCTAssertEqual(session.replay().map(\.effect), [.startDownload, nil, .startDownload, nil, nil])
        XCTAssertFalse(session.hasDroppedEntries)
    }

    func test_replayOfTheDemoSession_withChangedStateLogic_reportsTheFirstDivergentStep() throws {
        let session = try SessionLog<ProcessState>(contentsOf: fixture("demo-session.json"))
        // The same session, as if `handle(event:)` now kept the list on log-out: the recorded states no longer
        // follow. (Rewriting the recording stands in for changing the logic, which a test cannot do.)
        var edited = session
        edited.entries[4].state = .loaded(Process.examples)
        let failures = Recorder<String>()

        assertReplayMatchesRecording(
            edited,
            reporter: TestFailureReporter { message, _, _ in
                failures.append(message)
            })

        let messages = failures.values
        XCTAssertEqual(messages.count, 1, "only the first divergent step is reported")
        XCTAssertTrue(
            messages.first?.hasPrefix("Replay of a recorded ProcessState session diverges at entry 5 of 5")
                ?? false, messages.first ?? "")
    }

    func test_recordedLiveSession_replaysIdentically() {
        let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
        let service = InMemoryProcessService(processes: Process.examples, latency: .milliseconds(5))
        let store = makeProcessStore(service: service, sessionStore: sessionStore)
        let recorder = SessionRecorder(recording: store)

        let loaded = expectation(description: "loaded")
        store.dispatch(event: .fetchProcesses).onComplete { _ in loaded.fulfill() }
        wait(for: [loaded], timeout: 2)

        XCTAssertEqual(recorder.log.finalState, .loaded(Process.examples))
        assertReplayMatchesRecording(recorder.log)
    }
}
