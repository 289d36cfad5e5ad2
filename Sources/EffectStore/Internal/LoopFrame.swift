// The synchronous entry into a store's loop from outside any store: a `LoopFrame` holds the store and one kind of
// work, parked on the caller's stack for the thread's `SyncLane`, and runs the work inside `Store.enterLoop`; one kind
// of work per entry point (`Store.schedule`, `dispatch(event:)`, `post(_:)`, `subscribe(_:)`).

/// Work a store runs in its loop, synchronously, for a caller outside any store: it travels in a ``LoopFrame``.
/// Each kind is a type of its own, so that the block the queue runs holds only its own work.
@usableFromInline
protocol LoopWork {
    associatedtype S: State
    /// Does the work, on `store`'s queue, inside its loop.
    mutating func run(in store: Store<S>)
}

/// A store and the work to run in its loop, parked on the caller's stack for the thread's ``SyncLane``.
@usableFromInline
struct LoopFrame<Work: LoopWork>: LaneWork {
    /// Unretained: the caller holds the store for the whole synchronous call. `_withUnsafeGuaranteedRef` lends the
    /// store for the call with no retain (a strong reference, or an `unowned(unsafe)` one read into a local, costs
    /// two atomic operations per call, on the slow path for a store that has ever been referenced weakly).
    @usableFromInline let store: Unmanaged<Store<Work.S>>
    @usableFromInline var work: Work

    @inlinable
    init(store: Store<Work.S>, work: Work) {
        self.store = Unmanaged.passUnretained(store)
        self.work = work
    }

    @inlinable
    @inline(__always)
    mutating func runOnQueue() {
        store._withUnsafeGuaranteedRef { store in
            store.enterLoop { work.run(in: store) }
        }
    }
}

/// A loop item scheduled from outside any store.
@usableFromInline
struct ItemWork<S: State>: LoopWork {
    @usableFromInline let item: Store<S>.LoopItem

    @inlinable
    init(item: Store<S>.LoopItem) { self.item = item }

    @inlinable
    mutating func run(in store: Store<S>) { store.process(item) }
}

/// `dispatch(event:)` from outside any store: starts the event's chain and leaves how it stands in `outcome`.
@usableFromInline
struct DispatchWork<S: State>: LoopWork {
    @usableFromInline
    enum Outcome {
        case finished(S)
        case waiting(Future<S>)
    }

    @usableFromInline let event: S.Event
    @usableFromInline var outcome: Outcome?

    @inlinable
    init(event: S.Event) {
        self.event = event
        self.outcome = nil
    }

    @inlinable
    @inline(__always)
    mutating func run(in store: Store<S>) {
        switch store.startChain(event, origin: .dispatch, observed: true) {
        case .finished:
            outcome = .finished(store.committedState)
        case .waiting(let chain):
            outcome = .waiting(store.effectRuntime.future(of: chain))
        case .unobserved:
            preconditionFailure("EffectStore: an observed chain was started unobserved")
        }
    }
}

/// `post(_:)` from outside any store: starts the event's chain, for nobody to wait for.
@usableFromInline
struct PostWork<S: State>: LoopWork {
    @usableFromInline let event: S.Event

    @inlinable
    init(event: S.Event) { self.event = event }

    @inlinable
    @inline(__always)
    mutating func run(in store: Store<S>) {
        _ = store.startChain(event, origin: .dispatch, observed: false)
    }
}

/// `subscribe(_:)` from outside any store. (A token's `cancel()` from outside goes through ``DetachWork``.)
@usableFromInline
struct SubscriptionWork<S: State>: LoopWork {
    /// `unowned(unsafe)`: the caller holds the subscriber for the whole synchronous call.
    @usableFromInline unowned(unsafe) let subscriber: Subscriber<S>

    @inlinable
    init(subscriber: Subscriber<S>) {
        self.subscriber = subscriber
    }

    @inlinable
    mutating func run(in store: Store<S>) {
        store.attach(subscriber)
    }
}
