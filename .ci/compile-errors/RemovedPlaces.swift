// expect: 'presented' is unavailable: declare the place once, static let x = ChildPlace(
// A form removed by issue 52: places listed by kind and key path.
import EffectStore

struct Parent: State {
    var ticker: Ticker?
    enum Event: Sendable { case ticker(PresentationEvent<Ticker.Event>) }
    enum Work: Sendable { case ticker(Ticker.Work) }
    typealias Effect = Planned<Work>
    static var initialState: Parent { Parent() }
    static let places: ChildPlaces<Parent> = [.presented(\.ticker)]
    mutating func handle(event: Event) -> Effect? { nil }
}
