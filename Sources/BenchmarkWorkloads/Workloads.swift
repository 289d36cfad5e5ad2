import CHeapStats
import Dispatch
import EffectStore

/// A workload's result did not match what it must compute: the store under test is broken, and its time is void.
public struct VerificationFailure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Nanoseconds on a monotonic clock.
@inline(__always)
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Each workload runs `count` operations, checks the result, and returns the time per operation in nanoseconds
/// (bytes per store for the memory workload).
public enum Workloads {
    /// The pure `handle(event:)` call, with no store at all.
    public static func pure(count: Int) throws -> Double {
        var state = BenchState()
        var effects = 0
        let start = now()
        for index in 0..<count {
            if state.handle(event: index & 7 == 0 ? .request : .increment) != nil { effects &+= 1 }
        }
        let elapsed = now() - start
        try verify(state.count == count && effects == (count + 7) / 8, "pure: count \(state.count), effects \(effects)")
        return Double(elapsed) / Double(count)
    }

    /// One `queue.async` per event, then one wait for the last: the floor for any design that hops per event.
    public static func queueAsync(count: Int) throws -> Double {
        let queue = DispatchQueue(label: "bench.queue-async")
        let counter = UnsafeCounter()
        let start = now()
        for _ in 0..<count { queue.async { counter.value &+= 1 } }
        queue.sync {}
        let elapsed = now() - start
        try verify(queue.sync { counter.value } == count, "queue-async: \(counter.value) of \(count)")
        return Double(elapsed) / Double(count)
    }

    /// One `queue.sync` per event: the floor for a design that runs the loop on the caller's thread.
    public static func queueSync(count: Int) throws -> Double {
        let queue = DispatchQueue(label: "bench.queue-sync")
        let counter = UnsafeCounter()
        let start = now()
        for _ in 0..<count { queue.sync { counter.value &+= 1 } }
        let elapsed = now() - start
        try verify(counter.value == count, "queue-sync: \(counter.value) of \(count)")
        return Double(elapsed) / Double(count)
    }

    /// A lock-protected buffer drained by one `queue.async` per batch: what batching could buy an async design.
    public static func batched(count: Int) throws -> Double {
        let buffer = BatchBuffer()
        let start = now()
        for _ in 0..<count { buffer.send(1) }
        buffer.queue.sync {}
        let elapsed = now() - start
        try verify(buffer.total == count, "batched: \(buffer.total) of \(count)")
        return Double(elapsed) / Double(count)
    }

    /// `store.dispatch(event:)` from one thread, no subscriber, no effect.
    public static func dispatch(count: Int) throws -> Double {
        let store = Store<BenchCounter>()
        let start = now()
        for _ in 0..<count { store.dispatch(event: .increment) }
        let elapsed = now() - start
        try verify(store.state.count == count, "dispatch: count \(store.state.count) of \(count)")
        return Double(elapsed) / Double(count)
    }

    /// `store.dispatch(event:)` with one transition observer that counts what it sees: the cost of observation.
    public static func dispatchObserved(count: Int) throws -> Double {
        let store = Store<BenchCounter>()
        let seen = UnsafeCounter()
        // The observer runs on the store's queue only, one transition at a time, so the counter needs no lock there.
        let token = store.observeTransitions { transition in seen.value &+= transition.to.count }
        let start = now()
        for _ in 0..<count { store.dispatch(event: .increment) }
        let elapsed = now() - start
        try verify(store.state.count == count, "observed: count \(store.state.count) of \(count)")
        try verify(seen.value == count * (count + 1) / 2, "observed: the observer summed \(seen.value)")
        withExtendedLifetime(token) {}
        return Double(elapsed) / Double(count)
    }

    /// `store.dispatch(event:)` with ten subscribers, each summing the counts it sees.
    public static func dispatchTenSubscribers(count: Int) throws -> Double {
        let store = Store<BenchCounter>()
        let sums = (0..<10).map { _ in UnsafeCounter() }
        // Each block runs on the store's queue only, one at a time, so the counters need no lock there.
        let tokens = sums.map { sum in store.subscribe { state in sum.value &+= state.count } }
        let start = now()
        for _ in 0..<count { store.dispatch(event: .increment) }
        let elapsed = now() - start
        let expected = count * (count + 1) / 2
        try verify(store.state.count == count, "10-subscribers: count \(store.state.count) of \(count)")
        for sum in sums { try verify(sum.value == expected, "10-subscribers: a subscriber summed \(sum.value)") }
        withExtendedLifetime(tokens) {}
        return Double(elapsed) / Double(count)
    }

