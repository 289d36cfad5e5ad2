import EffectStore
import EffectStoreSessions
import EffectStoreTesting
import Foundation
import XCTest

/// `assertReplayMatchesRecording`: passes on a faithful recording, reports the first divergent step otherwise.
final class ReplayAssertionTests: XCTestCase {
    /// A session of `Counter` as a store records it: three increments, the save's answer, an undo.
    private func recordedSession() -> SessionLog<Counter> {
        let store = Store<Counter>(initialState: Counter(count: 0), effectHandler: NoAnswers())
        store.enableUndo()
        let recorder = SessionRecorder(recording: store)
        store.dispatch(event: .increment)
        store.dispatch(event: .increment)
        store.dispatch(event: .saved)
        store.undo()
        // Every entry holding its state, as in a log made by hand: a recorder keeps keyframes and what changed.
        var log = recorder.log
        for step in log.replay() { log.entries[step.index].state = step.to }
        return log
    }

    func test_assertReplay_ofAFaithfulRecording_passes() {
        let failures = TestFailureCollector()
        let session = recordedSession()
        XCTAssertEqual(session.entries.count, 4)
        assertReplayMatchesRecording(session, reporter: failures.reporter)
        XCTAssertEqual(failures.messages, [])
    }

    func test_assertReplay_whenTheLogicChanged_reportsOnlyTheFirstDivergentStep_withEventStatesAndDiff() {
        var session = recordedSession()
        // What an older version of the logic recorded: it counted by two. Every later state diverges too.
        session.entries[1].state?.count += 1
        session.entries[2].state?.count += 1
        let failures = TestFailureCollector()

        assertReplayMatchesRecording(session, reporter: failures.reporter); let line = #line

        XCTAssertEqual(failures.failures.count, 1)
        XCTAssertEqual(failures.failures.first?.line, UInt(line))
        let message = failures.messages.first ?? ""
        XCTAssertTrue(
            message.hasPrefix("Replay of a recorded Counter session diverges at entry 2 of 4 (#2, dispatch):"),
            message)
        XCTAssertTrue(message.contains("  event: .increment\n"), message)
        XCTAssertTrue(message.contains("  diff:\n    .count: expected 3, actual 2"), message)
        XCTAssertTrue(message.contains("To fix, correct Counter.handle(event:) if this is a regression"), message)
    }

    /// A Codable session's failure writes the recording's inspector page and ends with where it is, at the step.
    func test_assertReplay_failing_writesTheInspectorPageOfTheRecording_andSaysWhereAtTheStep() throws {
        let store = Store<CodableCounter>()
        let recorder = SessionRecorder(recording: store)
        store.dispatch(event: .increment)
        store.dispatch(event: .increment)
        var session = recorder.log
        session.entries[1].state?.count = 7  // what an older logic recorded
        let failures = TestFailureCollector()

        assertReplayMatchesRecording(session, reporter: failures.reporter)

        let message = try XCTUnwrap(failures.messages.first)
        let note = try XCTUnwrap(message.split(separator: "\n").last)
        XCTAssertTrue(note.hasPrefix("  Look at the recording in a browser: "), message)
        XCTAssertTrue(note.hasSuffix(".html#step-2"), message)
        let path = String(note.dropFirst("  Look at the recording in a browser: ".count).dropLast("#step-2".count))
        let page = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.contains("2 transitions"), "the page of the recording, not of the replay")
        try FileManager.default.removeItem(atPath: path)
    }

    func test_assertReplay_failing_ofAStateThatIsNotCodable_writesNoPage() {
        var session = recordedSession()
        session.entries[1].state?.count += 1
        let failures = TestFailureCollector()
        assertReplayMatchesRecording(session, reporter: failures.reporter)
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertFalse(failures.messages.first?.contains("Look at the recording") ?? true)
    }

    func test_assertReplay_ofAFileThatIsNotASession_reportsWhatToDo() {
        let failures = TestFailureCollector()
        let url = URL(fileURLWithPath: "/nonexistent/session.json")
        assertReplayMatchesRecording(ofSessionAt: url, as: CodableCounter.self, reporter: failures.reporter)
        XCTAssertEqual(failures.failures.count, 1)
        XCTAssertTrue(failures.messages.first?.contains("To fix, check the path (relative to #filePath") ?? false)
    }
}

/// A Codable state, for the file-reading overload.
struct CodableCounter: State, Equatable, Codable {
    var count = 0
    enum Event: Sendable, Equatable, Codable { case increment }
    typealias Effect = Never
    static var initialState: CodableCounter { CodableCounter() }
    mutating func handle(event: Event) -> Never? {
        count += 1
        return nil
    }
}
