import EffectStore

/// One step of a ``/EffectStore/State`` (or any ``/EffectStore/ChildState``): the state before, the event, the state after and the effect it returned.
///
/// A ``TestStore`` records one transition per event it handles (``TestStore/transitions``), and an
/// ``Exploration`` lists the transitions it found (``Exploration/transitions``). Transition invariants of a
/// ``StateExplorer`` look at one:
///
/// ```swift
/// StateExplorer<ProcessState>(events: events)
///     .transitionInvariant("never loaded without loading first") { transition in
///         guard case .loaded = transition.to else { return true }
///         switch transition.from { case .loading, .loaded: return true; default: return false }
///     }
/// ```
public struct Transition<S: ChildState>: Sendable {
    /// The state before the event.
    public let from: S
    /// The event handled.
    public let event: S.Event
    /// The state after the event.
    public let to: S
    /// The effect the transition returned, or `nil`: what ``/EffectStore/ChildState/transition(on:)`` returns —
    /// ``/EffectStore/State/handle(event:)``'s effect, after the cancellations of the children that left their places.
    public let effect: S.Effect?

    /// Creates a transition.
    ///
    /// ```swift
    /// let step = Transition<Counter>(from: Counter(count: 0), event: .increment, to: Counter(count: 1), effect: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - from: The state before the event.
    ///   - event: The event handled.
    ///   - to: The state after the event.
    ///   - effect: The effect returned, or `nil`.
    public init(from: S, event: S.Event, to: S, effect: S.Effect?) {
        self.from = from
        self.event = event
        self.to = to
        self.effect = effect
    }

    /// Runs `event` on a copy of `state`, as a store does (``/EffectStore/ChildState/transition(on:)``), and records
    /// what happened.
    ///
    /// ```swift
    /// let transition = Transition(handling: .fetchProcesses, in: ProcessState.idle)
    /// // transition.to == .loading, transition.effect == .downloadProcesses
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to handle.
    ///   - state: The state to start from; it is not changed.
    public init(handling event: S.Event, in state: S) {
        var next = state
        let effect = next.transition(on: event)
        self.init(from: state, event: event, to: next, effect: effect)
    }
}

extension Transition: Equatable where S: Equatable, S.Event: Equatable, S.Effect: Equatable {}

extension Transition: Hashable where S: Hashable, S.Event: Hashable, S.Effect: Hashable {}

extension Transition where S: Equatable {
    /// Whether the event changed nothing: the state is the same and there is no effect.
    ///
    /// ```swift
    /// Transition(handling: .load(processes: []), in: ProcessState.idle).isNoOp   // true: a late answer is ignored
    /// ```
    public var isNoOp: Bool { from == to && effect == nil }
}
