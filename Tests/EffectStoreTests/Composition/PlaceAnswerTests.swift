import EffectStore
import EffectStoreTesting
import XCTest

/// A child that pings, and counts the answers.
private struct Pinger: ChildState, Equatable {
    var pings = 0

    enum Event: Sendable, Equatable { case ping, pinged }
    enum Work: Sendable, Equatable { case ping }
    typealias Effect = Planned<Work>

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .ping: return .work(.ping)
        case .pinged: pings += 1; return nil
        }
    }
}

private final class PingerEffects: PlannedEffectHandler {
    func perform(_ work: Pinger.Work) -> Future<Pinger.Event>? {
        switch work {
        case .ping: Future(value: .pinged)
        }
    }
}

/// A parent with a child's work and work of its own: a shelf whose pinger pings, and that saves itself.
private struct Shelf: State, Equatable {
    var saved: [Int] = []
    var pinger = Pinger()

    enum Event: Sendable, Equatable { case save(Int), saved(Int), pinger(Pinger.Event), forget }
    enum Work: Sendable, Equatable { case pinger(Pinger.Work), write(Int), forgotten }
    typealias Effect = Planned<Work>

    static var initialState: Shelf { Shelf() }

    static let pinger = ChildPlace(\Shelf.pinger, event: Event.pinger, work: Work.pinger)
    static let places: ChildPlaces<Shelf> = [pinger]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .save(let value): return .work(.write(value))
        case .saved(let value): saved.append(value); return nil
        case .pinger(let event): return route(event, to: Self.pinger)
        case .forget: return .work(.forgotten)
        }
    }
}

/// The parent's handler: one switch over its work, its own performed here, the child's handed to the child's handler
/// through its place.
private final class ShelfEffects: PlannedEffectHandler {
    private let pinger = PingerEffects()

    func perform(_ work: Shelf.Work) -> EffectAnswer<Shelf.Event>? {
        switch work {
        case .pinger(let work): Shelf.pinger.answer(work, by: pinger.perform)
        case .write(let value): .future(Future(value: .saved(value)))
        case .forgotten: nil
        }
    }
}

/// A child feature with an effect handler of its own, echoing a number as text.
private struct Echo: ChildState, Identifiable, Equatable {
    var id = 0

    enum Event: Sendable, Equatable { case said(String) }
    enum Work: Sendable, Equatable { case say(Int) }
    typealias Effect = Planned<Work>

    mutating func handle(event: Event) -> Effect? { nil }
}

private final class EchoEffects: PlannedEffectHandler {
    func perform(_ work: Echo.Work) -> Future<Echo.Event>? {
        switch work {
        case .say(let number): Future(value: .said("\(number)"))
        }
    }
}

/// A parent of one echo and of rows of echoes, with work of its own whose value has the echo's work type.
private struct Echoes: State, Equatable {
    var echo = Echo()
    var rows: IdentifiedStates<Echo> = []

    enum Event: Sendable, Equatable { case echo(Echo.Event), row(id: Int, Echo.Event), own(String) }
    enum Work: Sendable, Equatable { case echo(Echo.Work), row(id: Int, Echo.Work), other(Echo.Work) }
    typealias Effect = Planned<Work>

    static var initialState: Echoes { Echoes() }

    static let echo = ChildPlace(\Echoes.echo, event: Event.echo, work: Work.echo)
    static let rows = ChildPlace(\Echoes.rows, event: Event.row, work: Work.row)
    static let places: ChildPlaces<Echoes> = [echo, rows]

    mutating func handle(event: Event) -> Effect? { nil }
}

private final class EchoesEffects: PlannedEffectHandler {
    private let echo = EchoEffects()

    func perform(_ work: Echoes.Work) -> EffectAnswer<Echoes.Event>? {
        switch work {
        case .echo(let work): Echoes.echo.answer(work, by: echo.perform)
        case .row(let id, let work): Echoes.rows.answer((id, work), by: echo.perform)
        case .other(.say(let number)): .future(Future(value: .own("other \(number)")))
        }
    }
}

/// A parent's effect handler hands a child's work to the child's handler through the child's place, and the answer
/// comes back as the parent's event, as the place embeds it.
final class PlaceAnswerTests: XCTestCase {
    func test_aParentsHandler_performsItsOwnWork_andAnswersItsChildsThroughThePlace() {
        let store = Store<Shelf>(effectHandler: ShelfEffects())
        store.dispatch(event: .save(3))
        store.dispatch(event: .pinger(.ping))
        store.dispatch(event: .forget)
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(10)))
        XCTAssertEqual(store.state, Shelf(saved: [3], pinger: Pinger(pings: 1)))
    }

    func test_aParentsHandler_answersEachWork_dataInDataOut() {
        assertEffect(.work(.write(7)), on: ShelfEffects(), produces: .saved(7))
        assertEffect(.work(.pinger(.ping)), on: ShelfEffects(), produces: .pinger(.pinged))
        assertEffectProducesNoEvent(.work(.forgotten), on: ShelfEffects())
    }

    func test_aChildsAndARowsWork_areAnsweredWithTheirPlacesEvents_andOwnWorkOfTheSameTypeIsNotTheirs() {
        let handler = EchoesEffects()
        assertEffect(.work(.echo(.say(1))), on: handler, produces: .echo(.said("1")))
        assertEffect(.work(.row(id: 4, .say(2))), on: handler, produces: .row(id: 4, .said("2")))
        assertEffect(.work(.other(.say(3))), on: handler, produces: .own("other 3"))
    }

    func test_aPlacesAnswer_isNilWhenTheChildsHandlerAnswersNothing() {
        XCTAssertNil(Echoes.rows.answer((4, .say(1))) { (_: Echo.Work) -> Future<Echo.Event>? in nil })
    }
}
