import EffectStore
import EffectStoreLogging
import EffectStoreSessions
import Foundation

/// Checks that replaying a recorded session into today's state logic reproduces every recorded state and effect: a
/// recorded session as a regression test.
///
/// The log is replayed with ``/EffectStoreSessions/SessionLog/replay()`` — the pure ``/EffectStore/State``, no store,
/// no effect handler: the events effects answered with come from the log. Where an entry records the effect (see
/// ``/EffectStoreSessions/SessionLog/Entry/hasRecordedEffect``) and the effect type is `Equatable`, the effect the
/// state returns now must equal the recorded one too, so logic that changed only which effects it asks for is caught.
/// At the **first** step whose replayed state or effect differs from the recorded one, it reports that step — its event, where the event came from, the state it was
/// handled in, the expected (recorded) and actual (replayed) states, and their structural diff — and stops:
/// later steps would only repeat the consequences.
///
/// ```swift
/// func test_demoSession_replaysIdentically() throws {
///     let session = try SessionLog<ProcessState>(contentsOf: fixtureURL("demo-session.json"))
///     assertReplayMatchesRecording(session)
/// }
/// ```
///
/// A failure reads:
///
/// ```text
/// Replay of a recorded ProcessState session diverges at entry 2 of 6 (#2, from an effect):
///   event: .failed(reason: "Network unreachable")
///   handled in: .loading
///   expected (recorded): .error("Network unreachable")
///   actual (replayed):   .idle
///   diff:
///     expected .error("Network unreachable"), actual .idle
/// The state logic no longer does what it did when the session was recorded. To fix, correct
/// ProcessState.handle(event:) if this is a regression, or record the session again if the new behaviour is
/// intended.
///   Look at the recording in a browser: /tmp/ProcessState-session-1A2B3C4D.html#step-2
/// ```
///
/// When the state and its events are `Codable`, the failure writes the recording's inspector page
/// (``/EffectStoreSessions/SessionInspector``) to a temporary file and ends with its path, at the diverging step.
///
/// - Parameters:
///   - log: The recorded session.
///   - reporter: Where a divergence is reported; the framework running the test by default (``TestFailureReporter/automatic``). Called at most once, on the calling thread.
///   - fileID: The file (as `#fileID`) a failure points at; the caller's by default.
///   - file: The file a failure points at; the caller's by default.
///   - line: The line a failure points at; the caller's by default.
///   - column: The column a failure points at; the caller's by default.
public func assertReplayMatchesRecording<S: State & Equatable>(
    _ log: SessionLog<S>,
    reporter: TestFailureReporter = .automatic,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
    let steps = log.replay()
    var uncompared: String?
    let lookout = RedactionsByType.Lookout()
    for step in steps {
        // A child's event or effect inside the step's is compared and shown as the child declares: the states around
        // it are looked into for the child when it holds a type not looked for yet.
        let shown: [Any] = [step.entry.event as Any?, step.entry.effect as Any?, step.effect as Any?].compactMap { $0 }
        NestedRedaction.learnDeclarations(showing: shown, in: [step.from, step.to], lookout: lookout)
        let stateDifference = step.recordedStateDifference
        let effectCheck = effectComparison(in: step)
        if case .notComparable(let reason) = effectCheck, uncompared == nil { uncompared = reason }
        if let stateDifference {
            reportStateDivergence(
                stateDifference, at: step, of: log, stepCount: steps.count, reporter: reporter,
                at: location)
            return
        }
        if case .differs = effectCheck {
            reportEffectDivergence(at: step, of: log, stepCount: steps.count, reporter: reporter, at: location)
            return
        }
    }
    if let uncompared = uncompared ?? log.effectComparisonNote {
        print(
            "assertReplayMatchesRecording: note: the recorded \(Describing.label(S.self, maxLength: 120)) session's "
                + "states match; some of its effects were not compared: \(uncompared). To have them compared, make "
                + "the effects and their ids Codable (and the effect type Equatable).")
    }
}

