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
/// allocations and ~20 ns — the better part of an effect-less dispatch. A `DispatchWorkItem` is bridged once, when
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

/// A store's synchronous run of a loop item from outside any store: the item travels in a frame on the caller's
/// stack (see ``SyncLane``).
@usableFromInline
struct SyncFrame<S: State> {
    /// Unretained: the caller holds the store for the whole synchronous call. A strong reference would cost two
    /// atomic operations per call, and so would reading an `unowned(unsafe)` one into a local: the compiler retains
    /// the local. `_withUnsafeGuaranteedRef` lends the store for the call with no retain; a store that has ever been
    /// referenced weakly (most have) takes the slow path on every retain and release.
    @usableFromInline let store: Unmanaged<Store<S>>
    @usableFromInline let item: Store<S>.LoopItem

    @inlinable
    init(store: Store<S>, item: Store<S>.LoopItem) {
        self.store = Unmanaged.passUnretained(store)
        self.item = item
    }

    /// Runs `item` in `store`'s loop on its queue, on this thread, and drains what it enqueues.
    @inlinable
    static func run(_ item: Store<S>.LoopItem, in store: Store<S>) {
        var frame = SyncFrame(store: store, item: item)
        withUnsafeMutablePointer(to: &frame) { pointer in
            SyncLane.sync(on: store.queue, frame: UnsafeMutableRawPointer(pointer)) { raw in
                let frame = raw.assumingMemoryBound(to: SyncFrame<S>.self)
                frame.pointee.store._withUnsafeGuaranteedRef { $0.runInLoop(frame.pointee.item) }
            }
        }
    }
}

/// `dispatch(event:)` from outside any store, the hot path: the event and the chain's outcome travel in a frame on
/// the caller's stack, and the work is a function with no captures, so the run allocates nothing but the future,
/// which is made after the queue is left (see ``SyncLane``).
@usableFromInline
struct DispatchFrame<S: State> {
    /// Unretained: as in ``SyncFrame``.
    @usableFromInline let store: Unmanaged<Store<S>>
    @usableFromInline let event: S.Event
    @usableFromInline var result: Store<S>.DispatchOutcome?

    @inlinable
    init(store: Store<S>, event: S.Event) {
        self.store = Unmanaged.passUnretained(store)
        self.event = event
        self.result = nil
    }

    /// Runs the chain of `event` in `store`'s loop on its queue, on this thread, drains, and returns its future.
    @inlinable
    @inline(__always)
    static func run(_ event: S.Event, in store: Store<S>) -> Future<S> {
        var frame = DispatchFrame(store: store, event: event)
        withUnsafeMutablePointer(to: &frame) { pointer in
            SyncLane.sync(on: store.queue, frame: UnsafeMutableRawPointer(pointer)) { raw in
                let frame = raw.assumingMemoryBound(to: DispatchFrame<S>.self)
                frame.pointee.store._withUnsafeGuaranteedRef { store in
                    frame.pointee.result = store.inLoop {
                        defer { store.drainPending() }
                        return store.runDispatched(frame.pointee.event)
                    }
                    if store.needsIdleSignal { store.signalIdleWaitersIfIdle() }
                }
            }
        }
        switch frame.result {
        case .finished(let state):
            return Future(value: state)
        case .waiting(let future):
            return future
        case nil:
            preconditionFailure("EffectStore: queue.sync returned without running its work")
        }
    }

    /// Runs the chain of `event` as ``run(_:in:)`` does, for a caller that does not read its outcome: no future is
    /// made, not even for a chain that finishes at once, and a chain that waits makes no promise.
    ///
    /// A function of its own rather than a flag of `run`: sharing one body made `dispatch(event:)` half again as
    /// slow (105 -> 165 ns: the block the queue runs then held both chain runners).
    @inlinable
    @inline(__always)
    static func post(_ event: S.Event, in store: Store<S>) {
        var frame = DispatchFrame(store: store, event: event)
        withUnsafeMutablePointer(to: &frame) { pointer in
            SyncLane.sync(on: store.queue, frame: UnsafeMutableRawPointer(pointer)) { raw in
                let frame = raw.assumingMemoryBound(to: DispatchFrame<S>.self)
                frame.pointee.store._withUnsafeGuaranteedRef { store in
                    store.inLoop {
                        store.runPosted(frame.pointee.event)
                        store.drainPending()
                    }
                    if store.needsIdleSignal { store.signalIdleWaitersIfIdle() }
                }
            }
        }
    }
}

/// `subscribe(_:)` or a token's `cancel()` from outside any store: the subscriber travels in a frame on the caller's
/// stack, and the work is a function with no captures, so attaching or detaching allocates nothing (see
/// ``SyncLane``).
@usableFromInline
struct SubscriptionFrame<S: State> {
    /// `unowned(unsafe)`: as in ``SyncFrame``; the caller holds the subscriber too.
    @usableFromInline unowned(unsafe) let store: Store<S>
    @usableFromInline unowned(unsafe) let subscriber: Subscriber<S>
    @usableFromInline let attaching: Bool

    @inlinable
    init(store: Store<S>, subscriber: Subscriber<S>, attaching: Bool) {
        self.store = store
        self.subscriber = subscriber
        self.attaching = attaching
    }

    /// Attaches or detaches `subscriber` in `store`'s loop on its queue, on this thread, and drains what that
    /// enqueues.
    @inlinable
    static func run(_ subscriber: Subscriber<S>, attaching: Bool, in store: Store<S>) {
        var frame = SubscriptionFrame(store: store, subscriber: subscriber, attaching: attaching)
        withUnsafeMutablePointer(to: &frame) { pointer in
            SyncLane.sync(on: store.queue, frame: UnsafeMutableRawPointer(pointer)) { raw in
                let frame = raw.assumingMemoryBound(to: SubscriptionFrame<S>.self).pointee
                let store = frame.store
                store.inLoop {
                    if frame.attaching { store.attach(frame.subscriber) } else { store.detach(frame.subscriber) }
                    store.drainPending()
                }
                if store.needsIdleSignal { store.signalIdleWaitersIfIdle() }
            }
        }
    }
}

/// A token's `cancel()` from outside any store, from code that is not specialised: the subscription travels in a frame
/// on the caller's stack. Not generic, so that running it needs no generic metadata (see ``SyncLane``).
struct DetachFrame {
    /// `unowned(unsafe)`: the caller holds the subscription for the whole synchronous call.
    unowned(unsafe) let subscription: CancellableSubscription

    /// Calls `subscription.detachInLoop()` on `queue`, synchronously.
    static func run(_ subscription: CancellableSubscription, on queue: DispatchQueue) {
        var frame = DetachFrame(subscription: subscription)
        withUnsafeMutablePointer(to: &frame) { pointer in
            SyncLane.sync(on: queue, frame: UnsafeMutableRawPointer(pointer)) { raw in
                raw.assumingMemoryBound(to: DetachFrame.self).pointee.subscription.detachInLoop()
            }
        }
    }
}
