import EffectStore
import EffectStoreTesting

/// A row of ``BenchTimerBoard`` that keeps a timer in flight: work that ends when the row leaves.
public struct BenchTimedRow: ChildState, Identifiable, Equatable {
    public let id: Int

    public enum Event: Sendable { case start, fired }
    public enum Work: Sendable, Equatable { case fire }
    public typealias Effect = Planned<Work>

    public init(id: Int) { self.id = id }

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start: return Effect.work(.fire).delayed(by: .seconds(3_600), id: "timer")
        case .fired: return nil
        }
    }
}

/// A board whose rows each keep a timer in flight, and that removes one row, or every other row, in one transition.
public struct BenchTimerBoard: State, Equatable {
    public var rows: IdentifiedStates<BenchTimedRow>

    public enum Event: Sendable {
        case row(id: Int, BenchTimedRow.Event)
        case remove(id: Int)
        case removeEvenRows
    }

    public enum Work: Sendable, Equatable { case row(id: Int, BenchTimedRow.Work) }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// A board of `rowCount` rows, ids `0..<rowCount`.
    public init(rowCount: Int) { rows = IdentifiedStates((0..<rowCount).map(BenchTimedRow.init)) }

    public static var initialState: BenchTimerBoard { BenchTimerBoard(rowCount: 0) }

    /// The rows.
    public static let rows = ChildPlace(\BenchTimerBoard.rows, event: Event.row, work: Work.row)
    public static let places: ChildPlaces<BenchTimerBoard> = [rows]

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .row(let id, let event): return route((id, event), to: Self.rows)
        case .remove(let id): rows.remove(id: id)
        case .removeEvenRows: rows.removeAll { $0.id.isMultiple(of: 2) }
        }
        return nil
    }
}

/// The effect handler of ``BenchTimerBoard``'s store: the timers never fire (the clock is a `TestClock` that is never
/// advanced), so it is never called.
public final class BenchTimerBoardEffects: PlannedEffectHandler {
    public init() {}
    public func perform(_ work: BenchTimerBoard.Work) -> Future<BenchTimerBoard.Event>? { nil }
}

extension Workloads {
    /// A store of a board of `rows` rows, each with its timer in flight, and its clock.
    static func timerBoard(rows: Int) throws -> (Store<BenchTimerBoard>, TestClock) {
        let clock = TestClock()
        let store = Store(
            initialState: BenchTimerBoard(rowCount: rows), effectHandler: BenchTimerBoardEffects(), clock: clock)
        for id in 0..<rows { store.dispatch(event: .row(id: id, .start)) }
        try verify(clock.scheduledCount == rows, "rows.remove: \(clock.scheduledCount) timers of \(rows)")
        return (store, clock)
    }

    /// `rows.remove-half.10k`: one transition, through a store, that removes every other row of `rows` rows, each
    /// with a timer in flight, and so ends half the timers; nanoseconds for the transition. Compare with
    /// `rows.remove-one.10k`: ending k children costs O(k) beyond the transition, so the ratio stays far below the
    /// number of rows removed times the rows left, which an ending that compared the rows pairwise would cost.
    public static func rowsRemoveHalf(rows: Int) throws -> Double {
        let (store, clock) = try timerBoard(rows: rows)
        let start = now()
        store.dispatch(event: .removeEvenRows)
        let elapsed = now() - start
        let left = rows - (rows + 1) / 2
        try verify(
            store.state.rows.count == left && clock.scheduledCount == left,
            "rows.remove-half: \(store.state.rows.count) rows and \(clock.scheduledCount) timers left of \(left)")
        return Double(elapsed)
    }

    /// `rows.remove-one.10k`: one transition, through a store, that removes one row of `rows` rows, each with a timer
    /// in flight, and so ends one timer; nanoseconds per transition, over `count` removals from the middle.
    public static func rowsRemoveOne(rows: Int, count: Int) throws -> Double {
        let (store, clock) = try timerBoard(rows: rows)
        let start = now()
        for removal in 0..<count { store.dispatch(event: .remove(id: rows / 2 - count / 2 + removal)) }
        let elapsed = now() - start
        try verify(
            store.state.rows.count == rows - count && clock.scheduledCount == rows - count,
            "rows.remove-one: \(store.state.rows.count) rows and \(clock.scheduledCount) timers left")
        return Double(elapsed) / Double(count)
    }
}
