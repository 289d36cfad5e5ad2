import Dispatch

/// Marks every store's queue with that store's identity.
///
/// `DispatchQueue.getSpecific(key:)` then tells a call whether it runs inside this store's work (re-entrant:
/// only enqueue), inside another store's work (enqueue asynchronously: waiting could deadlock two stores that
/// talk to each other), or outside every store (run synchronously on the caller's thread).
///
/// Wrapped because `DispatchSpecificKey` is not declared `Sendable` on every platform; the key is immutable and
/// only ever used as an identity, which is safe from any thread.
struct StoreQueueKey: @unchecked Sendable {
    let key = DispatchSpecificKey<ObjectIdentifier>()
}

let storeQueueKey = StoreQueueKey()

/// Where the calling code runs, relative to one store.
enum StoreContext {
    /// Not inside any store's queue.
    case outside
    /// Inside this store's queue: its loop is running on this thread and will drain what is enqueued.
    case own
    /// Inside some other store's queue.
    case other
}
