import EffectStore

extension Describing {
    /// An effect as a test would write it: a plan in operator syntax
    /// (`.all(.search("swift").cancellable(id: "search"), .saveHistory("swift"))`), any other effect as
    /// ``value(_:maxLength:)`` writes it.
    static func effect<Effect: Sendable>(_ effect: Effect, maxLength: Int = 400) -> String {
        guard let planOf = planExtractor(for: Effect.self) else { return value(effect, maxLength: maxLength) }
        return truncated(describe(effect, planOf: planOf), to: maxLength)
    }

    private static func describe<Effect: Sendable>(_ effect: Effect, planOf: @escaping (Effect) -> EffectPlan<Effect>?)
        -> String
    {
        guard let plan = planOf(effect) else { return value(effect) }
        let inner = { (effect: Effect) in describe(effect, planOf: planOf) }
        let name = { (id: EffectID) in value(id.base) }
        switch plan {
        case .all(let effects):
            return ".all(" + effects.map(inner).joined(separator: ", ") + ")"
        case .cancellable(let effect, let id, let cancelInFlight):
            return inner(effect) + ".cancellable(id: \(name(id))" + (cancelInFlight ? ", cancelInFlight: true)" : ")")
        case .cancel(let id):
            return ".cancel(id: \(name(id)))"
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
