/// One figure of the benchmark: a workload's median and minimum over the measured repetitions.
public struct Figure: Sendable {
    public let name: String
    public let median: Double
    public let min: Double
    public let unit: String
}

/// Sizes for a run: the full run, or a quick smoke run.
public struct Sizes: Sendable {
    public var dispatches: Int
    public var roundTrips: Int
    /// Live stores for `memory.bytes-per-store`.
    public var stores: Int
    public var repetitions: Int
    /// Stores created and released for `store-create` and queues for `baseline.queue-create`.
    public var creations: Int
    /// Elements and events of `large-state`.
    public var largeState: (elements: Int, events: Int)
    /// Elements and events of `large-state.1m`: ten times the elements of `large-state`, as many events, so that the
    /// two figures show whether an event's cost grows with the state (it must not: the state is mutated in place).
    public var largeStateMillion: (elements: Int, events: Int)
    /// Subscribers and events of `fan-out`.
    public var fanOut: (subscribers: Int, events: Int)
    /// Threads and dispatches per thread of `contended` and `baseline.contended-queue-sync`.
    public var contended: (threads: Int, perThread: Int)
    /// Edits of `saved.writes-per-second`, made at 1,000 a second.
    public var pacedEdits: Int
    /// Events of `explore.any-order`, sent in any order.
    public var anyOrderEvents: Int
    /// Rows of `rows.remove-half.10k` and `rows.remove-one.10k`, and the single removals the latter times.
    public var removal: (rows: Int, single: Int) = (10_000, 100)

    public static let full = Sizes(
        dispatches: 1_000_000, roundTrips: 100_000, stores: 10_000, repetitions: 7, creations: 100_000,
        largeState: (100_000, 100_000), largeStateMillion: (1_000_000, 100_000), fanOut: (1_000, 10_000),
        contended: (4, 250_000), pacedEdits: 2_000, anyOrderEvents: 6
    )
    public static let quick = Sizes(
        dispatches: 20_000, roundTrips: 5_000, stores: 1_000, repetitions: 3, creations: 5_000,
        largeState: (100_000, 2_000), largeStateMillion: (1_000_000, 200), fanOut: (1_000, 200),
        contended: (4, 5_000), pacedEdits: 300, anyOrderEvents: 6
    )
    /// For tests: enough to exercise every path and check every result, in no measurable time.
    public static let tiny = Sizes(
        dispatches: 200, roundTrips: 100, stores: 20, repetitions: 1, creations: 20, largeState: (100, 250),
        largeStateMillion: (1_000, 50), fanOut: (10, 50), contended: (4, 100), pacedEdits: 20, anyOrderEvents: 3,
        removal: (100, 10)
    )
}

/// Runs every workload: one warm-up, then `repetitions` measured runs; reports median and minimum.
public enum Suite {
    /// The figure names, in the order they are printed.
    public static let names = [
        "pure", "baseline.queue-async", "baseline.queue-sync", "baseline.batched", "dispatch",
        "dispatch.10-subscribers", "round-trip.pipelined", "round-trip.sequential", "memory.bytes-per-store",
        "baseline.queue-create", "store-create", "large-state", "large-state.1m", "fan-out",
        "baseline.contended-queue-sync", "contended", "observable.update", "stream.event", "round-trip.cancellable",
        "cancel", "children.route", "children.route.10", "children.route.case", "stack.route.100", "stack.route.10",
        "stack.push-pop", "rows.toggle.100", "rows.toggle.10k", "explore.schedules", "explore.any-order",
        "saved.edit.1k", "saved.writes-per-second", "shared.edit.1k", "rows.remove-one.10k", "rows.remove-half.10k",
    ]

    /// The in-run baseline every time is compared with: one bare `queue.sync`. It is measured first, so the progress
    /// of every later figure can show its ratio to it; the returned figures still come in the order of ``names``.
    public static let baselineName = "baseline.queue-sync"

    /// Figures reported to `progress` only, not returned: the final tab-separated lines keep exactly ``names``.
    /// `dispatch.observed` is `dispatch` with one transition observer installed, to compare with `dispatch`.
    public static let progressOnlyNames = ["dispatch.observed"]

