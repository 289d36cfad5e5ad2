import EffectStore
import EffectStoreTesting
import XCTest

/// Children with no effects (`Effect = Never`) are declared with no `work:` and routed by every kind of place — and so
/// with no closure over a `Never`, which warns "will never be executed" (this file builds with warnings as errors).
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

    /// A child with no effects in an enum case: routed in one line.
    enum Mode: ChildState, Hashable {
        case counting(Counter)
        case idle
        enum Event: Sendable { case counter(Counter.Event) }
        typealias Effect = Never

        static let counting = ChildPlace(
            case: Mode.counting, extract: { if case .counting(let counter) = $0 { counter } else { nil } },
            event: Event.counter)
        static let places: ChildPlaces<Mode> = [counting]

        mutating func handle(event: Event) -> Never? {
            switch event {
            case .counter(let event): route(event, to: Self.counting)
            }
        }
    }

    enum Event: Sendable {
        case counter(Counter.Event), mode(Mode.Event), sheet(PresentationEvent<Counter.Event>)
        case row(Int, Counter.Event), path(StackEvent<Counter.Event>), removeRow(Int)
    }

    /// A parent of such children at every kind of place — a property, an enum's case, a presentation, rows, a
    /// stack — which routes each with one line: the two parents below differ only in their effect type.
    protocol CountingParent: State where Event == NoEffectChildTests.Event, Effect: ComposableEffect {
        var counter: Counter { get }
        var mode: Mode { get }
        var sheet: Counter? { get set }
        var rows: IdentifiedStates<Counter> { get set }
        var path: ScreenStack<Counter> { get set }
        static var counter: ChildPlace<Self, SingleChild<Counter>> { get }
        static var mode: ChildPlace<Self, SingleChild<Mode>> { get }
        static var sheet: ChildPlace<Self, Counter?> { get }
        static var rows: ChildPlace<Self, IdentifiedStates<Counter>> { get }
        static var path: ChildPlace<Self, ScreenStack<Counter>> { get }
    }

    /// A parent with a `Planned` effect of its own, whose work has no case.
    struct Parent: CountingParent, Hashable {
        var counter = Counter()
        var mode = Mode.counting(Counter())
        var sheet: Counter?
        var rows: IdentifiedStates<Counter> = [Counter(id: 1)]
        var path = ScreenStack<Counter>()

        enum Work: Sendable, Hashable {}
        typealias Effect = Planned<Work>

        static var initialState: Parent { Parent() }
        static let counter: ChildPlace<Parent, SingleChild<Counter>> = ChildPlace(\Parent.counter, event: Event.counter)
        static let mode: ChildPlace<Parent, SingleChild<Mode>> = ChildPlace(\Parent.mode, event: Event.mode)
        static let sheet: ChildPlace<Parent, Counter?> = ChildPlace(\Parent.sheet, event: Event.sheet)
        static let rows: ChildPlace<Parent, IdentifiedStates<Counter>> = ChildPlace(\Parent.rows, event: Event.row)
        static let path: ChildPlace<Parent, ScreenStack<Counter>> = ChildPlace(\Parent.path, event: Event.path)
        static let places: ChildPlaces<Parent> = [counter, mode, sheet, rows, path]
    }

    /// The same parent with no effects at all: `Never`, as neither it nor its children have any.
    struct NeverParent: CountingParent, Hashable {
        var counter = Counter()
        var mode = Mode.counting(Counter())
        var sheet: Counter?
        var rows: IdentifiedStates<Counter> = [Counter(id: 1)]
        var path = ScreenStack<Counter>()

        typealias Effect = Never

        static var initialState: NeverParent { NeverParent() }
        static let counter: ChildPlace<NeverParent, SingleChild<Counter>> = ChildPlace(
            \NeverParent.counter, event: Event.counter)
        static let mode: ChildPlace<NeverParent, SingleChild<Mode>> = ChildPlace(\NeverParent.mode, event: Event.mode)
        static let sheet: ChildPlace<NeverParent, Counter?> = ChildPlace(\NeverParent.sheet, event: Event.sheet)
        static let rows: ChildPlace<NeverParent, IdentifiedStates<Counter>> = ChildPlace(
            \NeverParent.rows, event: Event.row)
        static let path: ChildPlace<NeverParent, ScreenStack<Counter>> = ChildPlace(
            \NeverParent.path, event: Event.path)
        static let places: ChildPlaces<NeverParent> = [counter, mode, sheet, rows, path]
    }

    /// `parent`, with a sheet presented and a screen pushed, after an event routed to each of its places: every
    /// child counted it, and no transition returned an effect.
    private func routedToEveryPlace<P: CountingParent>(
        _ parent: P, file: StaticString = #filePath, line: UInt = #line
    ) -> P {
        var parent = parent
        parent.sheet = Counter()
        parent.path.push(Counter())

        for event: Event in [
            .counter(.increment), .mode(.counter(.increment)), .sheet(.presented(.increment)), .row(1, .increment),
            .path(.element(id: 0, .increment)),
        ] {
            XCTAssertNil(parent.transition(on: event), "\(event)", file: file, line: line)
        }

        XCTAssertEqual(parent.counter.count, 1, file: file, line: line)
        XCTAssertEqual(parent.mode, .counting(Counter(count: 1)), file: file, line: line)
        XCTAssertEqual(parent.sheet?.count, 1, file: file, line: line)
        XCTAssertEqual(parent.rows[id: 1]?.count, 1, file: file, line: line)
        XCTAssertEqual(parent.path[id: 0]?.count, 1, file: file, line: line)
        return parent
    }

    func test_everyKindOfPlace_routesAChildWithNoEffects_withoutWorkToLift() {
        _ = routedToEveryPlace(Parent())
    }

    /// A child with no work has nothing under its scope to end, whatever its parent's effect: its dismissal, pop and
    /// removal return no cancellation.
    func test_aDismissalAPopAndARemoval_ofAChildWithNoWork_endNothing() {
        var parent = Parent()
        parent.sheet = Counter()
        parent.path.push(Counter())

        XCTAssertNil(parent.transition(on: .sheet(.dismiss)))
        XCTAssertNil(parent.transition(on: .path(.popFrom(id: 0))))
        XCTAssertNil(parent.transition(on: .removeRow(1)))
        XCTAssertNil(parent.sheet)
        XCTAssertTrue(parent.path.isEmpty)
        XCTAssertTrue(parent.rows.isEmpty)
    }

    /// A parent whose effect is `Never` has nothing to end: its children leave with no effect, and nothing stops.
    func test_aParentWithNoEffects_routesEveryKindOfPlace_andItsChildrenLeaveWithNoEffect() {
        runInChildProcess(self) {
            var parent = routedToEveryPlace(NeverParent())

            XCTAssertNil(parent.transition(on: .sheet(.dismiss)))
            XCTAssertNil(parent.transition(on: .path(.popFrom(id: 0))))
            XCTAssertNil(parent.transition(on: .removeRow(1)))
            XCTAssertNil(parent.sheet)
            XCTAssertTrue(parent.path.isEmpty)
            XCTAssertTrue(parent.rows.isEmpty)
        }
    }

    func test_aStoreOfAParentWithNoEffects_endsNothing_andGoesOn() {
        runInChildProcess(self) {
            let store = Store<NeverParent>(initialState: NeverParent(sheet: Counter()))
            store.dispatch(event: .sheet(.dismiss))
            store.dispatch(event: .removeRow(1))
            XCTAssertEqual(store.dispatch(event: .counter(.increment)).wait(timeout: .seconds(10))?.counter.count, 1)
            XCTAssertNil(store.state.sheet)
        }
    }
}

extension NoEffectChildTests.CountingParent {
    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let event): return route(event, to: Self.counter)
        case .mode(let event): return route(event, to: Self.mode)
        case .sheet(let event): return route(event, to: Self.sheet)
        case .row(let id, let event): return route((id, event), to: Self.rows)
        case .path(let event): return route(event, to: Self.path)
        case .removeRow(let id):
            rows.remove(id: id)
            return nil
        }
    }
}
