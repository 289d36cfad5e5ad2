import Foundation

/// One step a ``Store`` took: the event it handled (or the undo or redo it performed), where that came from, the
/// state before and after, and the effect the state returned.
///
/// A store hands one transition to each of its transition observers for every event it handles while observed
/// (see ``Store/observeTransitions(_:)``), including the events that effects answer with and the events of its
/// event source, and for every ``Store/undo()`` and ``Store/redo()``. Transitions are what EffectStoreLogging's
/// `TransitionLogger` prints and what EffectStoreSessions' `SessionRecorder` records.
///
/// ```swift
/// let token = store.observeTransitions { transition in
///     if transition.origin == .effect, transition.changedState {
///         analytics.track("answer", transition.event.map { "\($0)" } ?? "")
///     }
/// }
/// ```
public struct StoreTransition<S: State>: Sendable {
    /// The transition's number: 1, 2, 3… in the order the store handled them, counted from the moment the store was
    /// first observed (by an observer, a logger, a recorder or an undo history). No number is skipped or repeated.
    public let sequenceNumber: UInt64
    /// When the store committed the new state.
    public let time: Date
    /// Where the event came from, or ``TransitionOrigin/undo`` / ``TransitionOrigin/redo``.
    public let origin: TransitionOrigin
    /// The event handled; `nil` exactly when ``origin`` is ``TransitionOrigin/undo`` or ``TransitionOrigin/redo``.
    public let event: S.Event?
    /// The state before the transition.
    public let from: S
    /// The state after the transition: the state the store committed and subscribers receive.
    public let to: S
    /// The effect ``State/handle(event:)`` returned, or `nil`. Undo and redo never have an effect.
    public let effect: S.Effect?
    /// Whether the state changed: `from != to` when `S` is `Equatable`, and always `true` when it is not. A store
    /// notifies its subscribers only of transitions that changed the state.
    public let changedState: Bool

    /// Creates a transition; a ``Store`` makes them, this is for tests and tools.
    ///
    /// ```swift
    /// let transition = StoreTransition<CounterState>(
    ///     sequenceNumber: 1, time: Date(), origin: .dispatch, event: .increment,
    ///     from: .idle(count: 0), to: .saving(count: 1), effect: .save(1), changedState: true
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - sequenceNumber: The transition's number in its store.
    ///   - time: When the new state was committed.
    ///   - origin: Where the event came from.
    ///   - event: The event handled; `nil` for an undo or a redo.
    ///   - from: The state before.
    ///   - to: The state after.
    ///   - effect: The effect returned, or `nil`.
    ///   - changedState: Whether `to` differs from `from`.
    public init(
        sequenceNumber: UInt64, time: Date, origin: TransitionOrigin, event: S.Event?,
        from: S, to: S, effect: S.Effect?, changedState: Bool
    ) {
        self.sequenceNumber = sequenceNumber
        self.time = time
        self.origin = origin
        self.event = event
        self.from = from
        self.to = to
        self.effect = effect
        self.changedState = changedState
    }
}

/// Where the event of a ``StoreTransition`` came from.
///
/// ```swift
/// store.observeTransitions { transition in
///     guard transition.origin == .dispatch else { return }   // only what the user did
///     print(transition.event!)
/// }
/// ```
public enum TransitionOrigin: String, Sendable, Hashable, Codable, CaseIterable {
    /// A call to ``Store/dispatch(event:)``.
    case dispatch
    /// The answer of an effect's future: the event an ``EffectHandler`` produced.
    case effect
    /// The store's ``EventSource``, through the `dispatch` function the store gave it.
    case eventSource
    /// ``Store/undo()``: the store went back to an earlier state. There is no event.
    case undo
    /// ``Store/redo()``: the store went forward again to a state it had undone. There is no event.
    case redo
}

extension TransitionOrigin {
    /// The origin in one short word, for log lines and failure messages: the package's one origin-to-text table.
    /// `package`: not public API.
    package var name: String {
        switch self {
        case .dispatch: return "dispatch"
        case .effect: return "effect"
        case .eventSource: return "source"
        case .undo: return "undo"
        case .redo: return "redo"
        }
    }
}
