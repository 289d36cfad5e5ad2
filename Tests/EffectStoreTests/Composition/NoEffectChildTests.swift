import EffectStore
import XCTest

/// Children with no effects (`Effect = Never`) are routed by every verb with no `effect:` to write — and so with no
/// closure over a `Never`, which warns "will never be executed" (this file builds with warnings as errors).
final class NoEffectChildTests: XCTestCase {
    struct Counter: ChildState, Identifiable, Hashable {
        var id = 0
        var count = 0
        enum Event: Sendable { case increment }
        typealias Effect = Never
        mutating func handle(event: Event) -> Never? {
            count += 1
            return nil
        }
    }

    enum Mode: ChildState, Hashable {
        case counting(Counter)
        case idle
        enum Event: Sendable { case counter(Counter.Event) }
        typealias Effect = Never
        mutating func handle(event: Event) -> Never? {
            switch (self, event) {
            case (.counting(var counter), .counter(let event)):
                _ = counter.handle(event: event)
                self = .counting(counter)
                return nil
            case (.idle, _): return nil
            }
        }
    }

    struct Parent: State, Hashable {
        var counter = Counter()
        var mode = Mode.counting(Counter())
        var sheet: Counter?
        var rows: IdentifiedStates<Counter> = [Counter(id: 1)]
        var path = ScreenStack<Counter>()

        enum Event: Sendable {
            case counter(Counter.Event), mode(Mode.Event), sheet(PresentationEvent<Counter.Event>)
            case row(Int, Counter.Event), path(StackEvent<Counter.Event>)
        }
        enum Work: Sendable, Hashable {
        }
        typealias Effect = Planned<Work>

        static var initialState: Parent { Parent() }
        static let places: ChildPlaces<Parent> = [.presented(\.sheet), .rows(\.rows), .stack(\.path)]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .counter(let event): handle(event, in: \.counter)
            case .mode(let event): handle(event, in: \.mode)
            case .sheet(let event): handle(event, in: \.sheet)
            case .row(let id, let event): handle((id, event), in: \.rows)
            case .path(let event): handle(event, in: \.path)
            }
        }
    }

    func test_everyVerb_routesAChildWithNoEffects_withoutAnEffectToLift() {
        var parent = Parent()
        parent.sheet = Counter()
        parent.path.push(Counter())

        XCTAssertNil(parent.handle(event: .counter(.increment)))
        XCTAssertNil(parent.handle(event: .mode(.counter(.increment))))
        XCTAssertNil(parent.handle(event: .sheet(.presented(.increment))))
        XCTAssertNil(parent.handle(event: .row(1, .increment)))
        XCTAssertNil(parent.handle(event: .path(.element(id: 0, .increment))))

        XCTAssertEqual(parent.counter.count, 1)
        XCTAssertEqual(parent.mode, .counting(Counter(count: 1)))
        XCTAssertEqual(parent.sheet?.count, 1)
        XCTAssertEqual(parent.rows[id: 1]?.count, 1)
        XCTAssertEqual(parent.path[id: 0]?.count, 1)
    }

    func test_aDismissalAndAPop_stillEndTheirChild() {
        var parent = Parent()
        parent.sheet = Counter()
        parent.path.push(Counter())

        XCTAssertEqual(parent.transition(on: .sheet(.dismiss)), .cancel(id: PresentationScope(\Parent.sheet)))
        XCTAssertEqual(
            parent.transition(on: .path(.popFrom(id: 0))), .cancel(id: ScreenScope(\Parent.path, 0)))
        XCTAssertNil(parent.sheet)
        XCTAssertTrue(parent.path.isEmpty)
    }
}
