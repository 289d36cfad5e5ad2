import BenchmarkWorkloads
import EffectStore
import Foundation

// swift run -c release effectstore-benchmarks [--quick] [--only NAME,...] [--allocations N] [--create N]
//
// Runs each workload with a warm-up and 7 measured repetitions, prints a readable table while it goes, and prints,
// last, one line per figure: name<TAB>median<TAB>min, in nanoseconds per operation (bytes for memory). The table
// also shows each time as a multiple of the in-run `baseline.queue-sync` median ("× queue.sync"), which holds across
// machines better than nanoseconds do.
//
// --only NAME,... runs only the named figures, plus the `baseline.queue-sync` baseline, for a focused measurement.
//
// --allocations N only dispatches N effect-less events to a store and exits, for counting heap allocations with
// valgrind: the difference in "total heap usage" between two values of N, divided by their difference.
//
// --create N only runs the `store-create` loop N times (create a store with an effect handler, subscribe once,
// release both) and exits, for profiling creation with valgrind --tool=callgrind or counting its allocations.
// --create-queues N does the same for the `baseline.queue-create` loop, to compare instruction counts.
//
// --round-trips N, --cancellable-round-trips N and --stream-from-thread N run `round-trip.sequential`'s,
// `round-trip.cancellable`'s and `stream.event`'s work without Swift concurrency (valgrind cannot follow its tasks), for
// counting instructions per round trip or per event the same way.
// --stream N runs `stream.event` alone, for a sampling profiler such as `perf record`.
// --observable N runs `observable.update`'s loop alone (N sends on the main actor, no await inside), for `perf record`
// or callgrind.
// --push-pop N runs `stack.push-pop`'s loop alone (N pushes of a screen that starts a run, each popped), for callgrind.
// --rows N runs `rows.toggle.10k`'s loop alone (N row events sent through 10,000 observed row objects), likewise.
// --route N runs `children.route`'s loop alone (N events routed to rows of 10,000, on the state alone), likewise;
// --stack N and --case N run `stack.route.10`'s and `children.route.case`'s, --shared N `shared.edit.1k`'s.

let arguments = Array(CommandLine.arguments.dropFirst())

/// A mode that runs one loop `N` times and exits, for a profiler (see above): its flag, what `N` counts, and the loop.
struct ProfilingMode {
    let flag: String
    let counts: String
    let run: (Int) async throws -> Void
}

let profilingModes = [
    ProfilingMode(flag: "--allocations", counts: "effect-less dispatches") { count in
        let store = Store<BenchCounter>()
        for _ in 0..<count { store.dispatch(event: .increment) }
        try Workloads.verify(
            store.state.count == count, "allocations: the store counted \(store.state.count) of \(count)")
    },
    ProfilingMode(flag: "--create", counts: "stores") { _ = try Workloads.storeCreate(count: $0) },
    ProfilingMode(flag: "--create-queues", counts: "queues") { _ = try Workloads.queueCreate(count: $0) },
    ProfilingMode(flag: "--round-trips", counts: "round trips") { try Workloads.roundTripsWithoutAwaiting(count: $0) },
    ProfilingMode(flag: "--cancellable-round-trips", counts: "round trips") {
        try Workloads.cancellableRoundTripsWithoutAwaiting(count: $0)
    },
    ProfilingMode(flag: "--stream", counts: "events") { _ = try await Workloads.streamEvent(count: $0) },
    ProfilingMode(flag: "--stream-from-thread", counts: "events") { try Workloads.streamFromThread(count: $0) },
    ProfilingMode(flag: "--subscribers", counts: "dispatches") { _ = try Workloads.dispatchTenSubscribers(count: $0) },
    ProfilingMode(flag: "--observable", counts: "sends") { _ = try Workloads.observableUpdate(count: $0) },
    ProfilingMode(flag: "--push-pop", counts: "pushes and pops") { _ = try Workloads.stackPushPop(count: $0) },
    ProfilingMode(flag: "--rows", counts: "row events") { _ = try Workloads.rowsToggle(rows: 10_000, count: $0) },
    ProfilingMode(flag: "--stack", counts: "routed events") { _ = try Workloads.stackRoute(depth: 10, count: $0) },
    ProfilingMode(flag: "--case", counts: "routed events") { _ = try Workloads.childrenRouteCase(count: $0) },
    ProfilingMode(flag: "--shared", counts: "edits") { _ = try Workloads.sharedEdit(elements: 1_000, count: $0) },
    ProfilingMode(flag: "--route", counts: "routed events") {
        _ = try Workloads.childrenRoute(rows: 10_000, count: $0)
    },
]

