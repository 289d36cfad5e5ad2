import EffectStore
import EffectStoreLogging
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStoreSessions

/// `PlannedSignUp` before its secret was declared: the same file shape, the same logic, no redaction.
struct UndeclaredSignUp: State, Equatable, Codable {
    var password = ""
    typealias Event = PlannedSignUp.Event
    typealias Effect = PlannedSignUp.Effect
    static var initialState: UndeclaredSignUp { UndeclaredSignUp() }
    mutating func handle(event: Event) -> Effect? {
        var form = PlannedSignUp(password: password)
        defer { password = form.password }
        return form.handle(event: event)
    }
}

/// `PlannedSignUp`'s declaration over logic that has changed since the recording: it keeps the password trimmed.
struct TrimmingSignUp: SessionRedacting, Equatable, Codable {
    var password = ""
    typealias Event = PlannedSignUp.Event
    typealias Effect = PlannedSignUp.Effect
    static var initialState: TrimmingSignUp { TrimmingSignUp() }
    mutating func handle(event: Event) -> Effect? {
        guard case .passwordChanged(let typed) = event else { return nil }
        password = String(typed.dropLast())
        return Effect.work(.checkStrength(typed)).cancellable(id: "strength", cancelInFlight: true)
    }
    static var sessionRedaction: SessionRedaction<TrimmingSignUp> {
        SessionRedaction().replacing(\.password, with: "•••").events { _ in .passwordChanged("•••") }
    }
}

/// Issue 41, fix 1: a session read back from a file is scrubbed by declaring its secret and writing it again.
final class SessionRewriteTests: XCTestCase {
    private let secret = "hunter2-secret"

    /// A session recorded before the secret was declared: three password changes, the secret in every one.
    private func oldFile() throws -> Data {
        let store = Store<UndeclaredSignUp>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store)
        for suffix in ["1", "2", "3"] {
            _ = store.dispatch(event: .passwordChanged(secret + suffix)).wait(timeout: .seconds(5))
        }
        recorder.stop()
        let data = try recorder.log.jsonData()
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains(secret), "the old file holds its secret")
        return data
    }

    /// Failed before: the entries between keyframes kept their recorded changes, and every entry its effect's recorded
    /// form (a plan, which a file holds as its form only), copied verbatim, so the secret stayed in the new file.
    func test_writingAReadBackSession_appliesTheDeclaredRedaction_toItsChangesAndEffects() throws {
        let readBack = try SessionLog<PlannedSignUp>(jsonData: try oldFile())
        XCTAssertEqual(readBack.entries.map { $0.state == nil }, [true, true, false], "keyframes: the last only")

        let scrubbed = try readBack.jsonData()
        let text = String(decoding: scrubbed, as: UTF8.self)
        XCTAssertFalse(text.contains(secret), "the secret is in the rewritten file: \(text)")
        XCTAssertTrue(text.contains("checkStrength(\\\"•••\\\")"), text)

        // The scrubbed file still records the same session: its replay matches its states. Its effect's plan has an
        // id that is not Codable, so the replay says, once, that it could not compare it — and it says so redacted.
        let rewritten = try SessionLog<PlannedSignUp>(jsonData: scrubbed)
        XCTAssertEqual(rewritten.entries.count, 3)
        let failures = TestFailureCollector()
        let capture = StandardOutputCapture()
        assertReplayMatchesRecording(rewritten, reporter: failures.reporter)
        let note = capture.end()
        XCTAssertEqual(failures.messages, [])
        XCTAssertTrue(note.contains("states match; some of its effects were not compared"), note)
        XCTAssertFalse(note.contains(secret), note)
    }

    /// When today's logic no longer gives back what the file recorded between keyframes, the write is refused rather
    /// than keeping the secret or writing another session; the error names the entry and holds none of its values.
    func test_writingAReadBackSession_whoseLogicChanged_isRefusedWithoutTheSecret() throws {
        let readBack = try SessionLog<TrimmingSignUp>(jsonData: try oldFile())
        XCTAssertThrowsError(try readBack.jsonData()) { error in
            let text = String(reflecting: error)
            XCTAssertTrue(text.contains("entry 0"), text)
            XCTAssertTrue(text.contains("To fix"), text)
            XCTAssertFalse(text.contains(self.secret), text)
        }
    }
}
