import EffectStore
import EffectStoreTesting
import XCTest

/// A screen with a case of two values, and two cases whose values have the same type.
private enum Screen: Equatable, Sendable {
    case home
    case meeting(String, syncUp: Int)
    case title(String)
    case subtitle(String)
}

extension EnumCase where Root == Screen, Value == (String, Int) {
    fileprivate static var meeting: Self {
        EnumCase(Screen.meeting) { if case .meeting(let name, let syncUp) = $0 { (name, syncUp) } else { nil } }
    }
}

extension EnumCase where Root == Screen, Value == String {
    fileprivate static var title: Self { EnumCase(Screen.title) { if case .title(let text) = $0 { text } else { nil } } }
    fileprivate static var subtitle: Self {
        EnumCase(Screen.subtitle) { if case .subtitle(let text) = $0 { text } else { nil } }
    }
}

/// An enum state whose counter exists only in one case, with a plain effect: `handle(_:of:as:effect:)` routes it.
private enum Slot: State, Equatable {
    case empty
    case counter(Counter)

    enum Event: Sendable { case counter(Counter.Event) }
    enum Effect: Sendable, Equatable { case counter(Counter.Effect) }

    static var initialState: Slot { .empty }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let event):
            guard case .counter(let child) = self else { return nil }
            return handle(event, of: child, as: Self.counter, effect: Effect.counter)
        }
    }
}

extension EnumCase where Root == Slot, Value == Counter {
    fileprivate static var counter: Self { EnumCase(Slot.counter) { if case .counter(let c) = $0 { c } else { nil } } }
}

/// The same, with a composable effect: the counter's plans are lifted as plans.
private enum PlanSlot: State, Equatable {
    case empty
    case counter(Counter)

    enum Event: Sendable { case counter(Counter.Event) }
    enum Work: Sendable, Equatable {
        case counter(Counter.Effect)
    }
    typealias Effect = Planned<Work>

    static var initialState: PlanSlot { .empty }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let event):
            guard case .counter(let child) = self else { return nil }
            return handle(event, of: child, as: Self.counter, effect: { .work(.counter($0)) })
        }
    }
}

extension EnumCase where Root == PlanSlot, Value == Counter {
    fileprivate static var counter: Self {
        EnumCase(PlanSlot.counter) { if case .counter(let c) = $0 { c } else { nil } }
    }
}

/// A row — a `ChildState`, not a `State` — that hosts a stored child, a counter.
private struct Card: ChildState, Identifiable, Equatable {
    let id: Int
    var counter: Counter

    enum Event: Sendable { case counter(Counter.Event) }
    enum Work: Sendable, Equatable {
        case counter(Counter.Effect)
    }
    typealias Effect = Planned<Work>

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let event): return handle(event, in: \.counter, effect: { .work(.counter($0)) })
        }
    }
}

/// A `ChildState` enum — a row's side that has a counter only when face up — that hosts a case child.
private enum Side: ChildState, Equatable {
    case down
    case up(Counter)

    enum Event: Sendable { case counter(Counter.Event) }
    enum Effect: Sendable, Equatable { case counter(Counter.Effect) }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let event):
            guard case .up(let child) = self else { return nil }
            return handle(event, of: child, as: Self.up, effect: Effect.counter)
        }
    }
}

extension EnumCase where Root == Side, Value == Counter {
    fileprivate static var up: Self { EnumCase(Side.up) { if case .up(let c) = $0 { c } else { nil } } }
}

/// A list of cards, each hosting its own counter.
private struct Deck: State, Equatable {
    var cards: IdentifiedStates<Card> = [Card(id: 1, counter: Counter(id: 10)), Card(id: 2, counter: Counter(id: 20))]

    enum Event: Sendable { case card(id: Int, Card.Event) }
    enum Effect: Sendable, Equatable { case card(id: Int, Card.Effect) }

    static var initialState: Deck { Deck() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .card(let id, let event): return handle((id, event), in: \.cards, effect: Effect.card)
        }
    }
}

/// A child feature with an effect handler of its own, echoing a number as text.
private struct Echo: State, Equatable {
    enum Event: Sendable, Equatable { case said(String) }
    enum Effect: Sendable, Equatable { case say(Int) }

    static var initialState: Echo { Echo() }

    mutating func handle(event: Event) -> Effect? { nil }
}

private final class EchoEffects: EffectHandler {
    func handle(effect: Echo.Effect) -> Future<Echo.Event>? {
        switch effect {
        case .say(let number): return Future(value: .said("\(number)"))
        }
    }
}

/// A parent of one echo and of rows of echoes, with an effect of its own whose value has the echo's effect type.
private struct Echoes: State, Equatable {
    enum Event: Sendable, Equatable { case echo(Echo.Event), row(id: Int, Echo.Event), own(String) }
    enum Effect: Sendable, Equatable { case echo(Echo.Effect), row(id: Int, Echo.Effect), other(Echo.Effect) }

    static var initialState: Echoes { Echoes() }

    mutating func handle(event: Event) -> Effect? { nil }
}

private final class EchoesOwnEffects: EffectHandler {
    func handle(effect: Echoes.Effect) -> Future<Echoes.Event>? {
        switch effect {
        case .other(.say(let number)): return Future(value: .own("other \(number)"))
        case .echo, .row: return Future(value: .own("claimed by its own part, not here"))
        }
    }
}

extension EnumCase where Root == Echoes.Effect, Value == Echo.Effect {
    fileprivate static var echo: Self { EnumCase(Echoes.Effect.echo) { if case .echo(let e) = $0 { e } else { nil } } }
}

