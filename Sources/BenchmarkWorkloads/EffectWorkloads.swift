import Dispatch
import EffectStore

/// A state for the effect runtime's workloads: its effects are composable, so they can be cancellable and runs.
public struct EffectBenchState: State, Equatable {
    public var count = 0

    public enum Event: Sendable {
        case increment
        /// An effect under an id, answered at once: a cancellable round trip.
        case requestCancellable
        /// A run that sends `count` increments.
        case stream(count: Int)
        /// A callback run that sends `count` increments from a dispatch thread, for profiling with valgrind.
        case streamFromThread(count: Int)
        /// A run under `"runs"` that sends nothing until cancelled.
        case startIdle
        /// Cancels everything under `"runs"`.
        case stopIdle
    }

    public enum Work: Sendable, Equatable {
        case answer
        case stream(count: Int)
        case streamFromThread(count: Int)
        case idle
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    public init(count: Int = 0) { self.count = count }

    public static var initialState: EffectBenchState { EffectBenchState() }

    @inline(never)
    public mutating func handle(event: Event) -> Effect? {
        count &+= 1
        switch event {
        case .increment: return nil
        case .requestCancellable: return Effect.work(.answer).cancellable(id: BenchRunID.request)
        case .stream(let count): return .work(.stream(count: count))
        case .streamFromThread(let count): return .work(.streamFromThread(count: count))
        case .startIdle: return Effect.work(.idle).cancellable(id: BenchRunID.runs)
        case .stopIdle: return .cancel(id: BenchRunID.runs)
        }
    }
}

/// The ids the effect workloads cancel by.
enum BenchRunID: Hashable, Sendable {
    case request, runs
}

/// Answers at once; streams from the run's own task; idle runs wait for their cancel.
public final class EffectBenchHandler: PlannedEffectHandler {
    public init() {}

    public func perform(_ work: EffectBenchState.Work) -> EffectAnswer<EffectBenchState.Event>? {
        switch work {
        case .answer:
            // A future, as a handler answering from a service returns (`.event(.increment)` would make none).
            return .future(Future(value: .increment))
        case .stream(let count):
            return .run { send in
                for _ in 0..<count { send(.increment) }
            }
        case .streamFromThread(let count):
            return .callbackRun { send in
                DispatchQueue.global().async {
                    for _ in 0..<count { send(.increment) }
                    send.finish()
                }
                return {}
            }
        case .idle:
            return .callbackRun { _ in {} }
        }
    }
}

extension Workloads {
    /// `round-trip.cancellable`'s round trips read with `onComplete` instead of `await`, on one thread with no task,
    /// for counting instructions with valgrind (`--cancellable-round-trips N`).
    public static func cancellableRoundTripsWithoutAwaiting(count: Int) throws {
        let store = Store<EffectBenchState>(effectHandler: EffectBenchHandler())
        try roundTripsWithoutAwaiting(
            store, event: .requestCancellable, count: count, counted: \.count, name: "cancellable-round-trips")
    }

    /// `stream.event`'s run, sent from a dispatch thread by a callback run and waited for with a semaphore, so that
    /// no Swift concurrency is involved: for counting instructions with valgrind (`--stream-from-thread N`).
    public static func streamFromThread(count: Int) throws {
        let store = Store<EffectBenchState>(effectHandler: EffectBenchHandler())
        let done = DispatchSemaphore(value: 0)
        store.dispatch(event: .streamFromThread(count: count)).onComplete { _ in done.signal() }
        done.wait()
        try verify(store.state.count == count + 1, "stream-from-thread: count \(store.state.count)")
    }

    /// One long run sending `count` events from its own task; ns per event handled.
    public static func streamEvent(count: Int) async throws -> Double {
        let store = Store<EffectBenchState>(effectHandler: EffectBenchHandler())
        let start = now()
        let final = await store.dispatch(event: .stream(count: count)).value
        let elapsed = now() - start
        try verify(final.count == count + 1 && store.state.count == count + 1, "stream: count \(final.count)")
        return Double(elapsed) / Double(count)
    }

    /// `count` round trips of a cancellable effect, all dispatched, then every future awaited; ns per round trip.
    public static func roundTripCancellable(count: Int) async throws -> Double {
        let store = Store<EffectBenchState>(effectHandler: EffectBenchHandler())
        var futures: [Future<EffectBenchState>] = []
        futures.reserveCapacity(count)
        let start = now()
        for _ in 0..<count { futures.append(store.dispatch(event: .requestCancellable)) }
        var last = 0
        for future in futures { last = await future.value.count }
        let elapsed = now() - start
        try verify(store.state.count == 2 * count && last == 2 * count, "cancellable: count \(store.state.count)")
        return Double(elapsed) / Double(count)
    }

    /// `count` pairs of starting a run under an id and cancelling it; ns per pair.
    public static func cancel(count: Int) throws -> Double {
        let store = Store<EffectBenchState>(effectHandler: EffectBenchHandler())
        var resolved = 0
        let start = now()
        for _ in 0..<count {
            let run = store.dispatch(event: .startIdle)
            store.dispatch(event: .stopIdle)
            if run.isResolved { resolved &+= 1 }
        }
        let elapsed = now() - start
        try verify(resolved == count && store.state.count == 2 * count, "cancel: \(resolved) of \(count) resolved")
        try verify(store.waitUntilSettled(timeout: .zero), "cancel: something is still in flight")
        return Double(elapsed) / Double(count)
    }
}
