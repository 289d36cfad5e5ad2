// What an undo does to navigation. Undo and redo replace the whole state, but a screen's id is given once in a store's
// life, and a child that leaves the state ends its work, however it leaves. So a store that keeps an undo history
// learns where its state keeps stacks and presented children: `navigating(_:_:)` and `presenting(_:_:)` name them
// while such a store handles an event (the state's result is the same either way). An undo or a redo then, for each
// place, keeps the stack counting from the current state's next id and cancels the scopes of the children the
// restored state does not have. Places of a nested child (a screen's own stack) are relative to the child, not the
// store's state: their work ends with the child that holds them.

/// The places a store's state keeps its stacks and presented children, in the order first seen. Confined to the
/// store's queue.
final class UndoPlaces<S: State>: UndoPlaceNoting {
    private var seen: Set<AnyKeyPath> = []
    /// For each place: makes `target` count on from `current`'s next id, and returns the scopes of the children
    /// that `current` has at the place and `target` does not.
    private var reconcilers: [(inout S, S) -> [EffectID]] = []

    func note<Root>(_ place: AnyKeyPath, _ reconcile: @escaping (inout Root, Root) -> [EffectID]) {
        guard Root.self == S.self, let reconcile = reconcile as? (inout S, S) -> [EffectID] else { return }
        guard seen.insert(place).inserted else { return }
        reconcilers.append(reconcile)
    }

    /// `target`, counting on from `current` at every place, and the scopes of the children it no longer has.
    func restore(_ target: S, over current: S) -> (S, ended: [EffectID]) {
        var target = target
        var ended: [EffectID] = []
        for reconcile in reconcilers { ended += reconcile(&target, current) }
        return (target, ended)
    }
}

/// The slot that holds the running transition's ``UndoPlaces``, if its store keeps an undo history.
enum UndoPlaceMarker {
    static let running = ThreadLocal()
}

/// ``UndoPlaces`` for any state, as the navigation verbs see it.
protocol UndoPlaceNoting: AnyObject {
    /// Notes `place` of a `Root` state, with how an undo reconciles it; ignored when `Root` is not the store's state.
    func note<Root>(_ place: AnyKeyPath, _ reconcile: @escaping (inout Root, Root) -> [EffectID])
}

extension ChildState {
    /// Tells the store handling this transition, if it keeps an undo history, that this state keeps `stack`.
    func noteForUndo<Screen>(_ stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable) {
        guard let places = UndoPlaceMarker.running.value as? any UndoPlaceNoting else { return }
        places.note(stack) { (target: inout Self, current: Self) in
            target[keyPath: stack].continueCounting(from: current[keyPath: stack].nextID)
            let kept = Set(target[keyPath: stack].ids)
            return current[keyPath: stack].ids.reversed().filter { !kept.contains($0) }
                .map { EffectID(StackElementEffects(stack, $0)) }
        }
    }

    /// Tells the store handling this transition, if it keeps an undo history, that this state presents a child at
    /// `slot`, whose presentations `identity` tells apart.
    func noteForUndo<Child, Identity: Equatable>(
        _ slot: WritableKeyPath<Self, Child?> & Sendable,
        identifiedBy identity: @escaping (Child) -> Identity
    ) {
        guard let places = UndoPlaceMarker.running.value as? any UndoPlaceNoting else { return }
        places.note(slot) { (target: inout Self, current: Self) in
            guard let presented = current[keyPath: slot].map(identity) else { return [] }
            if let restored = target[keyPath: slot].map(identity), restored == presented { return [] }
            return [EffectID(PresentationEffects(slot))]
        }
    }
}
