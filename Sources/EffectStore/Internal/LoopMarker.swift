/// A thread-local marker: which store's loop is running on the current thread, if any.
///
/// Every block a store runs on its queue sets the marker to that store for its duration (and restores the previous
/// value after). A store's methods read it to tell whether the caller is inside this store's own work (re-entrant:
/// only enqueue, the running loop drains it), inside another store's work (enqueue asynchronously: waiting could
/// deadlock two stores that feed each other), or outside every store (run synchronously on the caller's thread).
///
/// A thread-local is both cheaper than `DispatchQueue.getSpecific` and more precise: a callback that re-enters the
/// store through `someOtherQueue.sync { store.dispatch(…) }` still runs on the loop's thread, and is still seen as
/// re-entrant, where a queue-specific lookup would see "outside" and deadlock on `queue.sync`.
///
/// The marker lives in the thread's ``SyncLane``, so that ``marking(_:_:)`` reads the thread-local slot once for
/// the whole block, where a slot of its own would cost a read and two writes per block.
@usableFromInline
enum LoopMarker {
    #if canImport(WinSDK)
        private static let key = ThreadLocalKey()

        /// The store whose loop runs on this thread, as an opaque pointer, or `nil`.
        @usableFromInline
        static var current: UnsafeMutableRawPointer? { key.value }

        /// Runs `body` with the marker set to `store`, and restores the previous marker after.
        @usableFromInline
        static func marking<T>(_ store: UnsafeMutableRawPointer, _ body: () -> T) -> T {
            let previous = key.value
            key.value = store
            defer { key.value = previous }
            return body()
        }
    #else
        /// The store whose loop runs on this thread, as an opaque pointer, or `nil`.
        @inlinable
        static var current: UnsafeMutableRawPointer? {
            SyncLane.existing?._withUnsafeGuaranteedRef { $0.loop }
        }

        /// Runs `body` with the marker set to `store`, and restores the previous marker after.
        @inlinable
        static func marking<T>(_ store: UnsafeMutableRawPointer, _ body: () -> T) -> T {
            guard let current = SyncLane.current else {
                preconditionFailure("EffectStore: the platform refused a thread-local slot (pthread_setspecific)")
            }
            return current._withUnsafeGuaranteedRef { lane in
                let previous = lane.loop
                lane.loop = store
                defer { lane.loop = previous }
                return body()
            }
        }
    #endif
}

/// Where the calling code runs, relative to one store.
@usableFromInline
enum StoreContext {
    /// Not inside any store's loop.
    case outside
    /// Inside this store's loop: it runs on this thread and will drain what is enqueued.
    case own
    /// Inside some other store's loop.
    case other
}
