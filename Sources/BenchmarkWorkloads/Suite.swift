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
    public var stores: Int
    public var repetitions: Int

    public static let full = Sizes(dispatches: 1_000_000, roundTrips: 100_000, stores: 10_000, repetitions: 7)
    public static let quick = Sizes(dispatches: 20_000, roundTrips: 5_000, stores: 1_000, repetitions: 3)
    /// For tests: enough to exercise every path and check every result, in no measurable time.
    public static let tiny = Sizes(dispatches: 200, roundTrips: 100, stores: 20, repetitions: 1)
}

/// Runs every workload: one warm-up, then `repetitions` measured runs; reports median and minimum.
public enum Suite {
    /// The figure names, in the order they are printed.
    public static let names = [
        "pure", "baseline.queue-async", "baseline.queue-sync", "baseline.batched", "dispatch",
        "dispatch.10-subscribers", "round-trip.pipelined", "round-trip.sequential", "memory.bytes-per-store",
    ]

    /// Figures reported to `progress` only, not returned: the final tab-separated lines keep exactly ``names``.
    /// `dispatch.observed` is `dispatch` with one transition observer installed, to compare with `dispatch`.
    public static let progressOnlyNames = ["dispatch.observed"]

    public static func run(_ sizes: Sizes, progress: (Figure) -> Void = { _ in }) async throws -> [Figure] {
        var figures: [Figure] = []
        func record(
            _ name: String, unit: String = "ns", progressOnly: Bool = false, _ body: () async throws -> Double
        ) async throws {
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
        try await record("pure") { try Workloads.pure(count: n * 10) }
        try await record("baseline.queue-async") { try Workloads.queueAsync(count: n) }
        try await record("baseline.queue-sync") { try Workloads.queueSync(count: n) }
        try await record("baseline.batched") { try Workloads.batched(count: n) }
        try await record("dispatch") { try Workloads.dispatch(count: n) }
        try await record("dispatch.observed", progressOnly: true) { try Workloads.dispatchObserved(count: n) }
        try await record("dispatch.10-subscribers") { try Workloads.dispatchTenSubscribers(count: n) }
        try await record("round-trip.pipelined") { try await Workloads.roundTripPipelined(count: trips) }
        try await record("round-trip.sequential") { try await Workloads.roundTripSequential(count: trips) }
        try await record("memory.bytes-per-store", unit: "bytes") { try Workloads.bytesPerStore(count: sizes.stores) }
        return figures
    }
}
