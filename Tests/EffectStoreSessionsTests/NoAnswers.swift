import EffectStore

/// An effect handler that performs nothing and answers nothing: for stores whose recorded sessions are about the
/// effects asked for, not their answers (a store with no handler at all is for states with no effects).
final class NoAnswers<Effect, Event: Sendable>: EffectHandler {
    func handle(effect: Effect) -> Future<Event>? { nil }
}