private func reportStateDivergence<S: State & Equatable>(
    _ difference: RecordedDifference<S>, at step: ReplayStep<S>, of log: SessionLog<S>, stepCount: Int,
    reporter: TestFailureReporter, at location: TestSourceLocation
) {
    let entry = step.entry
    let redaction = SessionLog<S>.declaredRedaction ?? SessionRedaction()
    let what = entry.event.map { Describing.value(redaction.redacted(event: $0)) } ?? "none (\(entry.origin.name))"
    var message =
        "Replay of a recorded \(Describing.label(S.self, maxLength: 120)) session diverges at entry "
        + "\(step.index + 1) of \(stepCount) (#\(entry.sequenceNumber), \(entry.origin.name)):\n"
    message += "  event: \(what)\n"
    message += "  handled in: \(Describing.value(redaction.redacted(step.from)))\n"
    switch difference {
    case .state(let recorded, let replayed):
        message += "  expected (recorded): \(Describing.value(recorded))\n"
        message += "  actual (replayed):   \(Describing.value(replayed))\n"
        message += "  diff:\n" + Describing.indented(StructuralDiff.describe(expected: recorded, actual: replayed))
    case .changes(let recorded, let replayed):
        func list(_ lines: [String]) -> String {
            lines.isEmpty ? " (no change)" : "\n" + lines.map { "    " + $0 }.joined(separator: "\n")
        }
        message += "  expected changes (recorded):" + list(recorded) + "\n"
        message += "  actual changes (replayed):" + list(replayed) + "\n"
        message += "  (the session file holds what changed at this entry, not the whole state)"
    }
    if log.hasDroppedEntries {
        message +=
            "\n  (the recording dropped its \(log.droppedEntryCount) oldest entries; the replay starts after "
            + "them)"
    }
    message +=
        "\nThe state logic no longer does what it did when the session was recorded. To fix, correct "
        + "\(Describing.label(S.self, maxLength: 120)).handle(event:) if this is a regression, or record the session "
        + "again if the new behaviour is intended."
    message += inspectorPageNote(for: log, at: step.index + 1)
    reporter.report(message, at: location)
}

/// Writes the recording's inspector page (see ``/EffectStoreSessions/SessionInspector``) to a temporary file and says
/// where, at the diverging step: "\n  Look at the recording: …/Counter-session-….html#step-2". Empty when the log
/// cannot be written as JSON (a state or an event that is not `Codable`), or the file cannot be written.
private func inspectorPageNote<S: State>(for log: SessionLog<S>, at step: Int) -> String {
    guard let encodable = log as? any Encodable else { return "" }
    do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let name = Describing.label(S.self, maxLength: 60).filter { $0.isLetter || $0.isNumber }
        let page = try SessionInspector.page(
            forSessionJSON: try encoder.encode(encodable), title: "Recorded \(name) session")
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-session-\(UUID().uuidString.prefix(8)).html")
        try Data(page.utf8).write(to: url, options: .atomic)
        return "\n  Look at the recording in a browser: \(url.path)#step-\(step)"
    } catch {
        return ""
    }
}

/// Reads a recorded session from a JSON file and checks that its replay matches the recording; see
/// ``assertReplayMatchesRecording(_:reporter:fileID:file:line:column:)``.
///
/// ```swift
/// let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
/// assertReplayMatchesRecording(ofSessionAt: fixtures.appendingPathComponent("demo-session.json"),
///                              as: ProcessState.self)
/// ```
///
/// - Parameters:
///   - url: A JSON file written by ``/EffectStoreSessions/SessionLog/write(to:)``.
///   - type: The state type the session was recorded with.
///   - reporter: Where a failure is reported — the divergence, or a file that cannot be read as such a session;
///     the framework running the test by default (``TestFailureReporter/automatic``). Called at most once, on the calling thread.
///   - fileID: The file (as `#fileID`) a failure points at; the caller's by default.
///   - file: The file a failure points at; the caller's by default.
///   - line: The line a failure points at; the caller's by default.
///   - column: The column a failure points at; the caller's by default.
public func assertReplayMatchesRecording<S: State & Equatable & Codable>(
    ofSessionAt url: URL,
    as type: S.Type,
    reporter: TestFailureReporter = .automatic,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) where S.Event: Codable {
    let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
    let log: SessionLog<S>
    do {
        log = try SessionLog<S>(contentsOf: url)
    } catch {
        reporter.report(
            "Could not read a recorded \(Describing.label(S.self, maxLength: 120)) session from \(url.path): "
                + "\(error). To fix, check the path (relative to #filePath, not to the working directory), or "
                + "record the session again with SessionRecorder and SessionLog.write(to:).",
            at: location
        )
        return
    }
    assertReplayMatchesRecording(log, reporter: reporter, fileID: fileID, file: file, line: line, column: column)
}

