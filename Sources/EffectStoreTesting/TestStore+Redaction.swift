import EffectStore
import EffectStoreLogging

/// What a test store's failure messages show of a value: the value with what the state declares secret
/// (``/EffectStoreLogging/SessionRedacting``) replaced, so that a declared secret never reaches a CI log.
extension TestStore {
    /// `event` as a message shows it.
    func shown(event: S.Event) -> String {
        Describing.value(redaction?.event(event) ?? event)
    }

    /// `effect` as a message shows it; a plan in operator syntax when `plans` is `true`.
    func shown(effect: S.Effect, plans: Bool = false) -> String {
        let effect = redaction?.effect(effect) ?? effect
        return plans ? Describing.effect(effect) : Describing.value(effect)
    }

    /// `state` as a message shows it.
    func shown(state: S, maxLength: Int) -> String {
        Describing.value(redaction?.state(state) ?? state, maxLength: maxLength)
    }

    /// How `actual` differs from `expected`, two states, as a message shows it.
    func difference(expected: S, actual: S) -> String {
        difference(expected: expected, actual: actual, redacted: redaction?.state)
    }

    /// How `actual` differs from `expected`, two effects, as a message shows it.
    func difference(expected: S.Effect, actual: S.Effect) -> String {
        difference(expected: expected, actual: actual, redacted: redaction?.effect)
    }

    /// The structural difference of the redacted values; where they differ only in what the redaction replaces, a line
    /// that says so, without the values.
    private func difference<T: Equatable>(expected: T, actual: T, redacted: ((T) -> T)?) -> String {
        let (expected, actual) = redacted.map { ($0(expected), $0(actual)) } ?? (expected, actual)
        if expected == actual {
            return "  (they differ in a part \(S.self).sessionRedaction replaces; its values are not shown)"
        }
        if NestedRedaction.differOnlyInRedactedParts(expected, actual) {
            return "  (they differ in a part of them that declares its own redaction (SessionRedacting); its values "
                + "are not shown)"
        }
        return StructuralDiff.describe(expected: expected, actual: actual)
    }
}
