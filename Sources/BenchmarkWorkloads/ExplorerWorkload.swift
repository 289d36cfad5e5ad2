import EffectStore
import EffectStoreTesting

/// Search as you type, for the explorer of effect orders: each query cancels the search in flight, and the answers
/// come back in any order.
public struct ExplorerBenchSearch: State, Hashable {
    public var query = ""
    public var resultsQuery = ""
    public var isSearching = false

    public enum Event: Sendable, Hashable {
        case typed(String)
        case answered(String)
    }

    public enum Work: Sendable, Equatable {
        case search(String)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    public init() {}

    public static var initialState: ExplorerBenchSearch { ExplorerBenchSearch() }

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .typed(let query):
            self.query = query
            isSearching = true
            return Effect.work(.search(query)).cancellable(id: "search", cancelInFlight: true)
        case .answered(let query):
            resultsQuery = query
            isSearching = false
            return nil
        }
    }
}

extension Workloads {
    /// `count` random schedules of three keystrokes and their searches' answers, explored by the explorer of effect
    /// orders; ns per schedule.
    public static func exploreSchedules(count: Int) throws -> Double {
        let explorer = StateExplorer(initialState: ExplorerBenchSearch(), events: [.typed("s"), .typed("sw"), .typed("swi")])
            .invariant("the results shown are for the query") { $0.isSearching || $0.resultsQuery == $0.query }
            .answering { effect in
                guard case .work(.search(let query)) = effect else { return [] }
                return [.later(.answered(query)), .finishes]
            }
        let start = now()
        let exploration = explorer.exploreEffectOrders(
            bounds: EffectOrderBounds(depth: 12, outOfOrder: 2, maxSchedules: .max, timeLimit: .infinity),
            strategy: .random(seed: 1, runs: count))
        let elapsed = now() - start
        try verify(exploration.failure == nil, "explore.schedules: \(exploration.failure?.message ?? "")")
        try verify(exploration.schedules == count, "explore.schedules: \(exploration.schedules) of \(count) schedules")
        return Double(elapsed) / Double(count)
    }
}

/// Items saved one by one, for the explorer of effect orders: each `add` starts a save of its own, and the saves
/// answer in any order. The saves do not touch one another, so what the explorer meets is a set of pending saves,
/// whatever order they started and answered in.
public struct ExplorerBenchSaves: State, Hashable {
    public var saved: Set<Int> = []

    public enum Event: Sendable, Hashable {
        case add(Int)
        case saved(Int)
    }

    public enum Work: Sendable, Equatable {
        case save(Int)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    public init() {}

    public static var initialState: ExplorerBenchSaves { ExplorerBenchSaves() }

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .add(let item):
            return .work(.save(item))
        case .saved(let item):
            saved.insert(item)
            return nil
        }
    }
}

extension Workloads {
    /// One exhaustive exploration of `events` items added in any order, each save answered: every order explored,
    /// the pending saves counted as a set (3^`events` configurations: each item not added, saving or saved); ns per
    /// exploration.
    public static func exploreAnyOrder(events: Int) throws -> Double {
        let explorer = StateExplorer(initialState: ExplorerBenchSaves(), events: (0..<events).map { .add($0) })
            .answering { effect in
                guard case .work(.save(let item)) = effect else { return [] }
                return [.later(.saved(item))]
            }
        let start = now()
        let exploration = explorer.exploreEffectOrders(
            bounds: EffectOrderBounds(
                depth: 2 * events, eventsInAnyOrder: true, maxSchedules: .max, timeLimit: .infinity))
        let elapsed = now() - start
        let configurations = (0..<events).reduce(1) { product, _ in product * 3 }
        try verify(exploration.failure == nil, "explore.any-order: \(exploration.failure?.message ?? "")")
        try verify(
            exploration.configurations == configurations && exploration.distinctStates == 1 << events,
            "explore.any-order: \(exploration.summary), expected \(configurations) configurations")
        return Double(elapsed)
    }
}
