import EffectStore
import EffectStoreLogging

/// One step of an effect order written by value, as the test an exploration prints replays it
/// (``StateExplorer/assertEffectOrder(_:bounds:accepting:reporter:fileID:file:line:column:)``): the user's event, an
/// effect's answer, the clock.
///
/// ```swift
/// explorer.assertEffectOrder([
///     .send(.typed("a")),
///     .send(.typed("ab")),
///     .answer(.work(.search("a")), with: .answered(query: "a", results: ["a!"])),
///     .advance(by: .milliseconds(300)),
/// ])
/// ```
///
/// An effect is named by its value, not by its place in a schedule, so a step stays meaningful when a fix changes
/// which effects run: an answer to an effect that is not in flight — the fix cancelled it, or no longer starts it —
/// is not delivered, as the store never delivers one (and the answer of an effect cancelled after it answered is
/// dropped, as the store drops it). Of two equal effects in flight, the older answers.
public enum EffectOrderStep<S: State> {
    /// The user sends `event`.
    case send(S.Event)
    /// `effect`, if it is in flight, answers with `event`.
    case answer(S.Effect, with: S.Event)
    /// `effect`, if it is in flight, ends with no answer (see ``EffectOutcome/finishes``).
    case finish(S.Effect)
    /// `effect`, if it is in flight, never answers: it keeps running (see ``EffectOutcome/never``).
    case neverAnswers(S.Effect)
    /// The virtual clock moves on by `duration`; each timer that falls due fires, the earliest first.
    case advance(by: EffectDuration)
}

extension EffectOrderStep: Sendable where S.Event: Sendable, S.Effect: Sendable {}

extension EffectOrderStep {
    /// The step as Swift writes it, for a printed test: `.send(.typed("a"))`, `.advance(by: .seconds(1))`.
    var swiftText: String {
        func value(_ value: Any) -> String { Describing.value(value, maxLength: 0) }
        switch self {
        case .send(let event): return ".send(\(value(event)))"
        case .answer(let effect, let event): return ".answer(\(value(effect)), with: \(value(event)))"
        case .finish(let effect): return ".finish(\(value(effect)))"
        case .neverAnswers(let effect): return ".neverAnswers(\(value(effect)))"
        case .advance(let duration): return ".advance(by: \(duration.swiftText))"
        }
    }

    /// The effect the step answers for, if any.
    var effect: S.Effect? {
        switch self {
        case .answer(let effect, _), .finish(let effect), .neverAnswers(let effect): return effect
        case .send, .advance: return nil
        }
    }
}

extension EffectDuration {
    /// The span as a person writes it: `.seconds(60)`, `.milliseconds(300)`, `.nanoseconds(5)`.
    var swiftText: String {
        if nanoseconds % 1_000_000_000 == 0 { return ".seconds(\(nanoseconds / 1_000_000_000))" }
        if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
        return ".nanoseconds(\(nanoseconds))"
    }
}
