/// Which store's loop runs on the current thread, if any.
///
/// Every block a store runs on its queue puts the store in the marker for its duration (and restores what was there
/// after). A store's methods read it to tell whether the caller is inside this store's own work (re-entrant: only
/// enqueue, the running loop drains it), inside another store's work (enqueue asynchronously: waiting could deadlock
/// two stores that feed each other), or outside every store (run synchronously on the caller's thread).
///
/// A thread-local is more precise than `DispatchQueue.getSpecific`: a callback that re-enters the store through
/// `someOtherQueue.sync { store.dispatch(…) }` still runs on the loop's thread and is still seen as re-entrant, where a
/// queue-specific look-up would see "outside" and deadlock on `queue.sync`.
@usableFromInline
enum LoopMarker {
    /// The store whose loop runs on this thread (or ``NoStoreLoop/marker``).
    @usableFromInline static let running = ThreadLocal()
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