    /// `count` event → effect → event round trips, all dispatched, then every future awaited.
    public static func roundTripPipelined(count: Int) async throws -> Double {
        let store = Store<BenchState>(effectHandler: ImmediateAnswers())
        var futures: [Future<BenchState>] = []
        futures.reserveCapacity(count)
        let start = now()
        for _ in 0..<count { futures.append(store.dispatch(event: .request)) }
        var last = 0
        for future in futures { last = await future.value.count }
        let elapsed = now() - start
        try verify(store.state.count == 2 * count && last == 2 * count, "pipelined: count \(store.state.count)")
        return Double(elapsed) / Double(count)
    }

    /// `count` round trips as `round-trip.sequential` makes them, but read with `onComplete` instead of `await`, so
    /// that the loop runs on one thread with no task: for counting instructions with valgrind, which cannot follow
    /// Swift concurrency's tasks (`--round-trips N`).
    public static func roundTripsWithoutAwaiting(count: Int) throws {
        let store = Store<BenchState>(effectHandler: ImmediateAnswers())
        try roundTripsWithoutAwaiting(store, event: .request, count: count, counted: \.count, name: "round-trips")
    }

    /// Dispatches `event`, whose effect is answered at once, `count` times to `store`, reading each future with
    /// `onComplete` (it runs on this thread before it returns: the answers are ready), and checks that each round trip
    /// counted twice. The loop of the `--round-trips` and `--cancellable-round-trips` profiling modes.
    static func roundTripsWithoutAwaiting<S: State>(
        _ store: Store<S>,
        event: S.Event,
        count: Int,
        counted: KeyPath<S, Int> & Sendable,
        name: String
    ) throws {
        let checksum = UnsafeCounter()
        for _ in 0..<count { store.dispatch(event: event).onComplete { checksum.value &+= $0[keyPath: counted] } }
        let total = store.state[keyPath: counted]
        try verify(
            total == 2 * count && checksum.value == count * (count + 1),
            "\(name): count \(total) of \(2 * count), checksum \(checksum.value)"
        )
    }

    /// `count` round trips, each awaited before the next is dispatched.
    public static func roundTripSequential(count: Int) async throws -> Double {
        let store = Store<BenchState>(effectHandler: ImmediateAnswers())
        var checksum = 0
        let start = now()
        for _ in 0..<count { checksum &+= await store.dispatch(event: .request).value.count }
        let elapsed = now() - start
        try verify(store.state.count == 2 * count && checksum == count * (count + 1), "sequential: \(checksum)")
        return Double(elapsed) / Double(count)
    }

    /// Heap bytes per live store that has one subscription, its token held.
    public static func bytesPerStore(count: Int) throws -> Double {
        var stores: [Store<BenchCounter>] = []
        var tokens: [SubscriptionToken] = []
        stores.reserveCapacity(count)
        tokens.reserveCapacity(count)
        let delivered = UnsafeCounter()
        let before = heapBytesInUse()
        for _ in 0..<count {
            let store = Store<BenchCounter>()
            tokens.append(store.subscribe { _ in delivered.value &+= 1 })
            stores.append(store)
        }
        let after = heapBytesInUse()
        try verify(delivered.value == count, "memory: \(delivered.value) initial deliveries of \(count)")
        withExtendedLifetime((stores, tokens)) {}
        guard let before, let after else { return .nan }
        return Double(after - before) / Double(count)
    }

    /// Throws ``VerificationFailure`` with `message` unless `condition` holds.
    public static func verify(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw VerificationFailure(message()) }
    }
}

/// Bytes the allocator has handed out and not yet taken back, or `nil` where this platform does not say.
func heapBytesInUse() -> Int? {
    let bytes = cheapstats_bytes_in_use()
    return bytes < 0 ? nil : Int(bytes)
}

/// A counter for code that is already serialised (one queue, one thread), so it needs no lock.
final class UnsafeCounter: @unchecked Sendable {
    // Safe because: every workload touches it from one serial context at a time (see each use).
    var value = 0
}

/// A lock-protected buffer of events, drained in batches by one `queue.async` per batch.
final class BatchBuffer: @unchecked Sendable {
    // Safe because: `pending` is a `LockedBox`; `processed` is only touched on `queue`.
    private struct Pending {
        var buffered: [Int] = []
        var scheduled = false
    }

    let queue = DispatchQueue(label: "bench.batched")
    private let pending = LockedBox.make(Pending())
    private var processed = 0

    func send(_ value: Int) {
        let mustSchedule = pending.withLock { pending in
            pending.buffered.append(value)
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        if mustSchedule { queue.async { self.drain() } }
    }

    private func drain() {
        let batch = pending.withLock { pending in
            defer {
                pending.buffered.removeAll(keepingCapacity: true)
                pending.scheduled = false
            }
            return pending.buffered
        }
        for value in batch { processed &+= value }
    }

    var total: Int { queue.sync { processed } }
}
