import EffectStore

/// An effect handler that performs nothing and answers nothing: for stores whose recorded sessions are about the
/// effects asked for, not their answers (a store with no handler at all is for states with no effects).
final class NoAnswers<S: State>: EffectHandler {
    func handle(effect: S.Effect) -> Future<S.Event>? { nil }
}
