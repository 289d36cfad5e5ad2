import EffectStore

extension SessionLog {
    /// Feeds the log's events into the pure state, from ``initialState``, with no store and no effect handler.
    ///
    /// ```swift
    /// let session = try SessionLog<ProcessState>(contentsOf: url)
    /// for step in session.replay() where step.to != step.entry.state {
    ///     print("diverges at #\(step.entry.sequenceNumber)")
    /// }
    /// ```
    ///
    /// Each entry with an event runs ``/EffectStore/State/handle(event:)`` on the state the previous step produced; the
    /// effect it returns is kept in the step, not performed — the events that effects answered with are in the log
    /// already. An undo or redo entry has no event: its step restores the recorded state. The replay is deterministic
    /// as long as `handle(event:)` is pure; where the state logic has changed since the recording, a step's
    /// ``ReplayStep/to`` differs from its entry's recorded `state`.
    ///
    /// - Returns: One step per entry, in order. Runs on the calling thread.
    public func replay() -> [ReplayStep<S>] {
        var state = initialState
        var steps: [ReplayStep<S>] = []
        steps.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let from = state
            var effect: S.Effect?
            if let event = entry.event {
                effect = state.handle(event: event)
            } else {
                state = entry.state
            }
            steps.append(ReplayStep(index: index, entry: entry, from: from, to: state, effect: effect))
        }
        return steps
    }
}

/// One step of a replayed ``SessionLog``: the recorded entry, and what the state does with it now.
///
/// ```swift
/// let first = session.replay().first { $0.to != $0.entry.state }   // the first divergence, if any
/// ```
public struct ReplayStep<S: State>: Sendable {
    /// The entry's position in ``SessionLog/entries``, from 0.
    public let index: Int
    /// The recorded entry: the event, its origin, and the state the store committed then.
    public let entry: SessionLog<S>.Entry
    /// The replayed state before this step.
    public let from: S
    /// The replayed state after this step: what the state logic makes of the entry's event today.
    public let to: S
    /// The effect ``/EffectStore/State/handle(event:)`` returned in the replay; not performed. `nil` for undo and redo.
    public let effect: S.Effect?
}
