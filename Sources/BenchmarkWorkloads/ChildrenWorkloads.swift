import EffectStore

/// One row of ``BenchBoard``: a counter that exists only with data.
public struct BenchRow: ChildState, Identifiable, Equatable {
    public let id: Int
    public var count = 0

    public enum Event: Sendable { case increment }
    public enum Work: Sendable, Equatable { case never }
    public typealias Effect = Planned<Work>

    public init(id: Int) { self.id = id }

    public mutating func handle(event: Event) -> Effect? {
        count &+= 1
        return nil
    }
}

/// A parent whose rows are routed by id, with a composable effect as an app's would be.
public struct BenchBoard: State, Equatable {
    public var rows: IdentifiedStates<BenchRow>

    public enum Event: Sendable { case row(id: Int, BenchRow.Event) }

    public enum Work: Sendable, Equatable {
        case row(id: Int, BenchRow.Work)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// A board of `rowCount` rows, ids `0..<rowCount`.
    public init(rowCount: Int) { rows = IdentifiedStates((0..<rowCount).map(BenchRow.init)) }

    public static var initialState: BenchBoard { BenchBoard(rowCount: 0) }

    /// The rows.
    public static let rows = ChildPlace(\BenchBoard.rows, event: Event.row, work: Work.row)
    public static let places: ChildPlaces<BenchBoard> = [rows]

    // Not inlined into callers, so the workload measures a real call, as a store makes one.
    @inline(never)
    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .row(let id, let event): return route((id, event), to: Self.rows)
        }
    }
}

/// The effect handler of ``BenchBoard``'s store: a row's `increment` asks for no effect, so it is never called.
public final class BenchBoardEffects: PlannedEffectHandler {
    public init() {}
    public func perform(_ work: BenchBoard.Work) -> Future<BenchBoard.Event>? { nil }
}

extension Workloads {
    /// One event routed by id to one row of a board of `rows` rows, with no store: `children.route` (10,000 rows)
    /// and `children.route.10` (10 rows). The rows are visited in a scattered order, so that a large board pays for
    /// its size if routing depends on it.
    public static func childrenRoute(rows rowCount: Int, count: Int) throws -> Double {
        var board = BenchBoard(rowCount: rowCount)
        var effects = 0
        // A stride coprime with the row count visits every row before any twice, far apart.
        let stride = [7919, 7, 11, 13, 1].first { gcd($0, rowCount) == 1 && $0 < max(rowCount, 2) } ?? 1
        var id = 0
        let start = now()
        for _ in 0..<count {
            if board.handle(event: .row(id: id, .increment)) != nil { effects &+= 1 }
            id = (id + stride) % rowCount
        }
        let elapsed = now() - start
        let total = board.rows.reduce(0) { $0 + $1.count }
        let least = board.rows.map(\.count).min() ?? 0
        try verify(
            total == count && effects == 0 && least == count / rowCount,
            "children.route(\(rowCount)): total \(total), effects \(effects), least \(least)"
        )
        return Double(elapsed) / Double(count)
    }
}

/// The greatest common divisor of `a` and `b`.
func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

/// A parent whose child lives in one case of an enum, as an app's logged-in flow would be.
public enum BenchFlow: State, Equatable {
    case idle
    case active(BenchRow)

    public enum Event: Sendable { case row(BenchRow.Event) }
    public enum Work: Sendable, Equatable { case row(BenchRow.Work) }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    public static var initialState: BenchFlow { .active(BenchRow(id: 0)) }

    /// The child of the active case.
    public static let active = ChildPlace(
        case: BenchFlow.active, extract: { if case .active(let row) = $0 { row } else { nil } }, event: Event.row,
        work: Work.row)
    public static let places: ChildPlaces<BenchFlow> = [active]

    // Not inlined into callers, so the workload measures a real call, as a store makes one.
    @inline(never)
    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .row(let event): return route(event, to: Self.active)
        }
    }
}

extension Workloads {
    /// One event routed into the child held in the current case of an enum state, with no store:
    /// `children.route.case`.
    public static func childrenRouteCase(count: Int) throws -> Double {
        var flow = BenchFlow.initialState
        var effects = 0
        let start = now()
        for _ in 0..<count where flow.handle(event: .row(.increment)) != nil { effects &+= 1 }
        let elapsed = now() - start
        var ignored = BenchFlow.idle
        let ignoredEffect = ignored.handle(event: .row(.increment))
        let routed = if case .active(let row) = flow { row.count } else { -1 }
        try verify(
            routed == count && effects == 0 && ignoredEffect == nil && ignored == .idle,
            "children.route.case: routed \(routed), effects \(effects)"
        )
        return Double(elapsed) / Double(count)
    }
}
