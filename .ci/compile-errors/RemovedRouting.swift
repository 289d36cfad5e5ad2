// expect: 'handle(_:in:effect:)' is unavailable: declare the child's place, static let x = ChildPlace(
// A form removed by issue 52: routing by key path, with the effect lifted by hand.
import EffectStore

struct Parent: State {
    var ticker: Ticker?
    enum Event: Sendable { case ticker(PresentationEvent<Ticker.Event>) }
    enum Effect: Sendable, ComposableEffect {
        case ticker(Ticker.Effect), plan(EffectPlan<Effect>)
        static func plan(_ plan: EffectPlan<Effect>) -> Effect { .plan(plan) }
        var plan: EffectPlan<Effect>? { if case .plan(let plan) = self { plan } else { nil } }
    }
    static var initialState: Parent { Parent() }
    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .ticker(let event): return handle(event, in: \.ticker, effect: Effect.ticker)
        }
    }
}
