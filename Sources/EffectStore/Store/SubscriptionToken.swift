/// Keeps a subscription alive; cancel it, or release it, to stop receiving states.
///
/// ```swift
/// final class ProcessListViewModel {
///     private var token: SubscriptionToken?
///
///     init(store: Store<ProcessState>) {
///         token = store.subscribe { [weak self] state in self?.render(state) }
///     }
/// }
/// ```
///
/// Releasing the token cancels the subscription (RAII), so the subscription lives exactly as long as the object
/// that holds the token. The token does not keep the store alive.
///
/// ``cancel()`` may be called from any thread, any number of times; the calls after the first do nothing.
public final class SubscriptionToken: Sendable {
    private let subscription: CancellableSubscription

    @usableFromInline
    init(_ subscription: CancellableSubscription) {
        self.subscription = subscription
    }

    /// Ends the subscription.
    ///
    /// Called from a thread that is not running a store's work (your own code, the main thread), it waits until a
    /// notification in progress has finished, so once `cancel()` returns the block is not running and will not be
    /// called again. Called from inside a block or an effect handler of the same store, it takes effect at
    /// once. Called from inside *another* store's callback, it is queued behind the work already on this store's
    /// queue (waiting there could deadlock two stores), so states already on their way may still arrive.
    public func cancel() {
        subscription.cancel()
    }

    deinit {
        subscription.cancel()
    }
}

/// What a ``SubscriptionToken`` cancels: the base class of the store's subscriber records.
///
/// A class rather than a protocol so the token holds one plain reference (8 bytes, no existential) and calls
/// `cancel()` through the vtable.
@usableFromInline
class CancellableSubscription: @unchecked Sendable {
    // Safe because: it has no state; subclasses say what makes theirs safe.
    @usableFromInline
    init() {}

    /// Ends the subscription. Idempotent.
    func cancel() {}
}

/// A subscription that has nothing to cancel: the token handed out for a source whose store is already gone.
final class InertSubscription: CancellableSubscription, @unchecked Sendable {
    // Safe because: it has no state.
    override func cancel() {}
}
