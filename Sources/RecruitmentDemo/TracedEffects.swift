import EffectStore

/// Lets a feature's effect handler serve a store of ``Traced`` states: it forwards every effect unchanged.
final class TracedEffects<Handler: EffectHandler>: EffectHandler {
    typealias S = Traced<Handler.S>

    private let handler: Handler

    init(_ handler: Handler) {
        self.handler = handler
    }

    func handle(effect: Handler.S.Effect) -> Future<Handler.S.Event>? {
        handler.handle(effect: effect)
    }
}
