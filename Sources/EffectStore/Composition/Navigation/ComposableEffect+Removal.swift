// Removal wins: what a transition returns under the scope of a child it removes never starts. The navigation verbs
// (`presenting`, `navigating`, their routing verbs with `messages:`) end a removed child here, so that the rule is
// written once: see "Removal wins" in the Navigation article.

extension ComposableEffect {
    /// This effect without the work started under an id that `isEnded` accepts — the work of a child that the
    /// transition removed, which must never start; `nil` when nothing is left. Cancellations are kept, and so is the
    /// value itself when nothing is under an ended id, so an untouched effect is not rebuilt.
    func withoutWork(under isEnded: (EffectID) -> Bool) -> Self? {
        switch pruned(under: isEnded) {
        case nil: return self
        case .some(let rest): return rest
        }
    }

    /// Whether this effect starts any work: `false` for a cancellation, or an `.all` of cancellations only — what a
    /// pop returns, which `navigating` then needs to search for no removed screen's work.
    var startsWork: Bool {
        switch Self.planReader(self) {
        case .cancel?: false
        case .all(let effects)?: effects.contains { $0.startsWork }
        default: true
        }
    }

    /// `nil` when nothing is under an ended id; otherwise what is left, itself `nil` when nothing is.
    private func pruned(under isEnded: (EffectID) -> Bool) -> Self?? {
        guard let plan = Self.planReader(self) else { return nil }
        /// `inner` pruned, rebuilt into this plan's shape by `rebuild`.
        func prunedInner(_ inner: Self, _ rebuild: (Self) -> EffectPlan<Self>) -> Self?? {
            switch inner.pruned(under: isEnded) {
            case nil: return nil
            case .some(nil): return .some(nil)
            case .some(.some(let rest)): return .some(.plan(rebuild(rest)))
            }
        }
        switch plan {
        case .cancel:
            return nil
        case .all(let effects):
            var kept: [Self] = []
            var changed = false
            for effect in effects {
                switch effect.pruned(under: isEnded) {
                case nil: kept.append(effect)
                case .some(nil): changed = true
                case .some(.some(let rest)):
                    kept.append(rest)
                    changed = true
                }
            }
            guard changed else { return nil }
            switch kept.count {
            case 0: return .some(nil)
            case 1: return .some(kept[0])
            default: return .some(.all(kept))
            }
        case .cancellable(let inner, let id, let cancelInFlight):
            if isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .cancellable($0, id: id, cancelInFlight: cancelInFlight) }
        case .queued(let inner, let id, let keepingOnlyLatest):
            if isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .queued($0, id: id, keepingOnlyLatest: keepingOnlyLatest) }
        case .debounced(let inner, let id, let interval):
            if isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .debounced($0, id: id, interval: interval) }
        case .throttled(let inner, let id, let interval, let latest):
            if isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .throttled($0, id: id, interval: interval, latest: latest) }
        case .delayed(let inner, let id, let delay):
            if let id, isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .delayed($0, id: id, delay: delay) }
        }
    }

    /// The end of the child whose effects run under `scope`, which the transition that returned this effect removed
    /// or replaced: `.cancel(scope)` ends what the child started before; what the transition returned under `scope`
    /// never starts — unless it comes after an explicit `.cancel(scope)` in this effect, which ends the old child
    /// there and leaves what follows to the child presented in its place.
    ///
    /// Used by ``ChildState/presenting(_:identifiedBy:_:)``, where the scope is a slot's: a new child at the same slot
    /// shares it, so the explicit cancellation is the only way to tell its work from the old child's.
    static func ending(_ scope: EffectID, in effect: Self?) -> Self? {
        guard let effect else { return .plan(.cancel(scope)) }
        let isEnded: (EffectID) -> Bool = { $0 == scope }
        var effects: [Self]
        if case .all(let all)? = planReader(effect) { effects = all } else { effects = [effect] }
        let boundary = effects.lastIndex { if case .cancel(let id)? = planReader($0) { id == scope } else { false } }
        guard let boundary else {
            return combining(.plan(.cancel(scope)), effect.withoutWork(under: isEnded))
        }
        var kept: [Self] = []
        for (index, inner) in effects.enumerated() {
            if index >= boundary {
                kept.append(inner)
            } else if let rest = inner.withoutWork(under: isEnded) {
                kept.append(rest)
            }
        }
        return kept.count == 1 ? kept[0] : .all(kept)
    }
}
