import EffectStore
import EffectStoreTesting
import XCTest

/// An enum state whose counter exists only in one case, declared as a case place: routing reaches the counter while
/// the enum is in its case, and lifts its plans as plans.
private enum Slot: State, Equatable {
    case empty
    case counter(Counter)

    enum Event: Sendable { case counter(Counter.Event) }
    enum Work: Sendable, Equatable {
        case counter(Counter.Work)
    }
    typealias Effect = Planned<Work>

    static var initialState: Slot { .empty }

    static let counter = ChildPlace(
        case: Slot.counter, extract: { if case .counter(let counter) = $0 { counter } else { nil } },
        event: Event.counter, work: Work.counter)
    static let places: ChildPlaces<Slot> = [counter]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let event): return route(event, to: Self.counter)
        }
    }
}

/// A card with two faces, each a case holding a counter: two places of one child type in one enum.
private enum Face: State, Equatable {
    case front(Counter)
    case back(Counter)
    case blank

    enum Event: Sendable { case front(Counter.Event), back(Counter.Event), turn }
    enum Work: Sendable, Equatable { case front(Counter.Work), back(Counter.Work) }
    typealias Effect = Planned<Work>

    static var initialState: Face { .blank }

    static let front = ChildPlace(
        case: Face.front, extract: { if case .front(let counter) = $0 { counter } else { nil } },
        event: Event.front, work: Work.front)
    static let back = ChildPlace(
        case: Face.back, extract: { if case .back(let counter) = $0 { counter } else { nil } },
        event: Event.back, work: Work.back)
    static let places: ChildPlaces<Face> = [front, back]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .front(let event): return route(event, to: Self.front)
        case .back(let event): return route(event, to: Self.back)
        case .turn:
            switch self {
            case .front(let counter): self = .back(counter)
            case .back(let counter): self = .front(counter)
            case .blank: break
            }
            return nil
        }
    }
}

/// A row — a `ChildState`, not a `State` — that hosts a stored child, a counter.
private struct Card: ChildState, Identifiable, Equatable {
    let id: Int
    var counter: Counter

    enum Event: Sendable { case counter(Counter.Event) }
    enum Work: Sendable, Equatable {
        case counter(Counter.Work)
    }
    typealias Effect = Planned<Work>

    static let counter = ChildPlace(\Card.counter, event: Event.counter, work: Work.counter)
    static let places: ChildPlaces<Card> = [counter]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let event): return route(event, to: Self.counter)
        }
    }
}

/// A `ChildState` enum — a row's side that has a counter only when face up — that hosts a case child.
private enum Side: ChildState, Equatable {
    case down
    case up(Counter)

    enum Event: Sendable { case counter(Counter.Event) }
    enum Work: Sendable, Equatable { case counter(Counter.Work) }
    typealias Effect = Planned<Work>

    static let up = ChildPlace(
        case: Side.up, extract: { if case .up(let counter) = $0 { counter } else { nil } },
        event: Event.counter, work: Work.counter)
    static let places: ChildPlaces<Side> = [up]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let event): return route(event, to: Self.up)
        }
    }
}

/// A list of cards, each hosting its own counter.
private struct Deck: State, Equatable {
    var cards: IdentifiedStates<Card> = [Card(id: 1, counter: Counter(id: 10)), Card(id: 2, counter: Counter(id: 20))]

    enum Event: Sendable { case card(id: Int, Card.Event) }
    enum Work: Sendable, Equatable { case card(id: Int, Card.Work) }
    typealias Effect = Planned<Work>

    static var initialState: Deck { Deck() }

    static let cards = ChildPlace(\Deck.cards, event: Event.card, work: Work.card)
    static let places: ChildPlaces<Deck> = [cards]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .card(let id, let event): return route((id, event), to: Self.cards)
        }
    }
}

/// The one scope a place of one child ends: what its `ending()` cancels.
private func scope<Parent, Holder>(of place: ChildPlace<Parent, Holder>) -> EffectID? {
    guard case .cancel(let scope)? = place.ending().plan else { return nil }
    return scope
}

final class CasePlaceTests: XCTestCase {
    // MARK: - Routing into a case

    func test_routeToACase_reachesTheChild_andLiftsItsEffectUnderTheCasesScope() throws {
        var slot = Slot.counter(Counter(id: 1))

        XCTAssertNil(slot.transition(on: .counter(.increment)))
        let effect = slot.transition(on: .counter(.save))

        XCTAssertEqual(effect, Slot.counter.lift(.work(.persist(1))))
        XCTAssertEqual(
            effect, Slot.Effect.work(.counter(.persist(1))).cancellable(id: try XCTUnwrap(scope(of: Slot.counter))))
        XCTAssertEqual(slot, .counter(Counter(id: 1, count: 1)))
    }

