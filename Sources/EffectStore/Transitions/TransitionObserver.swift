/// One transition observer: the block, and whether it is still installed.
final class TransitionObserver<S: State>: CancellableSubscription, @unchecked Sendable {
    // Safe because: `block` is immutable and `@Sendable`; `store` is written only in `init`, before the observer is
    // shared, and weak references load atomically; `isActive` is only touched on the store's queue.
    let block: @Sendable (StoreTransition<S>) -> Void
    /// Weak, so that neither the token nor the observer keeps the store alive.
    private weak var store: Store<S>?
    /// Confined to the store's queue.
    var isActive = true

    init(store: Store<S>, block: @escaping @Sendable (StoreTransition<S>) -> Void) {
        self.store = store
        self.block = block
    }

    override func cancel() {
        store?.removeObserver(self)
    }
}
