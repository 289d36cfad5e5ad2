import EffectStore
import EffectStoreLogging

extension SessionLog {
    /// Feeds the log's events into the pure state, from ``initialState``, with no store and no effect handler.
    ///
    /// ```swift
    /// let session = try SessionLog<ProcessState>(contentsOf: url)
    /// for step in session.replay() where !step.matchesRecording {
    ///     print("diverges at #\(step.entry.sequenceNumber)")
    /// }
    /// ```
    ///
    /// Each entry with an event runs the event as the store did (``/EffectStore/ChildState/transition(on:)``) on the
    /// state the previous step produced; the effect it returns is kept in the step, not performed — the events that
    /// effects answered with are in the log already. An undo or redo entry has no event: its step restores the
    /// recorded state, and ends the children it removes. The replay is deterministic
    /// as long as `handle(event:)` is pure; where the state logic has changed since the recording, a step does not
    /// match its entry (``ReplayStep/matchesRecording``).
    ///
    /// - Returns: One step per entry, in order. Runs on the calling thread.
    public func replay() -> [ReplayStep<S>] {
        var state = initialState
        var steps: [ReplayStep<S>] = []
        steps.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let from = state
            let effect = Self.replaying(entry, on: &state)
            steps.append(ReplayStep(index: index, entry: entry, from: from, to: state, effect: effect))
        }
        return steps
    }

    /// Runs `entry` on `state` as the store did: its event, or — for an undo or a redo — the state it restores, whose
    /// removed children end as in the store.
    ///
    /// - Returns: The effect the step returns; not performed.
    static func replaying(_ entry: Entry, on state: inout S) -> S.Effect? {
        if let event = entry.event { return state.transition(on: event) }
        guard let restored = entry.state else { return nil }
        let effect: S.Effect?
        (state, effect) = S.restoring(restored, over: state, places: S.places)
        return effect
    }
}

/// One step of a replayed ``SessionLog``: the recorded entry, and what the state does with it now.
///
/// ```swift
/// let first = session.replay().first { !$0.matchesRecording }   // the first divergence, if any
/// ```
public struct ReplayStep<S: State>: Sendable {
    /// The entry's position in ``SessionLog/entries``, from 0.
    public let index: Int
    /// The recorded entry: the event, its origin, and the state the store committed then (or, read from a file
    /// between keyframes, what changed).
    public let entry: SessionLog<S>.Entry
    /// The replayed state before this step.
    public let from: S
    /// The replayed state after this step: what the state logic makes of the entry's event today.
    public let to: S
    /// The effect ``/EffectStore/ChildState/transition(on:)`` returned in the replay; not performed. For an undo or a
    /// redo, the cancellations of the children it removed, or `nil`.
    public let effect: S.Effect?
}

extension ReplayStep where S: Equatable {
    /// Whether today's logic reproduces the recorded entry: ``to`` equals the recorded state where the entry holds
    /// it, and otherwise what changed from ``from`` to ``to`` is what the entry recorded, path by path.
    ///
    /// ```swift
    /// XCTAssertTrue(session.replay().allSatisfy(\.matchesRecording))
    /// ```
    ///
    /// The state the session declares secret (``/EffectStoreLogging/SessionRedacting``) is redacted on both sides before it is compared, as
    /// it was when the session was written: a log made by hand or kept in memory compares as its file would. Effects are not compared here; `assertReplayMatchesRecording` (EffectStoreTesting)
    /// compares them too.
    public var matchesRecording: Bool {
        recordedStateDifference == nil
    }

    /// What differs from the recording, or `nil` when the step matches it: the recorded state (when the entry holds
    /// it), or the recorded changes and the replayed ones.
    package var recordedStateDifference: RecordedDifference<S>? {
        let redaction = SessionLog<S>.declaredRedaction
        let replayed = redaction?.redacted(to) ?? to
        if let recorded = entry.state {
            // Both sides redacted: a log made by hand, or kept in memory, holds the secret that a file would not.
            let recorded = redaction?.redacted(recorded) ?? recorded
            guard recorded != replayed, !NestedRedaction.differOnlyInRedactedParts(recorded, replayed) else {
                return nil
            }
            return .state(recorded: recorded, replayed: replayed)
        }
        guard let recorded = entry.recordedChanges else { return nil }
        let changes = SessionView.changes(from: redaction?.redacted(from) ?? from, to: replayed)
        guard changes != recorded else { return nil }
        return .changes(recorded: SessionView.lines(of: recorded), replayed: SessionView.lines(of: changes))
    }
}

/// How a replayed step differs from its recorded entry.
package enum RecordedDifference<S: State> {
    /// The entry holds the whole state, and the replay reached another.
    case state(recorded: S, replayed: S)
    /// The entry holds what changed, and the replay changed something else: both, one change a line.
    case changes(recorded: [String], replayed: [String])
}
