import BenchmarkWorkloads
import Foundation
import EffectStore

// swift run -c release effectstore-benchmarks [--quick] [--allocations N]
//
// Runs each workload with a warm-up and 7 measured repetitions, prints a readable table while it goes, and prints,
// last, one line per figure: name<TAB>median<TAB>min, in nanoseconds per operation (bytes for memory).
//
// --allocations N only dispatches N effect-less events to a store and exits, for counting heap allocations with
// valgrind: the difference in "total heap usage" between two values of N, divided by their difference.

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

let unknown = arguments.filter { $0 != "--quick" }
guard unknown.isEmpty else {
    print("unknown argument(s): \(unknown.joined(separator: " "))")
    print("usage: effectstore-benchmarks [--quick] [--allocations N]")
    exit(2)
}

/// A figure as a whole number, or "n/a" where this platform could not measure it.
func format(_ value: Double) -> String { value.isFinite ? String(Int(value.rounded())) : "n/a" }

/// Writes a line straight to standard output, unbuffered, so progress shows as it goes, also through a pipe.
func emit(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let sizes = arguments.contains("--quick") ? Sizes.quick : Sizes.full
emit("EffectStore benchmarks: \(sizes.dispatches) dispatches, \(sizes.roundTrips) round trips, "
    + "\(sizes.stores) stores; warm-up + \(sizes.repetitions) repetitions; median (min)")
do {
    let figures = try await Suite.run(sizes) { figure in
        let name = figure.name.padding(toLength: 26, withPad: " ", startingAt: 0)
        emit("  \(name) \(format(figure.median)) \(figure.unit) (\(format(figure.min)))")
    }
    for figure in figures {
        emit("\(figure.name)\t\(format(figure.median))\t\(format(figure.min))")
    }
} catch {
    emit("benchmark verification failed: \(error)")
    exit(1)
}
