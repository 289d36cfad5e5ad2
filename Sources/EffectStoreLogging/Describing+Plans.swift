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
        guard let planReader = planReader(for: Effect.self), let plan = planReader(effect) else { return leaf(effect) }
        return plan.written(caseDot: caseDot, planReader: planReader, leaf: leaf)
    }
}
