import EffectStore
import EffectStoreLogging
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStoreSessions

/// A password form whose strength check is a plan: the check is cancelled when the password changes again.
struct PlannedSignUp: SessionRedacting, Equatable, Codable {
    var password = ""

    enum Event: Sendable, Equatable, Codable {
        case passwordChanged(String)
    }

    enum Work: Sendable, Equatable {
        case checkStrength(String)
    }
    typealias Effect = Planned<Work>

    static var initialState: PlannedSignUp { PlannedSignUp() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .passwordChanged(let password):
            self.password = password
            return Effect.work(.checkStrength(password)).cancellable(id: "strength", cancelInFlight: true)
        }
    }

    /// The redaction as the docs write it: it matches the effect, not the plan around it.
    static var sessionRedaction: SessionRedaction<PlannedSignUp> {
        SessionRedaction()
            .replacing(\.password, with: "•••")
            .events { event in
                guard case .passwordChanged = event else { return event }
                return .passwordChanged("•••")
            }
            .effects { effect in
                guard case .work(.checkStrength) = effect else { return effect }
                return .work(.checkStrength("•••"))
            }
    }
}

/// A clock that moves by a quarter second: a change finer than `Date`'s description.
struct QuarterClock: State, Equatable, Codable {
    var now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    enum Event: Sendable, Equatable, Codable { case tick }
    typealias Effect = Never
    static var initialState: QuarterClock { QuarterClock() }
    mutating func handle(event: Event) -> Never? {
        now += 0.25
        return nil
    }
}

/// The same clock, read from the same files, whose logic has regressed to half a second.
struct HalfClock: State, Equatable, Codable {
    var now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    typealias Event = QuarterClock.Event
    typealias Effect = Never
    static var initialState: HalfClock { HalfClock() }
    mutating func handle(event: Event) -> Never? {
        now += 0.5
        return nil
    }
}

/// Issue 41: what left the program with a secret in it, or wrote a file the reader refuses, or missed a change.
/// Each test failed before its fix.
final class SessionTrustTests: XCTestCase {
    private let secret = "hunter2-secret"

