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

let arguments = Array(CommandLine.arguments.dropFirst())

if let flag = arguments.firstIndex(of: "--allocations") {
    guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count >= 0 else {
        print("usage: effectstore-benchmarks --allocations N   (N: a whole number of dispatches)")
        exit(2)
    }
    let store = Store<BenchState>()
    for _ in 0..<count { store.dispatch(event: .increment) }
    guard store.state.count == count else {
        print("allocations: the store counted \(store.state.count) of \(count)")
        exit(1)
    }
    exit(0)
}

for mode in ["--create", "--create-queues"] {
    guard let flag = arguments.firstIndex(of: mode) else { continue }
    guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 else {
        print("usage: effectstore-benchmarks \(mode) N   (N: a positive number of stores or queues)")
        exit(2)
    }
    do {
        if mode == "--create" {
            _ = try Workloads.storeCreate(count: count)
        } else {
            _ = try Workloads.queueCreate(count: count)
        }
    } catch {
        print("create: \(error)")
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
    print("usage: effectstore-benchmarks [--quick] [--only NAME,...] [--allocations N] [--create N]")
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
