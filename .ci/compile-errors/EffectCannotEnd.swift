// expect: requires that 'Parent.Effect' conform to 'ComposableEffect'
// Issue 52, case 8: a parent whose effect type cannot carry a child's end declares a place.
import EffectStore

struct Parent: State {
    var ticker: Ticker?
    enum Event: Sendable { case ticker(PresentationEvent<Ticker.Event>) }
    enum Effect: Sendable { case ticker(Ticker.Work) }
    static var initialState: Parent { Parent() }
    static let ticker = ChildPlace(\Parent.ticker, event: Event.ticker, work: Effect.ticker)
    mutating func handle(event: Event) -> Effect? { nil }
}