    func test_routeToACase_inAnotherCase_ignoresEveryEvent() {
        var slot = Slot.empty

        for event: Counter.Event in [.increment, .save, .startTicking, .stopTicking, .tick, .saved(2)] {
            XCTAssertNil(slot.transition(on: .counter(event)))
        }
        XCTAssertEqual(slot, .empty)
    }

    func test_routeToACase_liftsTheChildsPlanAsAPlan_withItsIDsTheChildsOwn() {
        var slot = Slot.counter(Counter(id: 1))

        let ticks = Counter.Effect.work(.ticks).cancellable(id: "ticks")
        let effect = slot.transition(on: .counter(.startTicking))

        XCTAssertEqual(effect, Slot.counter.lift(ticks))
        guard case .cancellable(let inner, _, false)? = effect?.plan,
            case .cancellable(let work, let id, false)? = inner.plan
        else { return XCTFail("\(String(describing: effect)): not the counter's cancellable ticks under the case") }
        XCTAssertEqual(work, .work(.counter(.ticks)))
        XCTAssertNotEqual(id, EffectID("ticks"), "the counter's id is its own")
    }

    // MARK: - Two cases of one child type

    func test_twoCasesOfOneChildType_areTwoPlaces_thatNeverShareAScope() {
        var face = Face.front(Counter(id: 1))

        XCTAssertNil(face.transition(on: .back(.increment)), "the card shows its front")
        XCTAssertEqual(face, .front(Counter(id: 1)))
        XCTAssertEqual(face.transition(on: .front(.save)), Face.front.lift(.work(.persist(0))))
        XCTAssertNotEqual(Face.front.ending(), Face.back.ending())
        XCTAssertNotEqual(Face.front.lift(.work(.persist(0))), Face.back.lift(.work(.persist(0))))
    }

    func test_aChildMovedToAnotherCase_leavesItsPlace_andItsWorkEnds() {
        var face = Face.front(Counter(id: 1))
        _ = face.transition(on: .front(.startTicking))

        XCTAssertEqual(face.transition(on: .turn), Face.front.ending())
        XCTAssertEqual(face, .back(Counter(id: 1)))
        XCTAssertEqual(face.transition(on: .turn), Face.back.ending())
    }

    // MARK: - A ChildState as the host

    func test_aRow_hostsAChildInAProperty_whoseIDsAreScoped() {
        var card = Card(id: 1, counter: Counter(id: 10))

        XCTAssertNil(card.transition(on: .counter(.increment)))
        XCTAssertEqual(card.transition(on: .counter(.save)), .work(.counter(.persist(1))), "a property's child stays")
        let ticks = Counter.Effect.work(.ticks).cancellable(id: "ticks")
        let started = card.transition(on: .counter(.startTicking))
        XCTAssertEqual(started, Card.counter.lift(ticks))
        XCTAssertNotEqual(
            started, Card.Effect.work(.counter(.ticks)).cancellable(id: "ticks"),
            "a property's child's ids are its own too (issue 52)")
        XCTAssertEqual(card, Card(id: 1, counter: Counter(id: 10, count: 1)))
    }

    func test_aRowHostingAChildInAProperty_isRoutedByItsList() {
        var deck = Deck()

        _ = deck.transition(on: .card(id: 2, .counter(.increment)))
        let effect = deck.transition(on: .card(id: 2, .counter(.save)))

        XCTAssertEqual(deck.cards[id: 1]?.counter, Counter(id: 10))
        XCTAssertEqual(deck.cards[id: 2]?.counter, Counter(id: 20, count: 1))
        XCTAssertEqual(effect, Deck.cards.lift((2, Card.counter.lift(.work(.persist(1))))))
    }

    func test_aChildStateEnum_hostsACaseChild() {
        var side = Side.up(Counter(id: 1))
        XCTAssertEqual(side.transition(on: .counter(.save)), Side.up.lift(.work(.persist(0))))
        XCTAssertNil(side.transition(on: .counter(.increment)))
        XCTAssertEqual(side, .up(Counter(id: 1, count: 1)))

        var down = Side.down
        XCTAssertNil(down.transition(on: .counter(.save)))
        XCTAssertEqual(down, .down)
    }
}
