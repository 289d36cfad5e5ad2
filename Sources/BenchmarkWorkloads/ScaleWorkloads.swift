import Dispatch
import EffectStore

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Workloads at scale: creating stores, a big state, many subscribers, several threads at once.
extension Workloads {
    /// Creates a store with an effect handler, subscribes once, and releases both, `count` times; ns per store.
    public static func storeCreate(count: Int) throws -> Double {
        let delivered = UnsafeCounter()
        let start = now()
        for _ in 0..<count {
            let store = Store<BenchState>(effectHandler: ImmediateAnswers())
            let token = store.subscribe { _ in delivered.value &+= 1 }
            withExtendedLifetime((store, token)) {}
        }
        let elapsed = now() - start
        try verify(delivered.value == count, "store-create: \(delivered.value) initial deliveries of \(count)")
        return Double(elapsed) / Double(count)
    }

    /// Creates a `DispatchQueue` with a fixed label, runs one empty `sync` on it, and releases it, `count` times:
    /// the floor for creating anything that owns a serial queue.
    public static func queueCreate(count: Int) throws -> Double {
        let ran = UnsafeCounter()
        let start = now()
        for _ in 0..<count {
            let queue = DispatchQueue(label: "bench.queue-create")
            queue.sync { ran.value &+= 1 }
        }
        let elapsed = now() - start
        try verify(ran.value == count, "queue-create: \(ran.value) syncs ran of \(count)")
        return Double(elapsed) / Double(count)
    }

    /// An `Equatable` state of `elements` `Int`s and one subscriber that reads one element; `events` events, each
    /// incrementing the next element round-robin; ns per event. A store that copied the state per event would pay
    /// time proportional to `elements` here.
    public static func largeState(elements: Int, events: Int) throws -> Double {
        let store = Store<LargeState>(initialState: LargeState(count: elements))
        let firstSum = UnsafeCounter()
        let deliveries = UnsafeCounter()
        // The block runs on the store's queue only, one call at a time, so the counters need no lock there.
        let token = store.subscribe { state in
            firstSum.value &+= state.values[0]
            deliveries.value &+= 1
        }
        let start = now()
        for index in 0..<events { store.dispatch(event: .increment(index % elements)) }
        let elapsed = now() - start
        // After event k (from 0), element 0 has been incremented k / elements + 1 times.
        var expectedFirstSum = 0
        for k in 0..<events { expectedFirstSum &+= k / elements + 1 }
        let values = store.state.values
        let total = values.reduce(0, &+)
        try verify(total == events, "large-state: the elements sum to \(total), not \(events)")
        try verify(deliveries.value == events + 1, "large-state: \(deliveries.value) deliveries of \(events + 1)")
        try verify(firstSum.value == expectedFirstSum, "large-state: the subscriber read \(firstSum.value)")
        withExtendedLifetime(token) {}
        return Double(elapsed) / Double(events)
    }

    /// `subscribers` subscribers, each summing the counts it sees, and `events` dispatches; ns per event.
    public static func fanOut(subscribers: Int, events: Int) throws -> Double {
        let store = Store<BenchCounter>()
        let sums = (0..<subscribers).map { _ in UnsafeCounter() }
        // Each block runs on the store's queue only, one at a time, so the counters need no lock there.
        let tokens = sums.map { sum in store.subscribe { state in sum.value &+= state.count } }
        let start = now()
        for _ in 0..<events { store.dispatch(event: .increment) }
        let elapsed = now() - start
        let expected = events * (events + 1) / 2
        try verify(store.state.count == events, "fan-out: count \(store.state.count) of \(events)")
        for sum in sums { try verify(sum.value == expected, "fan-out: a subscriber summed \(sum.value)") }
        withExtendedLifetime(tokens) {}
        return Double(elapsed) / Double(events)
    }

    /// `threads` threads each dispatching `perThread` events to one store at once; ns per event.
    public static func contended(threads: Int, perThread: Int) throws -> Double {
        let store = Store<BenchCounter>()
        let elapsed = try onThreads(threads) { _ in
            for _ in 0..<perThread { store.dispatch(event: .increment) }
        }
        let total = threads * perThread
        try verify(store.state.count == total, "contended: count \(store.state.count) of \(total)")
        return Double(elapsed) / Double(total)
    }

    /// `threads` threads each running `perThread` bare `queue.sync` blocks on one queue at once; ns per block: the
    /// floor for ``contended(threads:perThread:)``.
    public static func contendedQueueSync(threads: Int, perThread: Int) throws -> Double {
        let queue = DispatchQueue(label: "bench.contended-queue-sync")
        let counter = UnsafeCounter()
        // The blocks run on `queue` only, one at a time, so the counter needs no lock there.
        let elapsed = try onThreads(threads) { _ in
            for _ in 0..<perThread { queue.sync { counter.value &+= 1 } }
        }
        let total = threads * perThread
        try verify(queue.sync { counter.value } == total, "contended-queue-sync: \(counter.value) of \(total)")
        return Double(elapsed) / Double(total)
    }
}

/// Runs `body(index)` on `count` new threads at once and returns the nanoseconds from starting the first to
/// joining the last. Real threads rather than Dispatch's pool, which would run only as many at once as it likes.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) throws -> UInt64 {
    final class Context {
        let body: @Sendable (Int) -> Void
        let index: Int
        init(body: @escaping @Sendable (Int) -> Void, index: Int) {
            self.body = body
            self.index = index
        }
    }
    #if canImport(Darwin)
        var threads: [pthread_t?] = []
    #else
        var threads: [pthread_t] = []
    #endif
    let start = now()
    for index in 0..<count {
        let context = Unmanaged.passRetained(Context(body: body, index: index)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let error = pthread_create(
            &thread, nil,
            { raw in
                #if canImport(Darwin)
                    let context = Unmanaged<Context>.fromOpaque(raw).takeRetainedValue()
                #else
                    let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
                #endif
                context.body(context.index)
                return nil
            }, context)
        guard error == 0 else {
            Unmanaged<Context>.fromOpaque(context).release()
            for thread in threads { joinThread(thread) }
            throw VerificationFailure("threads: pthread_create failed with error \(error)")
        }
        threads.append(thread)
    }
    for thread in threads { joinThread(thread) }
    return now() - start
}

#if canImport(Darwin)
    private func joinThread(_ thread: pthread_t?) { if let thread { pthread_join(thread, nil) } }
#else
    private func joinThread(_ thread: pthread_t) { pthread_join(thread, nil) }
#endif
