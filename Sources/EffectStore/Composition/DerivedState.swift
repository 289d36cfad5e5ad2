/// A read-only view of a store's state, derived with a pure function: `store.map { ProcessListViewState($0) }`.
///
/// This is the state-container rule `UI = render(viewState(domainState))` as a value you can hand to a view. A
/// derived state has a ``state``, can be subscribed to like a store — ``subscribe(_:)``,
/// ``StateSource/subscribe(on:_:)``, ``states`` — and can be mapped again. It is how a view subscribes to one part
/// of the state tree:
///
/// ```swift
/// let viewState = processStore.map { ProcessListViewState($0) }
/// let token = viewState.subscribe(on: .main) { viewState in listView.render(state: viewState) }
///
/// let isLoggedIn = appStore.map(\.session.isLoggedIn)     // notified only when `isLoggedIn` changes
/// let title = isLoggedIn.map { $0 ? "Processes" : "Welcome" }
/// ```
///
/// ## Notifications
///
/// When `Value` is `Equatable`, a subscriber is not called with a value equal to the last one it received, so a
/// view of one field is not notified when other fields change. Other values are delivered on every state the
/// source delivers.
///
/// ## Threading and ordering
///
/// A derived state adds no queue of its own: each subscription is a subscription to the store, with the store's
/// guarantees (<doc:Threading>). The transform and the subscriber blocks run on the store's queue. ``state`` may be
/// read from any thread; it applies the transform to the store's latest committed state on the calling thread, so
/// it never goes backwards.
///
/// The transform runs once per subscriber for each state the store delivers, and once per read of ``state``: keep
/// it pure and cheap, or map to a smaller value first.
///
/// ## Lifetime
///
/// A derived state does not keep its store alive; only a `map` of a derived state keeps that derived state (not
/// the store) alive. Once the store is released, ``state`` returns the transform of the last state the store
/// committed (the view keeps that state, not the store), ``subscribe(_:)`` calls its block once with that value on
/// the calling thread, and ``states`` finishes.
public final class DerivedState<Value: Sendable>: StateSource {
    /// The transform applied to the store's latest committed state — also once the store is gone, when that is the
    /// last state it committed. Never a cached value, so ``state`` cannot go back to an older one.
    private let read: @Sendable () -> Value
    /// Subscribes to the upstream source with the transform applied; `nil` once the store is gone.
    private let subscribeUpstream: @Sendable (@escaping @Sendable (Value) -> Void) -> SubscriptionToken?
    /// `==` when `Value` is `Equatable`, to skip values equal to the last one a subscriber received.
    private let isEqual: RuntimeEquality<Value>?
    /// Ends with the store at the root of this view.
    let lifetime: StoreLifetime
    /// The store this is derived from, for settling; captured weakly, so a derived state does not keep it alive.
    let origin: @Sendable () -> (any SettlingMember)?

    init(
        lifetime: StoreLifetime,
        origin: @escaping @Sendable () -> (any SettlingMember)?,
        read: @escaping @Sendable () -> Value,
        subscribeUpstream: @escaping @Sendable (@escaping @Sendable (Value) -> Void) -> SubscriptionToken?
    ) {
        self.read = read
        self.subscribeUpstream = subscribeUpstream
        self.isEqual = RuntimeEquality(Value.self)
        self.lifetime = lifetime
        self.origin = origin
    }

    /// The store's current state, transformed.
    ///
    /// ```swift
    /// let title = processStore.map { ProcessListViewState($0) }.state.title
    /// ```
    ///
    /// Safe from any thread (<doc:Threading>); the transform runs on the calling thread, on the store's latest
    /// committed state. It never goes backwards: a read returns the value of a state at least as recent as any state
    /// an earlier read on the same thread, or a delivery to a subscriber, was derived from. Once the store is
    /// released, it is the transform of the last state the store committed. Like ``Store/state``, it must not be
    /// read from inside ``State/handle(event:)``.
    public var state: Value { read() }

    /// Calls `block` with the current derived value, then with every later one that differs from the last.
    ///
    /// ```swift
    /// let token = processStore.map(\.processes.count).subscribe { count in print("\(count) processes") }
    /// ```
    ///
    /// When `Value` is `Equatable`, a value equal to the last one this block received is skipped. Ordering,
    /// re-entrancy and cancellation are those of ``Store/subscribe(_:)``.
    ///
    /// - Parameter block: Runs on the store's queue (<doc:Threading>). If the store is already released, it runs
    ///   once, with the value of the store's last state, on the calling thread.
    /// - Returns: A token that keeps the subscription alive. Cancel or release it to stop. It does not keep the
    ///   store alive.
    public func subscribe(_ block: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
        let isEqual = self.isEqual
        // The last value this subscriber received; the store calls the block below serially.
        let lastDelivered = LockedBox<Value?>.make(nil)
        let token = subscribeUpstream { value in
            if let isEqual {
                let isChange = lastDelivered.withLock { last -> Bool in
                    defer { last = value }
                    guard let last else { return true }
                    return !isEqual(last, value)
                }
                guard isChange else { return }
            }
            block(value)
        }
        if let token { return token }
        block(read())
        return SubscriptionToken(InertSubscription())
    }

    /// Derives a further view from this one.
    ///
    /// ```swift
    /// let viewState = appStore.map(\.process).map { ProcessListViewState($0) }
    /// ```
    ///
    /// The new view keeps this one alive (not the store), and is notified only when its own value changes, when
    /// that value is `Equatable`.
    ///
    /// - Parameter transform: A pure function of this view's value. Runs on the store's queue for subscribers,
    ///   and on the reading thread for ``state``.
    /// - Returns: The derived view.
    public func map<Derived: Sendable>(_ transform: @escaping @Sendable (Value) -> Derived) -> DerivedState<Derived> {
        let parent = self
        return DerivedState<Derived>(
            lifetime: lifetime,
            origin: origin,
            read: { transform(parent.state) },
            subscribeUpstream: { block in parent.subscribe { block(transform($0)) } }
        )
    }
}

extension Store {
    /// Derives a read-only view of this store's state with a pure function.
    ///
    /// ```swift
    /// let viewState: DerivedState<ProcessListViewState> = processStore.map { ProcessListViewState($0) }
    /// let isLoggedIn = sessionStore.map(\.isLoggedIn)
    /// ```
    ///
    /// The view holds the store weakly: it never keeps a released store alive. See ``DerivedState``.
    ///
    /// - Parameter transform: A pure function of the state. Runs on the store's queue for subscribers, and on
    ///   the reading thread for ``DerivedState/state``.
    /// - Returns: The derived view.
    public func map<Derived: Sendable>(_ transform: @escaping @Sendable (S) -> Derived) -> DerivedState<Derived> {
        // The box the store commits its state to: it outlives the store for as long as a view reads it, so that a
        // view of a released store answers with the last state the store committed (no writer is left by then).
        let committed = stateBox
        return DerivedState<Derived>(
            lifetime: lifetime,
            origin: { [weak self] in self },
            read: { [weak self] in transform(self?.state ?? committed.withLock { $0.state }) },
            subscribeUpstream: { [weak self] block in self?.subscribe { block(transform($0)) } }
        )
    }
}

extension DerivedState: SettlingOrigin {
    var originStore: (any SettlingMember)? { origin() }
}