/// What comparing a step's recorded effect with the replayed one found.
private enum EffectComparison {
    case same, differs, notComparable(String)
}

/// Compares the effect the step's entry records with the one the state returns now: by `==` for an effect the entry
/// holds as a value, by their recorded forms (effects and ids encoded, with their types' names) for one read from a
/// file; neither where a part is not `Codable` or the type not `Equatable`.
private func effectComparison<S: State>(in step: ReplayStep<S>) -> EffectComparison {
    let entry = step.entry
    guard entry.hasRecordedEffect, entry.event != nil else { return .same }
    let redaction = SessionLog<S>.declaredRedaction ?? SessionRedaction()
    let replayed = step.effect.map { redaction.redacted(effect: $0) }
    if let recorded = entry.recordedComparableEffect {
        guard let replayed else { return .differs }
        guard let recordedForm = recorded.form else { return .notComparable(recorded.reason) }
        let replayedRecord = EffectRecord(replayed)
        guard let replayedForm = replayedRecord.comparable else {
            return .notComparable(replayedRecord.reason ?? "an effect is not Codable")
        }
        return recordedForm == replayedForm ? .same : .differs
    }
    switch (entry.effect.map { redaction.redacted(effect: $0) }, replayed) {
    case (nil, nil): return .same
    case (nil, _), (_, nil): return .differs
    case (let recorded?, let replayed?):
        guard let equatable = recorded as? any Equatable else {
            return .notComparable("\(Describing.label(S.Effect.self, maxLength: 80)) is not Equatable")
        }
        return equatable.isEqual(toValue: replayed) ? .same : .differs
    }
}

extension Equatable {
    /// `self == other`, when `other` is a `Self`.
    fileprivate func isEqual(toValue other: Any) -> Bool { (other as? Self) == self }
}

private func reportEffectDivergence<S: State>(
    at step: ReplayStep<S>, of log: SessionLog<S>, stepCount: Int, reporter: TestFailureReporter,
    at location: TestSourceLocation
) {
    let entry = step.entry
    let name = Describing.label(S.self, maxLength: 120)
    let redaction = SessionLog<S>.declaredRedaction ?? SessionRedaction()
    let recordedEffect = entry.effect.map { redaction.redacted(effect: $0) }
    let replayedEffect = step.effect.map { redaction.redacted(effect: $0) }
    var message =
        "Replay of a recorded \(name) session diverges at entry \(step.index + 1) of \(stepCount) "
        + "(#\(entry.sequenceNumber), \(entry.origin.name)): the state is the same, the effect is not:\n"
    message += "  event: \(entry.event.map { Describing.value(redaction.redacted(event: $0)) } ?? "none")\n"
    message += "  handled in: \(Describing.value(redaction.redacted(step.from)))\n"
    // An effect read from a file is known by its recorded text: the replayed one is written the same way.
    let fromFile = entry.effect == nil && entry.effectDescription != nil
    let recorded = fromFile ? entry.effectDescription.map { "." + $0 } : describeEffect(recordedEffect)
    let replayed = fromFile ? replayedEffect.map { "." + EffectRecord($0).text } : describeEffect(replayedEffect)
    message += "  expected effect (recorded): \(recorded ?? "none")\n"
    message += "  actual effect (replayed):   \(replayed ?? "none")"
    if let recorded = recordedEffect, let replayed = replayedEffect {
        message += "\n  diff:\n" + Describing.indented(StructuralDiff.describe(expected: recorded, actual: replayed))
    } else if fromFile, recorded == replayed, let form = entry.recordedComparableEffect?.form,
        let effect = replayedEffect
    {
        // The same text, another value: show both recorded forms, ids with their types.
        let replayedForm = EffectRecord(effect).comparable?.jsonData ?? Data()
        message += "\n  recorded form: \(String(decoding: form.jsonData, as: UTF8.self))"
        message += "\n  replayed form: \(String(decoding: replayedForm, as: UTF8.self))"
    }
    message +=
        "\nThe state logic no longer asks for the effects it asked for when the session was recorded. To fix, "
        + "correct \(name).handle(event:) if this is a regression, or record the session again if the new behaviour "
        + "is intended."
    message += inspectorPageNote(for: log, at: step.index + 1)
    reporter.report(message, at: location)
}
