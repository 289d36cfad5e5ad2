import EffectStore
import EffectStoreLogging

/// What a test store's failure messages show of a value: the value with what the state declares secret
/// (``/EffectStoreLogging/SessionRedacting``) replaced, so that a declared secret never reaches a CI log — and what a
/// child state declares, for its events and effects nested in the state's.
extension TestStore {
    /// `event` as a message shows it.
    func shown(event: S.Event) -> String {
        learnDeclarations(showing: event)
        return Describing.value(redaction?.event(event) ?? event)
    }

    /// `effect` as a message shows it; a plan in operator syntax when `plans` is `true`.
    func shown(effect: S.Effect, plans: Bool = false) -> String {
        learnDeclarations(showing: effect)
        let effect = redaction?.effect(effect) ?? effect
        return plans ? Describing.effect(effect) : Describing.value(effect)
    }

    /// Looks into the state for the child states behind `value`'s parts that declare a redaction, when `value`
    /// holds a type not looked for yet (see `RedactionsByType`), so that the child's declaration applies.
    private func learnDeclarations(showing value: Any) {
        NestedRedaction.learnDeclarations(showing: [value], in: [state], lookout: lookout)
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
        NestedRedaction.learnDeclarations(showing: [expected, actual], in: [state], lookout: lookout)
        return difference(expected: expected, actual: actual, redacted: redaction?.effect)
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
