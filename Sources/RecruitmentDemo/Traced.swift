import EffectStore

/// A state that remembers the last event it handled and the effect it returned, so a subscriber of the real store
/// can print each step as `event → state → effect`.
///
/// Demo-only: it wraps the feature's state without changing its decisions. It is deliberately not `Equatable`, so
/// the store notifies subscribers of every event, including the ones the state ignores.
struct Traced<Base: State>: State {
    /// The feature's state.
    private(set) var base: Base
    /// The last event handled, or `nil` before the first.
    private(set) var lastEvent: Base.Event?
    /// The effect the last event produced, if any.
    private(set) var lastEffect: Base.Effect?

    init(_ base: Base) {
        self.base = base
    }

    static var initialState: Traced { Traced(Base.initialState) }

    mutating func handle(event: Base.Event) -> Base.Effect? {
        let effect = base.handle(event: event)
        lastEvent = event
        lastEffect = effect
        return effect
    }
}
