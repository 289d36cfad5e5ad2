// expect: 'handle(_:of:as:effect:)' is unavailable: declare the case's place
// A form removed by issue 52: routing to an enum case's child by hand.
import EffectStore

enum Screen: ChildState {
    case ticker(Ticker)
    enum Event: Sendable { case ticker(Ticker.Event) }
    enum Work: Sendable { case ticker(Ticker.Work) }
    typealias Effect = Planned<Work>
    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.ticker(let ticker), .ticker(let event)):
            return handle(event, of: ticker, as: Screen.ticker, effect: { (_: Ticker.Effect) in nil as Effect? ?? .all([]) })
        }
    }
}
