/// What a ``Store`` makes only when something needs it: its lifetime, its transition observers and its undo history.
///
/// A store refers to its extras from its state box (`Store.Committed.extras`), made on first use, so a store that is
/// never observed, never undone and never asked for its lifetime carries one `nil` reference for all of it. The loop
/// looks at the extras only when `Store.isObserved` is set.
@usableFromInline
final class StoreExtras<S: State>: @unchecked Sendable {
    // Safe because: `lifetime` and `history` are immutable references to thread-safe objects (`history` is guarded
    // by its own lock: written on the store's queue, read from any thread); `observers` and `nextSequenceNumber`
    // are confined to the store's queue, like the store's own `var`s.

    /// Ends with the store; see ``StoreLifetime``.
    let lifetime = StoreLifetime()

    /// Confined to the store's queue: the installed observers, in the order they were installed.
    @usableFromInline var observers: ContiguousArray<TransitionObserver<S>> = []
    /// Confined to the store's queue: the number the next transition gets.
    @usableFromInline var nextSequenceNumber: UInt64 = 1

    /// The undo history, or `nil` when undo is not enabled.
    let history = LockedBox<UndoHistory<S>?>.make(nil)
    /// Confined to the store's queue: whether `history` is not `nil`, so the loop need not take its lock to know.
    @usableFromInline var hasHistory = false

    @usableFromInline
    init() {}

    /// Whether anything needs transitions: an observer, or an undo history. On the store's queue.
    var needsTransitions: Bool {
        !observers.isEmpty || hasHistory
    }

    /// Numbers the next transition. On the store's queue.
    @inlinable
    func takeSequenceNumber() -> UInt64 {
        defer { nextSequenceNumber += 1 }
        return nextSequenceNumber
    }

    /// Calls every active observer with `transition`, in installation order. On the store's queue.
    @inlinable
    func deliver(_ transition: StoreTransition<S>) {
        // Iterates a snapshot: an observer may install or cancel observers while this runs.
        for observer in observers where observer.isActive {
            observer.block(transition)
        }
    }
}

/// One transition observer: the block, and whether it is still installed.
@usableFromInline
final class TransitionObserver<S: State>: CancellableSubscription, @unchecked Sendable {
    // Safe because: `block` is immutable and `@Sendable`; `store` is written only in `init`, before the observer is
    // shared, and weak references load atomically; `isActive` is only touched on the store's queue.
    @usableFromInline let block: @Sendable (StoreTransition<S>) -> Void
    /// Weak, so that neither the token nor the observer keeps the store alive.
    private weak var store: Store<S>?
    /// Confined to the store's queue.
    @usableFromInline var isActive = true

    init(store: Store<S>, block: @escaping @Sendable (StoreTransition<S>) -> Void) {
        self.store = store
        self.block = block
    }

    override func cancel() {
        store?.removeObserver(self)
    }
}