    private func assertNoSecret(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.contains(secret), "the secret is in the \(what): \(text)", file: file, line: line)
    }

    /// Fix 8. Failed before: the redaction got `.plan(.cancellable(.checkStrength(secret), …))` whole, its
    /// `guard case .checkStrength` did not match, and the secret reached the recorder's log and the file.
    func test_effectRedaction_seesThroughPlans() throws {
        let redacted = PlannedSignUp.sessionRedaction.redacted(
            effect: PlannedSignUp.Effect.work(.checkStrength(secret)).cancellable(id: "strength", cancelInFlight: true))
        XCTAssertEqual(
            redacted, PlannedSignUp.Effect.work(.checkStrength("•••")).cancellable(id: "strength", cancelInFlight: true)
        )

        let store = Store<PlannedSignUp>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store)
        _ = store.dispatch(event: .passwordChanged(secret)).wait(timeout: .seconds(5))
        recorder.stop()
        let log = recorder.log
        XCTAssertEqual(log.entries.count, 1)
        assertNoSecret(String(describing: log.entries.map(\.effect)), "recorded effect")
        assertNoSecret(String(decoding: try log.jsonData(), as: UTF8.self), "session file")
    }

    /// Fix 2. Failed before: only the replayed side was redacted, so a log that holds its secret (made by hand, or
    /// kept in memory) diverged at once, and the failure printed the secret, in its `handled in:` line too.
    func test_aLogHoldingItsSecret_replaysAsItsFileWould_andAFailureNeverPrintsTheSecret() {
        let time = Date(timeIntervalSinceReferenceDate: 0)
        var typed = PlannedSignUp()
        typed.password = secret
        let matching = SessionLog<PlannedSignUp>(
            initialState: PlannedSignUp(),
            entries: [
                .init(
                    sequenceNumber: 1, time: time, origin: .dispatch, event: .passwordChanged(secret), state: typed,
                    effect: PlannedSignUp.Effect.work(.checkStrength(secret)).cancellable(
                        id: "strength", cancelInFlight: true))
            ])
        XCTAssertTrue(matching.replay().allSatisfy(\.matchesRecording))
        let none = TestFailureCollector()
        assertReplayMatchesRecording(matching, reporter: none.reporter)
        XCTAssertEqual(none.messages, [])

        // A log whose second entry records no effect where the logic asks for one: the failure names the event, the
        // state it was handled in and both effects, without the secret.
        var diverging = matching
        diverging.entries.append(
            .init(
                sequenceNumber: 2, time: time, origin: .dispatch, event: .passwordChanged(secret), state: typed,
                effect: nil))
        let failures = TestFailureCollector()
        assertReplayMatchesRecording(diverging, reporter: failures.reporter)
        XCTAssertEqual(failures.messages.count, 1)
        for message in failures.messages {
            XCTAssertTrue(message.contains("diverges at entry 2"), message)
            assertNoSecret(message, "failure message")
        }
    }

    /// Fix 3. Failed before: the error of a write that fails held the whole entry, event and all, unredacted.
    func test_aWriteThatFails_saysWhichEntry_andHoldsNoValueOfIt() {
        var entry = SessionLog<PlannedSignUp>.Entry(
            sequenceNumber: 1, time: Date(timeIntervalSinceReferenceDate: 0), origin: .dispatch,
            event: .passwordChanged(secret), state: PlannedSignUp(password: secret))
        entry.state = nil
        let log = SessionLog(initialState: PlannedSignUp(), entries: [entry])
        XCTAssertThrowsError(try log.jsonData()) { error in
            let text = String(reflecting: error)
            XCTAssertTrue(text.contains("entry 0"), text)
            assertNoSecret(text, "error")
        }
    }

    /// Fix 5. Failed before: a time of NaN or infinity was written as `nan` or `inf`, a file the reader then refused as
    /// "not valid JSON". Now the write refuses, saying which entry and why, and writes no file.
    func test_aNonFiniteTime_isRefusedByTheWrite_neverWrittenAsAFileTheReaderRefuses() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for time in [Double.nan, .infinity, -.infinity] {
            let log = SessionLog<QuarterClock>(
                initialState: QuarterClock(),
                entries: [
                    .init(
                        sequenceNumber: 1, time: Date(timeIntervalSinceReferenceDate: time), origin: .dispatch,
                        event: .tick, state: QuarterClock())
                ])
            let url = directory.appendingPathComponent("session.json")
            do {
                try log.write(to: url)
            } catch {
                XCTAssertTrue(String(describing: error).contains("entry 0 (#1) has the time"), "\(error)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
                continue
            }
            XCTAssertNoThrow(try SessionLog<QuarterClock>(contentsOf: url), "time \(time)")
        }
    }

    /// Fix 6. Failed before: the check read the first copy of `"entries"`, the page (and JavaScript) the last, so a
    /// hostile file showed entries that were never checked.
    func test_aFileWithAKeyTwice_isRefusedByThePageAndByTheReader() throws {
        let store = Store<QuarterClock>()
        let recorder = SessionRecorder(recording: store)
        _ = store.dispatch(event: .tick).wait(timeout: .seconds(5))
        recorder.stop()
        let text = String(decoding: try recorder.log.jsonData(), as: UTF8.self)
        guard let end = text.lastIndex(of: "}") else { return XCTFail("no JSON object: \(text)") }
        let hostile =
            text[..<end] + #","entries":[{"sequenceNumber":9,"time":0,"origin":"dispatch","event":{"tick":{}},"#
            + #""changes":[{"p":[],"op":"set","to":{"v":"<script>alert(1)</script>"}}]}]}"#
        XCTAssertThrowsError(try SessionInspector.page(forSessionJSON: Data(hostile.utf8), title: "t")) { error in
            XCTAssertTrue(String(describing: error).contains("the key \"entries\" twice"), "\(error)")
        }
        XCTAssertThrowsError(try SessionLog<QuarterClock>(jsonData: Data(hostile.utf8))) { error in
            XCTAssertTrue(String(describing: error).contains("\"entries\" twice"), "\(error)")
        }
        // An escaped spelling of the key is the same key.
        let escaped = hostile.replacingOccurrences(
            of: #","entries":[{"sequenceNumber":9"#, with: #","entri\u0065s":[{"sequenceNumber":9"#)
        XCTAssertThrowsError(try SessionInspector.page(forSessionJSON: Data(escaped.utf8), title: "t"))
        // The file as written still opens.
        XCTAssertNoThrow(try SessionInspector.page(forSessionJSON: Data(text.utf8), title: "t"))
    }

    /// Fix 4. Failed before: values were compared by their description, so a `Date` a quarter second later was no
    /// change (`"changes": []`), and a regression in it was reported at the next keyframe, not where it happened.
    func test_aChangeFinerThanItsDescription_isRecorded_andARegressionIsFoundAtItsEntry() throws {
        let store = Store<QuarterClock>()
        let recorder = SessionRecorder(recording: store)
        for _ in 0..<3 { _ = store.dispatch(event: .tick).wait(timeout: .seconds(5)) }
        recorder.stop()
        let data = try recorder.log.jsonData()
        let file = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = file?["entries"] as? [[String: Any]] ?? []
        XCTAssertEqual(entries.count, 3)
        XCTAssertEqual((entries.first?["changes"] as? [Any])?.count, 1, "\(entries.first ?? [:])")

        XCTAssertTrue(try SessionLog<QuarterClock>(jsonData: data).replay().allSatisfy(\.matchesRecording))
        let regressed = try SessionLog<HalfClock>(jsonData: data).replay()
        XCTAssertEqual(regressed.first { !$0.matchesRecording }?.index, 0)

        // A test's diff says so too, with what tells the values apart.
        var later = QuarterClock()
        later.now += 0.25
        let lines = StructuralDiff.lines(expected: QuarterClock(), actual: later)
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("(encoded 800000000.25)") == true, "\(lines)")
    }

    /// Fix 9. Failed before: the transition logger wrote the declared secret in clear — in the event, the state's
    /// changes and the effect inside its plan — into whatever the sink was, production logs included.
    func test_theTransitionLogger_appliesTheDeclaredRedaction() {
        let lines = LockedLines()
        let store = Store<PlannedSignUp>(effectHandler: NoAnswers())
        let logging = store.logTransitions(TransitionLogger(maxValueLength: 400, sink: LogSink { lines.append($0) }))
        _ = store.dispatch(event: .passwordChanged(secret)).wait(timeout: .seconds(5))
        logging.cancel()
        XCTAssertEqual(lines.all.count, 1)
        for line in lines.all {
            XCTAssertTrue(line.contains("passwordChanged(\"•••\")"), line)
            XCTAssertTrue(line.contains("checkStrength(\"•••\")"), line)
            assertNoSecret(line, "log line")
        }
    }
}

/// Lines a sink received, from the store's queue.
private final class LockedLines: Sendable {
    private let lines = LockedBox.make([String]())
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