for mode in profilingModes {
    guard let flag = arguments.firstIndex(of: mode.flag) else { continue }
    guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 else {
        print("usage: effectstore-benchmarks \(mode.flag) N   (N: a positive number of \(mode.counts))")
        exit(2)
    }
    do {
        try await mode.run(count)
    } catch {
        print("\(mode.flag): \(error)")
        exit(1)
    }
    exit(0)
}

/// `--only a,b`: run only these figures (and the `baseline.queue-sync` every ratio needs).
var only: Set<String>?
var rest = arguments
if let flag = arguments.firstIndex(of: "--only") {
    let known = Set(Suite.names + Suite.progressOnlyNames)
    guard flag + 1 < arguments.count,
        case let names = Set(arguments[flag + 1].split(separator: ",").map(String.init)), names.isSubset(of: known)
    else {
        print("usage: effectstore-benchmarks --only NAME[,NAME...]   (names: \(Suite.names.joined(separator: " ")))")
        exit(2)
    }
    only = names
    rest.removeSubrange(flag...(flag + 1))
}

let unknown = rest.filter { $0 != "--quick" }
guard unknown.isEmpty else {
    print("unknown argument(s): \(unknown.joined(separator: " "))")
    print(
        "usage: effectstore-benchmarks [--quick] [--only NAME,...] [--allocations N] [--create N] [--create-queues N]"
            + " [--round-trips N] [--cancellable-round-trips N] [--stream N] [--stream-from-thread N]"
            + " [--observable N] [--rows N]"
    )
    exit(2)
}

/// A figure as a whole number, or "n/a" where this platform could not measure it.
func format(_ value: Double) -> String { value.isFinite ? String(Int(value.rounded())) : "n/a" }

/// Writes a line straight to standard output, unbuffered, so progress shows as it goes, also through a pipe.
func emit(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// A time as a multiple of the in-run `queue.sync` baseline, e.g. "2.9×"; blank for a figure that is not a time.
func ratio(_ figure: Figure, to baseline: Double?) -> String {
    guard figure.unit == "ns", let baseline, baseline > 0, figure.median.isFinite else { return "" }
    let multiple = figure.median / baseline
    return String(format: multiple < 1 ? "%.2f×" : "%.1f×", multiple)
}

let sizes = arguments.contains("--quick") ? Sizes.quick : Sizes.full
emit(
    "EffectStore benchmarks: \(sizes.dispatches) dispatches, \(sizes.roundTrips) round trips, "
        + "\(sizes.stores) stores; warm-up + \(sizes.repetitions) repetitions; median (min)")
emit(
    "  large-state: \(sizes.largeState.elements) elements, \(sizes.largeState.events) events; large-state.1m: "
        + "\(sizes.largeStateMillion.elements) elements, \(sizes.largeStateMillion.events) events; "
        + "store-create: \(sizes.creations) stores")
emit(
    "  " + "figure".padding(toLength: 30, withPad: " ", startingAt: 0)
        + "median (min)".padding(toLength: 24, withPad: " ", startingAt: 0) + "× queue.sync")
do {
    var baseline: Double?
    let figures = try await Suite.run(sizes, only: only) { figure in
        if figure.name == Suite.baselineName { baseline = figure.median }
        let name = figure.name.padding(toLength: 30, withPad: " ", startingAt: 0)
        let value = "\(format(figure.median)) \(figure.unit) (\(format(figure.min)))"
        emit("  \(name)\(value.padding(toLength: 24, withPad: " ", startingAt: 0))\(ratio(figure, to: baseline))")
    }
    for figure in figures {
        emit("\(figure.name)\t\(format(figure.median))\t\(format(figure.min))")
    }
} catch {
    emit("benchmark verification failed: \(error)")
    exit(1)
}
