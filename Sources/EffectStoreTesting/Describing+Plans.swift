import EffectStoreLogging

import EffectStore

extension Describing {
    /// An effect as a test would write it: a plan in operator syntax
    /// (`.all(.search("swift").cancellable(id: "search"), .saveHistory("swift"))`), any other effect as
    /// ``value(_:maxLength:)`` writes it.
    static func effect<Effect: Sendable>(_ effect: Effect, maxLength: Int = 400) -> String {
        truncated(plan(effect, caseDot: ".", leaf: { value($0) }), to: maxLength)
    }
}
