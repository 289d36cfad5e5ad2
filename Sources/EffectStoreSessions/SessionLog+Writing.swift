import EffectStore
import EffectStoreLogging
import Foundation

extension SessionLog {
    /// How many entries apart the keyframes of a session file are: the entries that hold the whole state, from which a
    /// replay checks the state with `==` and the inspector's page starts.
    static var keyframeInterval: Int { 500 }

    /// The redaction the state declares (``SessionRedacting``), if it declares one.
    package static var declaredRedaction: SessionRedaction<S>? { SessionRedaction.declared }

    /// Why a replay cannot compare some of the recorded effects — which effect or id is not `Codable` — or `nil` when
    /// it can compare every one. Said once, by the page and by `assertReplayMatchesRecording`.
    package var effectComparisonNote: String? {
        for entry in entries where entry.hasRecordedEffect {
            if let recorded = entry.recordedEffect {
                if recorded["value"] == nil {
                    return "\(recorded["text"]?.stringValue ?? "an effect") was recorded without a comparable form "
                        + "(an effect or an id in it is not Codable)"
                }
            } else if let effect = entry.effect, let reason = EffectRecord(effect).reason,
                !(S.Effect.self is any Equatable.Type)
            {
                return reason
            }
        }
        return nil
    }
}

extension SessionLog.Entry {
    /// The effect as a session file recorded it, for a replay to compare: its comparable form, or why it has none;
    /// `nil` for an entry that holds its effect as a value (made by a recorder), or records none.
    package var recordedComparableEffect: (form: JSONValue?, reason: String)? {
        guard let recordedEffect else { return nil }
        let text = recordedEffect["text"]?.stringValue ?? "an effect"
        return (recordedEffect["value"], "\(text) was recorded without a comparable form (a part of it is not Codable)")
    }
}

