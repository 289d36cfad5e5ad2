#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#elseif canImport(WinSDK)
    import WinSDK
#endif

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
@usableFromInline
enum LoopMarker {
    #if canImport(WinSDK)
        private static let key: DWORD = TlsAlloc()
    #else
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let error = pthread_key_create(&key, nil)
            precondition(error == 0, "EffectStore: pthread_key_create failed with error \(error)")
            return key
        }()
    #endif

    /// The store whose loop runs on this thread, as an opaque pointer, or `nil`.
    @usableFromInline
    static var current: UnsafeMutableRawPointer? {
        get {
            #if canImport(WinSDK)
                return TlsGetValue(key)
            #else
                return pthread_getspecific(key)
            #endif
        }
        set {
            #if canImport(WinSDK)
                TlsSetValue(key, newValue)
            #else
                pthread_setspecific(key, newValue)
            #endif
        }
    }
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
