import Dispatch

/// What ends when a ``Store`` is released: the tasks of its in-flight async effects and its `states` streams.
///
/// A store makes its `StoreLifetime` on first use and calls ``end()`` from its `deinit`. Code that runs in the
/// store's loop — an effect handler creating a `Future { await … }` — finds the lifetime with ``current`` and
/// registers what must stop with the store. A lifetime never refers to its store,
/// so holding one does not keep the store alive.
///
/// Handlers registered after ``end()`` run at once, on the registering thread; handlers always run outside the lock.
final class StoreLifetime: Sendable {
    private struct Registry {
        var hasEnded = false
        var nextKey: UInt64 = 0
        var onEnd: [UInt64: @Sendable () -> Void] = [:]
    }

    private let registry = LockedBox.make(Registry())

    /// The lifetime of the store whose loop runs on this thread, or `nil` outside every store's loop.
    static var current: StoreLifetime? {
        // The marker is the running store itself, alive for as long as its loop runs on this thread.
        (LoopMarker.running.value as? LifetimeOwner)?.lifetime
    }

    /// Registers the handler that `make` returns, to run when the store is released.
    ///
    /// `make` runs under the lock with the registration's key, so work it starts (a task that calls
    /// ``unregister(_:)`` when it finishes) cannot unregister before it is registered. `make` must not use this
    /// lifetime itself. Returns the key, or `nil` when the store has already been released; then nothing is made
    /// and nothing is registered.
    func register(_ make: (UInt64) -> @Sendable () -> Void) -> UInt64? {
        registry.withLock { registry in
            guard !registry.hasEnded else { return nil }
            let key = registry.nextKey
            registry.nextKey += 1
            registry.onEnd[key] = make(key)
            return key
        }
    }

    /// Forgets a handler that no longer needs to run, because its work finished first.
    func unregister(_ key: UInt64) {
        _ = registry.withLock { $0.onEnd.removeValue(forKey: key) }
    }

    /// Marks the store released and runs every registered handler once, outside the lock.
    func end() {
        let handlers = registry.withLock { registry -> [@Sendable () -> Void] in
            guard !registry.hasEnded else { return [] }
            registry.hasEnded = true
            defer { registry.onEnd = [:] }
            return registry.onEnd.sorted { $0.key < $1.key }.map(\.value)
        }
        for handler in handlers { handler() }
    }
}

/// A store, seen from code that does not know its state type.
protocol LifetimeOwner: AnyObject {
    var lifetime: StoreLifetime { get }
}
