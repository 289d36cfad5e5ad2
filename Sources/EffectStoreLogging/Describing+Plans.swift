import EffectStore
extension Describing {
    /// An effect written the way its plan was built, in operator syntax: `inner.cancellable(id: download)`,
    /// `all(a, b)`, `cancel(id: search)`; an effect that carries no plan (or a type that carries none) as `leaf`
    /// writes it. Tests write cases with a leading dot (`caseDot: "."`), logs without.
    ///
    /// - Parameters:
    ///   - effect: The effect to describe.
    ///   - caseDot: What goes before a plan's operator that starts the text (`.all(…)`, `.cancel(id:)`).
    ///   - leaf: Writes an effect that is no plan, and an id's value.
    package static func plan<Effect: Sendable>(
        _ effect: Effect, caseDot: String, leaf: (Any) -> String
    ) -> String {
        guard let planOf = planExtractor(for: Effect.self) else { return leaf(effect) }
        return describe(effect, planOf: planOf, caseDot: caseDot, leaf: leaf)
    }

    private static func describe<Effect: Sendable>(
        _ effect: Effect, planOf: (Effect) -> EffectPlan<Effect>?, caseDot: String, leaf: (Any) -> String
    ) -> String {
        guard let plan = planOf(effect) else { return leaf(effect) }
        func inner(_ effect: Effect) -> String { describe(effect, planOf: planOf, caseDot: caseDot, leaf: leaf) }
        func name(_ id: EffectID) -> String { leaf(id.base) }
        switch plan {
        case .all(let effects):
            return caseDot + "all(" + effects.map(inner).joined(separator: ", ") + ")"
        case .cancellable(let effect, let id, let cancelInFlight):
            return inner(effect) + ".cancellable(id: \(name(id))" + (cancelInFlight ? ", cancelInFlight: true)" : ")")
        case .cancel(let id):
            return caseDot + "cancel(id: \(name(id)))"
        case .queued(let effect, let id, let keepingOnlyLatest):
            return inner(effect) + ".queued(id: \(name(id))" + (keepingOnlyLatest ? ", keepingOnlyLatest: true)" : ")")
        case .debounced(let effect, let id, let interval):
            return inner(effect) + ".debounced(id: \(name(id)), for: \(interval))"
        case .throttled(let effect, let id, let interval, let latest):
            return inner(effect) + ".throttled(id: \(name(id)), for: \(interval)" + (latest ? ")" : ", latest: false)")
        case .delayed(let effect, let delayID, let delay):
            return inner(effect) + ".delayed(by: \(delay)" + (delayID.map { ", id: \(name($0)))" } ?? ")")
        }
    }
}