extension SessionLog where S: Codable, S.Event: Codable {
    /// Writes the log to `url` through a file beside it, which then replaces `url`.
    func write(to url: URL, keyframeInterval: Int) throws {
        let directory = url.deletingLastPathComponent()
        let partial = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path])
        }
        do {
            let file = try FileHandle(forWritingTo: partial)
            defer { try? file.close() }
            let output = SessionJSONOutput(file: file)
            try write(into: output, keyframeInterval: keyframeInterval)
            try output.flush()
            try file.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        guard rename(partial.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: partial)
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: url.path,
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
                ])
        }
    }

    /// Writes the log as JSON of format 2 (see ``SessionLog``), an entry at a time.
    func write(into output: SessionJSONOutput, keyframeInterval: Int) throws {
        let redaction = Self.declaredRedaction
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func redacted(_ state: S) -> S { redaction?.redacted(state) ?? state }

        let initial = redacted(initialState)
        output.raw("{\"formatVersion\":\(Self.formatVersion),\"stateType\":")
        output.string(ValueDescriber.typeName(S.self))
        output.raw(",\"keyframeInterval\":\(keyframeInterval),\"droppedEntryCount\":\(droppedEntryCount)")
        if droppedEntryCount > 0 {
            output.raw(",\"droppedNote\":")
            output.string(
                "The recording dropped its \(droppedEntryCount) oldest entries to stay within its recorder's limits; "
                    + "it starts after them, from initialState.")
        }
        output.raw(",\n\"initialState\":")
        output.raw(try encoder.encode(NestedRedaction.encodable(initial)))
        output.raw(",\n\"initialView\":")
        SessionView.writeNode(initial, to: output)
        output.raw(",\n\"entries\":[")

        var previous: S? = initial
        var note: String?
        // The states around an entry, unredacted, replayed forward only as far as asked: what a read-back entry is
        // replayed from, and where the child states that declare a redaction are looked for when an entry's event or
        // effect holds a type not looked for yet.
        var around = StatesAround(log: self)
        let lookout = RedactionsByType.Lookout()
        for (index, entry) in entries.enumerated() {
            var entry = entry
            // An entry read back or made by hand is looked into for the children that declare a redaction, and replayed
            // from the state before it. A recorder's needs neither: the recorder met every state it recorded, in this
            // process, and with them every such child (see `RedactionsByType`).
            if !entry.isRedactedByRecorder {
                let before = around.state(before: index)
                let shown: [Any] = [entry.event as Any?, entry.effect as Any?].compactMap { $0 }
                NestedRedaction.learnDeclarations(
                    showing: shown, in: [before, around.state(before: index + 1)], lookout: lookout)
                entry = try restoringValues(
                    of: entry, at: index, after: before, redaction: redaction ?? SessionRedaction())
            }
            let current = entry.state.map(redacted)
            output.raw(index == 0 ? "\n{" : ",\n{")
            output.raw("\"sequenceNumber\":\(entry.sequenceNumber)")
            let time = entry.time.timeIntervalSinceReferenceDate
            guard time.isFinite else {
                throw EncodingError.invalidValue(
                    time,
                    EncodingError.Context(
                        codingPath: [],
                        debugDescription: "SessionLog<\(S.self)>: entry \(index) (#\(entry.sequenceNumber)) has the "
                            + "time \(time), which JSON cannot hold, so no file was written. To fix, give the entry "
                            + "the time its store committed it (a finite Date)."))
            }
            output.raw(",\"time\":\(time)")
            output.raw(",\"origin\":")
            output.string(entry.origin.rawValue)
            if let event = entry.event.map({ redaction?.redacted(event: $0) ?? $0 }) {
                output.raw(",\"event\":")
                output.raw(try encoder.encode(NestedRedaction.encodable(event)))
                output.raw(",\"eventText\":")
                output.string(Describing.truncated(ValueDescriber.line(event, nested: false), to: 2_000))
            }
            output.raw(",\"changes\":")
            if let current, let previous {
                SessionView.writeChanges(from: previous, to: current, output: output)
            } else if let recorded = entry.recordedChanges {
                output.raw(recorded.jsonData)
            } else if let current {
                output.raw("[{\"p\":[],\"op\":\"set\",\"to\":")
                SessionView.writeNode(current, to: output)
                output.raw("}]")
            } else {
                // The error names the entry by its place, never holds it: its values may be secret.
                throw EncodingError.invalidValue(
                    index,
                    EncodingError.Context(
                        codingPath: [],
                        debugDescription: "SessionLog<\(S.self)>: entry \(index) has neither its state nor what "
                            + "changed, so the file could not say what it did. To fix, give the entry its state."))
            }
            // A keyframe holds the whole state, which a replay compares with `==` and the page starts from; an undo or
            // a redo holds it too, for the replay to restore (the page follows its changes).
            let isKeyframe =
                index % keyframeInterval == keyframeInterval - 1 || index == entries.count - 1 || previous == nil
            if let current, isKeyframe || entry.origin == .undo || entry.origin == .redo {
                output.raw(",\n \"state\":")
                output.raw(try encoder.encode(NestedRedaction.encodable(current)))
            }
            if let current, isKeyframe {
                output.raw(",\n \"view\":")
                SessionView.writeNode(current, to: output)
            }
            if entry.hasRecordedEffect {
                output.raw(",\"effect\":")
                if let effect = entry.effect.map({ redaction?.redacted(effect: $0) ?? $0 }) {
                    let record = EffectRecord(effect)
                    if note == nil, let reason = record.reason { note = reason }
                    record.write(to: output)
                } else if let recorded = entry.recordedEffect {
                    if note == nil, recorded["value"] == nil {
                        note = "\(recorded["text"]?.stringValue ?? "an effect") has no comparable form"
                    }
                    output.raw(recorded.jsonData)
                } else {
                    output.raw("null")
                }
            }
            output.raw("}")
            previous = current
            try output.flushIfNeeded()
        }
        output.raw("\n]")
        if let note {
            output.raw(",\n\"effectsNote\":")
            output.string(
                "The effects are recorded as Swift writes them, but a replay cannot compare them: \(note). To have "
                    + "them compared, make the effects and their ids Codable.")
        }
        output.raw("}\n")
    }

    /// The state before each entry of a log, replayed forward from the last one known — the initial state, or an
    /// entry's state — only as far as it is asked for.
    private struct StatesAround {
        let log: SessionLog
        var index = 0
        var state: S

        init(log: SessionLog) {
            self.log = log
            self.state = log.initialState
        }

        /// The state before entry `target` (after the last entry, for `entries.count`). Asked for in order: once asked for
        /// a later entry, it answers that one's state for an earlier one.
        mutating func state(before target: Int) -> S {
            while index < min(target, log.entries.count) {
                let entry = log.entries[index]
                if let recorded = entry.state { state = recorded } else { _ = SessionLog.replaying(entry, on: &state) }
                index += 1
            }
            return state
        }
    }

    /// `entry` with its state and its effect as values, for a redaction to reach them.
    ///
    /// An entry read back from a file holds, between keyframes, what changed rather than its state, and a plan or an
    /// effect that is not `Codable` as its recorded form only: copied as they are, they would keep what a redaction —
    /// the state's, or a part's or a child's — now replaces. Replaying the entry's event from the state before it gives
    /// them back; they are taken only when they are exactly what the file recorded (redacted or not), so that the file
    /// written records the same session. Otherwise, when what is declared secret takes part (the replay's values read
    /// otherwise redacted), the write is refused, naming the entry and holding none of its values; when nothing
    /// declared takes part, the file's record is kept as it is.
    private func restoringValues(
        of entry: Entry, at index: Int, after previous: S, redaction: SessionRedaction<S>
    ) throws -> Entry {
        let needsState = entry.state == nil && entry.recordedChanges != nil
        let needsEffect = entry.hasRecordedEffect && entry.effect == nil && entry.recordedEffect != nil
        guard needsState || needsEffect else { return entry }
        var entry = entry
        var replayed = previous
        let effect = Self.replaying(entry, on: &replayed)
        func refuse(_ what: String) -> EncodingError {
            EncodingError.invalidValue(
                index,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription: "SessionLog<\(S.self)>: entry \(index) (#\(entry.sequenceNumber)) holds \(what) "
                        + "as its file recorded it, and replaying its event today does not give it back, so the "
                        + "redaction \(S.self) declares could not be applied to it and no file was written. To fix, "
                        + "write the session with the state logic that recorded it; if only a type was renamed since, "
                        + "rename it in the file first (the EffectStoreSessions article, \"A type renamed since the "
                        + "recording\", shows how); or record the session again."))
        }
        if needsState {
            let recorded = entry.recordedChanges
            // Compared as the file recorded them: unredacted, or redacted as today.
            let unredacted = NestedRedaction.asRecordedUnredacted { SessionView.changes(from: previous, to: replayed) }
            let redacted = SessionView.changes(from: redaction.redacted(previous), to: redaction.redacted(replayed))
            if unredacted == recorded || redacted == recorded {
                entry.state = replayed
            } else if unredacted != redacted {
                throw refuse("what changed rather than its state")
            }
        }
        if needsEffect {
            func form(_ effect: S.Effect?) -> JSONValue? {
                guard let effect else { return nil }
                let output = SessionJSONOutput(file: nil)
                EffectRecord(effect).write(to: output)
                return try? JSONValue(json: output.data)
            }
            let recorded = entry.recordedEffect
            let plain = NestedRedaction.asRecordedUnredacted { form(effect) }
            let scrubbed = form(effect.map { redaction.redacted(effect: $0) })
            if plain == recorded || scrubbed == recorded {
                entry.effect = effect
            } else if plain != scrubbed {
                throw refuse("its effect as a recorded form")
            }
        }
        return entry
    }
}
