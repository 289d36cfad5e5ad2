import Dispatch

/// One subscription: the block, and the queue of the store it is attached to.
///
/// It holds the store's queue, not the store: a `weak` reference to the store would give every store a side table (an
/// allocation, and every later retain and release of the store on the slow path). The queue is all that cancelling
/// needs, because cancelling only clears `block` on the queue; the store drops cancelled subscribers from its list
/// itself (see `SubscriberList`). A store's queue does not refer to its store, so holding it keeps no store alive.
@usableFromInline
final class Subscriber<S: State>: CancellableSubscription, @unchecked Sendable {
    /// The block; `nil` once the subscription is cancelled, which also releases what the block captured. An optional
    /// closure takes no more room than a closure, so the object stays in the smallest malloc size class that holds
    /// it (a separate `Bool` for "cancelled" would push it into the next). `@exclusivity(unchecked)` like the store's
    /// confined `var`s: a dynamic exclusivity check would be paid per subscriber and event.
    @exclusivity(unchecked) @usableFromInline var block: (@Sendable (S) -> Void)?
    /// The queue of the store the subscription belongs to; the only place `block` is read or written.
    @usableFromInline let queue: DispatchQueue

    @inlinable
    init(store: Store<S>, block: @escaping @Sendable (S) -> Void) {
        self.queue = store.queue
        self.block = block
    }

    /// Not specialised (a token calls it through the vtable), so from outside any store it detaches through a
    /// `DetachWork`, which is not generic: the generic route would look up generic metadata on every cancel.
    override func cancel() {
        guard let marker = LoopMarker.current else {
            // Outside every store's loop: wait for a notification in progress, then clear the block.
            return DetachWork.run(self, on: queue)
        }
        // The marker is the store whose loop runs on this thread, alive for as long as its loop runs here.
        let running = Unmanaged<AnyObject>.fromOpaque(marker).takeUnretainedValue()
        if let store = running as? Store<S>, store.queue === queue {
            // Inside this subscription's own store's loop: at once. The store is alive, and this is its queue.
            store.detach(self)
        } else {
            // Inside another store's loop (or releasing a block, see `detachInLoop()`): never wait there.
            queue.async { self.detachInLoop() }
        }
    }

    /// Clears `block`, on `queue`, from outside the store's loop: the store may be gone. The store's list keeps this
    /// subscriber, cancelled, until the store compacts it away.
    override func detachInLoop() {
        guard block != nil else { return }
        // Releasing the block may run code (what it captured may `deinit`) that uses the store: it runs marked as inside
        // a loop that is no store's, so that such code only ever schedules work on a store, asynchronously, and never
        // waits for this queue, which this thread holds. The block is released by the assignment, inside `marking`.
        LoopMarker.marking(Unmanaged.passUnretained(NoStoreLoop.marker).toOpaque()) { block = nil }
    }
}
// Safe because: `queue` is immutable; `block` is written in `init`, before the subscriber is shared, and then only
// read and cleared on `queue`.

/// What the loop marker points at while a block released from outside any store's loop runs its captures' `deinit`s:
/// a loop, so stores schedule instead of waiting, but no store's, so none runs work at once.
final class NoStoreLoop: Sendable {
    static let marker = NoStoreLoop()
}
