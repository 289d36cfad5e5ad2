import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#endif

/// Runs work with `DispatchQueue.sync` without allocating.
///
/// On Linux, `queue.sync { … }` bridges the Swift closure to a C block on every call, which costs two heap
/// allocations per call, more than an effect-less dispatch needs in all. A `DispatchWorkItem` is bridged once, when
/// it is made, and can be run any number of times. So each thread gets one lane: a reusable work item whose block
/// calls the function parked in the lane with the frame parked beside it. The caller puts its arguments in a frame
/// on its own stack, parks a pointer to it and a function that takes no captures (so forming it allocates nothing),
/// runs the work item with `sync`, and unparks.
///
/// Thread-safety: a lane belongs to one thread, and only that thread parks and unparks, before and after `sync`;
/// the work item's block reads what is parked while that thread waits in `sync`, which orders the write before the
/// read and the read before the unparking. A nested use on the same thread falls back to a plain `sync`.
@usableFromInline
final class SyncLane: @unchecked Sendable {
    // Safe because: `run` and `frame` are only touched by the owning thread, or by the work item while that thread
    // waits in `sync` (see above).
    //
    // `@exclusivity(unchecked)`: one thread touches these, one access at a time (see above), so accesses cannot
    // overlap; Swift's dynamic checks would cost a thread-local look-up of their own on every access.
    @exclusivity(unchecked) private var run: ((UnsafeMutableRawPointer) -> Void)?
    @exclusivity(unchecked) private var frame: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var item: DispatchWorkItem?
    /// The store whose loop runs on this thread, for ``LoopMarker``: kept in the lane, so that marking and unmarking
    /// a loop costs one thread-local look-up in all rather than one per read and per write. Only this thread touches
    /// it.
    @exclusivity(unchecked) @usableFromInline var loop: UnsafeMutableRawPointer?

    private init() {}

    /// Runs `run(frame)` on `queue` synchronously, as `queue.sync(execute:)` does.
    ///
    /// - Parameters:
    ///   - frame: The caller's arguments and results, alive for the whole call (a pointer to a local).
    ///   - run: Must not capture anything, or forming it allocates and the point is lost.
    @usableFromInline
    static func sync(
        on queue: DispatchQueue,
        frame: UnsafeMutableRawPointer,
        _ run: @escaping (UnsafeMutableRawPointer) -> Void
    ) {
        #if canImport(WinSDK)
            queue.sync { run(frame) }
        #else
            guard let current else {
                queue.sync { run(frame) }
                return
            }
            current._withUnsafeGuaranteedRef { lane in
                guard lane.run == nil else {
                    queue.sync { run(frame) }
                    return
                }
                lane.run = run
                lane.frame = frame
                defer {
                    lane.run = nil
                    lane.frame = nil
                }
                queue.sync(execute: lane.workItem)
            }
        #endif
    }

    private func runParked() {
        guard let run, let frame else { return }
        run(frame)
    }

    private var workItem: DispatchWorkItem {
        if let item { return item }
        // `unowned(unsafe)`: the lane owns the item and outlives every run of it; a checked `unowned` would cost two
        // atomic operations per run.
        let made = DispatchWorkItem { [unowned(unsafe) self] in self.runParked() }
        item = made
        return made
    }

    #if !canImport(WinSDK)
        /// This thread's lane, made on first use and released when the thread exits; `nil` only if the platform
        /// refused the thread-local slot.
        ///
        /// Unretained: the slot owns the lane until this thread exits, so this thread may use it without a retain
        /// (`_withUnsafeGuaranteedRef`), which spares two atomic operations per look-up.
        @usableFromInline
        static var current: Unmanaged<SyncLane>? {
            if let existing { return existing }
            let lane = Unmanaged.passRetained(SyncLane())  // the slot's reference, released when the thread exits
            guard pthread_setspecific(key, lane.toOpaque()) == 0 else {
                lane.release()  // the slot did not take it
                return nil
            }
            return lane
        }

        /// This thread's lane if it has one, without making one; unretained, as ``current``.
        @usableFromInline
        static var existing: Unmanaged<SyncLane>? {
            guard let existing = pthread_getspecific(key) else { return nil }
            return Unmanaged.fromOpaque(existing)
        }

        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let error = pthread_key_create(&key) { lane in
                #if canImport(Darwin)
                    Unmanaged<SyncLane>.fromOpaque(lane).release()
                #else
                    if let lane { Unmanaged<SyncLane>.fromOpaque(lane).release() }
                #endif
            }
            precondition(error == 0, "EffectStore: pthread_key_create failed with error \(error)")
            return key
        }()
    #endif
}

/// Work run synchronously on a queue through the thread's ``SyncLane``: parked in a frame on the caller's stack.
@usableFromInline
protocol LaneWork {
    /// Does the work, on the queue, while the caller waits in `sync`.
    mutating func runOnQueue()
}

extension SyncLane {
    /// Runs `work.runOnQueue()` on `queue` synchronously, as `queue.sync(execute:)` does, allocating nothing: the one
    /// frame every synchronous entry onto a queue uses. `work` stays on the caller's stack; what the work writes into
    /// itself is there when this returns.
    @inlinable
    @inline(__always)
    static func run<Work: LaneWork>(_ work: inout Work, on queue: DispatchQueue) {
        withUnsafeMutablePointer(to: &work) { pointer in
            sync(on: queue, frame: UnsafeMutableRawPointer(pointer)) { raw in
                raw.assumingMemoryBound(to: Work.self).pointee.runOnQueue()
            }
        }
    }
}

/// A token's `cancel()` from outside any store, from code that is not specialised: not generic, so that running it
/// needs no generic metadata.
struct DetachWork: LaneWork {
    /// `unowned(unsafe)`: the caller holds the subscription for the whole synchronous call.
    unowned(unsafe) let subscription: CancellableSubscription

    /// Calls `subscription.detachInLoop()` on `queue`, synchronously.
    static func run(_ subscription: CancellableSubscription, on queue: DispatchQueue) {
        var work = DetachWork(subscription: subscription)
        SyncLane.run(&work, on: queue)
    }

    mutating func runOnQueue() { subscription.detachInLoop() }
}
