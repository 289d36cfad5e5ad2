/// A store's subscribers, in subscription order: the only one held inline, or two or more in an array.
///
/// Most stores have exactly one subscriber. Holding it inline saves the array's allocation per store and makes
/// cancelling it a plain reset. Two plain fields rather than an enum: an enum's copies and switches made the store's
/// `commit` too big for the optimiser to inline the chain into `dispatch(event:)`; the extra field keeps the store
/// in the same malloc size class. Confined to the store's queue, like the store's other `var`s.
///
/// A cancel only clears its subscriber's `block` (from outside the store's loop it does not even reach the store; from
/// inside, only the `only` one is dropped at once), so the list may hold cancelled subscribers: `append` replaces a cancelled `only` one and compacts
/// `many` when it would grow and at least half of it is cancelled, and `Store.notify` compacts when at least half of
/// those it skipped were cancelled. Each costs amortised constant time per subscription.
@usableFromInline
struct SubscriberList<S: State> {
    /// The subscriber, when there is exactly one; then `many` is empty.
    @usableFromInline var only: Subscriber<S>?
    /// Two or more subscribers, or none (and then `only` may hold one). Cancelled ones (their `block` is `nil`) stay
    /// until the store compacts them away (`append` below, and `Store.notify`).
    @usableFromInline var many: ContiguousArray<Subscriber<S>>

    @inlinable
    init() {
        self.only = nil
        self.many = []
    }

    /// The list of the subscribers in `all`, in order.
    @inlinable
    init(_ all: ContiguousArray<Subscriber<S>>) {
        if all.count == 1 {
            self.only = all[0]
            self.many = []
        } else {
            self.only = nil
            self.many = all
        }
    }

    /// Whether there is no subscriber at all.
    @inlinable
    var isEmpty: Bool { only == nil && many.isEmpty }

    /// Adds `subscriber` last.
    @inlinable
    mutating func append(_ subscriber: Subscriber<S>) {
        if many.isEmpty, only?.block == nil {
            only = subscriber  // also replaces a cancelled one
            return
        }
        if let first = only {
            only = nil
            many = [first]
        } else if many.count == many.capacity, many.count(where: { $0.block == nil }) * 2 >= many.count {
            // About to grow, and at least half is cancelled: drop those instead.
            removeCancelled()
            return append(subscriber)
        }
        many.append(subscriber)
    }

    /// Drops the cancelled subscribers (those whose `block` is `nil`) from `many`.
    @inlinable
    mutating func removeCancelled() {
        var all = many
        many = []  // so that `all` is the array's only reference, compacted in place
        all.removeAll { $0.block == nil }
        self = SubscriberList(all)
    }
}
