// For EffectStoreTesting's effect handler snippet: an effect handler that saves and answers.
import EffectStore

struct Saving: State, Equatable {
    var saved = false
    enum Event: Sendable, Equatable { case saved }
    enum Effect: Sendable, Equatable { case save(Bool) }
    static var initialState: Saving { Saving() }
    mutating func handle(event: Event) -> Effect? {
        saved = true
        return nil
    }
}

final class SaveEffects: EffectHandler, Sendable {
    func handle(effect: Saving.Effect) -> Future<Saving.Event>? { Future(value: .saved) }
}