    /// Runs the workloads and returns their figures in the order of ``names``.
    ///
    /// - Parameters:
    ///   - only: When given, runs only these figures (and always ``baselineName``), for a focused measurement.
    ///   - progress: Called with each figure as soon as it is measured, including ``progressOnlyNames``.
    public static func run(
        _ sizes: Sizes, only: Set<String>? = nil, progress: (Figure) -> Void = { _ in }
    ) async throws -> [Figure] {
        var figures: [Figure] = []
        func record(
            _ name: String, unit: String = "ns", progressOnly: Bool = false, _ body: () async throws -> Double
        ) async throws {
            if let only, name != baselineName, !only.contains(name) { return }
            _ = try await body()  // warm-up
            var samples: [Double] = []
            for _ in 0..<sizes.repetitions { samples.append(try await body()) }
            samples.sort()
            let figure = Figure(name: name, median: samples[samples.count / 2], min: samples[0], unit: unit)
            if !progressOnly { figures.append(figure) }
            progress(figure)
        }
        let n = sizes.dispatches
        let trips = sizes.roundTrips
        try await record(baselineName) { try Workloads.queueSync(count: n) }
        try await record("pure") { try Workloads.pure(count: n * 10) }
        try await record("baseline.queue-async") { try Workloads.queueAsync(count: n) }
        try await record("baseline.batched") { try Workloads.batched(count: n) }
        try await record("dispatch") { try Workloads.dispatch(count: n) }
        try await record("dispatch.observed", progressOnly: true) { try Workloads.dispatchObserved(count: n) }
        try await record("dispatch.10-subscribers") { try Workloads.dispatchTenSubscribers(count: n) }
        try await record("round-trip.pipelined") { try await Workloads.roundTripPipelined(count: trips) }
        try await record("round-trip.sequential") { try await Workloads.roundTripSequential(count: trips) }
        try await record("memory.bytes-per-store", unit: "bytes") { try Workloads.bytesPerStore(count: sizes.stores) }
        try await record("baseline.queue-create") { try Workloads.queueCreate(count: sizes.creations) }
        try await record("store-create") { try Workloads.storeCreate(count: sizes.creations) }
        let large = sizes.largeState
        try await record("large-state") { try Workloads.largeState(elements: large.elements, events: large.events) }
        let million = sizes.largeStateMillion
        try await record("large-state.1m") {
            try Workloads.largeState(elements: million.elements, events: million.events)
        }
        let fanOut = sizes.fanOut
        try await record("fan-out") { try Workloads.fanOut(subscribers: fanOut.subscribers, events: fanOut.events) }
        let contended = sizes.contended
        try await record("baseline.contended-queue-sync") {
            try Workloads.contendedQueueSync(threads: contended.threads, perThread: contended.perThread)
        }
        try await record("contended") {
            try Workloads.contended(threads: contended.threads, perThread: contended.perThread)
        }
        try await record("observable.update") { try await Workloads.observableUpdate(count: n) }
        try await record("stream.event") { try await Workloads.streamEvent(count: n) }
        try await record("round-trip.cancellable") { try await Workloads.roundTripCancellable(count: trips) }
        try await record("cancel") { try Workloads.cancel(count: trips) }
        try await record("children.route") { try Workloads.childrenRoute(rows: 10_000, count: n) }
        try await record("children.route.10") { try Workloads.childrenRoute(rows: 10, count: n) }
        try await record("children.route.case") { try Workloads.childrenRouteCase(count: n) }
        try await record("stack.route.100") { try Workloads.stackRoute(depth: 100, count: n) }
        try await record("stack.route.10") { try Workloads.stackRoute(depth: 10, count: n) }
        try await record("stack.push-pop") { try Workloads.stackPushPop(count: trips) }
        try await record("rows.toggle.100") { try await Workloads.rowsToggle(rows: 100, count: n) }
        try await record("rows.toggle.10k") { try await Workloads.rowsToggle(rows: 10_000, count: n) }
        try await record("explore.schedules") { try Workloads.exploreSchedules(count: trips / 10) }
        try await record("explore.any-order") { try Workloads.exploreAnyOrder(events: sizes.anyOrderEvents) }
        try await record("saved.edit.1k") { try Workloads.savedEdit(elements: 1_000, count: trips) }
        try await record("saved.writes-per-second", unit: "writes/s") {
            try Workloads.savedWritesPerSecond(edits: sizes.pacedEdits)
        }
        try await record("shared.edit.1k") { try Workloads.sharedEdit(elements: 1_000, count: trips) }
        let removal = sizes.removal
        try await record("rows.remove-one.10k") {
            try Workloads.rowsRemoveOne(rows: removal.rows, count: removal.single)
        }
        try await record("rows.remove-half.10k") { try Workloads.rowsRemoveHalf(rows: removal.rows) }
        return names.compactMap { name in figures.first { $0.name == name } }
    }
}