extension EnumCase where Root == Echoes.Effect, Value == (Int, Echo.Effect) {
    fileprivate static var row: Self {
        EnumCase(Echoes.Effect.row) { if case .row(let id, let e) = $0 { (id, e) } else { nil } }
    }
}

/// Checks that `handler` routes each kind of `Echoes` effect to its part.
private func assertRoutes(_ handler: ComposedEffectHandler<Echoes>, line: UInt = #line) {
    assertEffect(.echo(.say(1)), on: handler, produces: .echo(.said("1")), line: line)
    assertEffect(.row(id: 4, .say(2)), on: handler, produces: .row(id: 4, .said("2")), line: line)
    assertEffect(.other(.say(3)), on: handler, produces: .own("other 3"), line: line)
}

final class EnumCaseTests: XCTestCase {
    // MARK: - The value

    func test_aCaseOfTwoValues_extractsThePair() {
        let pair = EnumCase.meeting.extract(from: .meeting("Retro", syncUp: 3))
        XCTAssertEqual(pair?.0, "Retro")
        XCTAssertEqual(pair?.1, 3)
    }

    func test_twoCasesOfTheSameValueType_areNotConfused() {
        XCTAssertEqual(EnumCase.title.extract(from: .title("A")), "A")
        XCTAssertNil(EnumCase.title.extract(from: .subtitle("A")))
        XCTAssertEqual(EnumCase.subtitle.extract(from: .subtitle("B")), "B")
        XCTAssertNil(EnumCase.subtitle.extract(from: .title("B")))
    }

    func test_anotherCase_extractsNil() {
        XCTAssertNil(EnumCase.meeting.extract(from: .home))
        XCTAssertNil(EnumCase.meeting.extract(from: .title("Standup")))
        XCTAssertNil(EnumCase.title.extract(from: .home))
    }

    // MARK: - Routing into a case

    func test_inCase_routesToTheChild_andLiftsItsEffect() {
        var slot = Slot.counter(Counter(id: 1))

        XCTAssertNil(slot.handle(event: .counter(.increment)))
        XCTAssertEqual(slot.handle(event: .counter(.save)), .counter(.work(.persist(1))))
        XCTAssertEqual(slot, .counter(Counter(id: 1, count: 1)))
    }

    func test_inCase_inAnotherCase_ignoresTheEvent() {
        var slot = Slot.empty

        XCTAssertNil(slot.handle(event: .counter(.save)))
        XCTAssertEqual(slot, .empty)
    }

    func test_inCase_withComposableEffects_liftsTheChildsPlanAsAPlan() {
        var slot = PlanSlot.counter(Counter(id: 1))

        XCTAssertEqual(
            slot.handle(event: .counter(.startTicking)),
            PlanSlot.Effect.lifting(Counter.Effect.work(.ticks).cancellable(id: "ticks"), into: { .work(.counter($0)) }))
        XCTAssertEqual(slot.handle(event: .counter(.save)), .work(.counter(.work(.persist(0)))))
    }

    func test_inCase_withComposableEffects_inAnotherCase_ignoresEveryEvent() {
        var slot = PlanSlot.empty

        for event: Counter.Event in [.increment, .save, .startTicking, .stopTicking, .tick, .saved(2)] {
            XCTAssertNil(slot.handle(event: .counter(event)))
        }
        XCTAssertEqual(slot, .empty)
    }

    // MARK: - A ChildState as the host

    func test_aRow_hostsAStoredChild() {
        var card = Card(id: 1, counter: Counter(id: 10))

        XCTAssertNil(card.handle(event: .counter(.increment)))
        XCTAssertEqual(card.handle(event: .counter(.save)), .work(.counter(.work(.persist(1)))))
        XCTAssertEqual(
            card.handle(event: .counter(.startTicking)),
            Card.Effect.lifting(Counter.Effect.work(.ticks).cancellable(id: "ticks"), into: { .work(.counter($0)) }))
        XCTAssertEqual(card, Card(id: 1, counter: Counter(id: 10, count: 1)))
    }

    func test_aRowHostingAStoredChild_isRoutedByItsList() {
        var deck = Deck()

        _ = deck.handle(event: .card(id: 2, .counter(.increment)))
        _ = deck.handle(event: .card(id: 2, .counter(.increment)))

        XCTAssertEqual(deck.cards[id: 1]?.counter, Counter(id: 10))
        XCTAssertEqual(deck.cards[id: 2]?.counter, Counter(id: 20, count: 2))
    }

    func test_aChildStateEnum_hostsACaseChild() {
        var side = Side.up(Counter(id: 1))
        XCTAssertEqual(side.handle(event: .counter(.save)), .counter(.work(.persist(0))))
        XCTAssertNil(side.handle(event: .counter(.increment)))
        XCTAssertEqual(side, .up(Counter(id: 1, count: 1)))

        var down = Side.down
        XCTAssertNil(down.handle(event: .counter(.save)))
        XCTAssertEqual(down, .down)
    }

    // MARK: - Effect handlers

    func test_childAndRows_routeByEnumCase() {
        let echo = EchoEffects()
        assertRoutes(
            ComposedEffectHandler(
                .child(effect: .echo, event: Echoes.Event.echo) { echo.handle(effect: $0) },
                .rows(effect: .row, event: Echoes.Event.row) { _, effect in echo.handle(effect: effect) },
                .own(EchoesOwnEffects())))
    }
}
