import Dispatch

/// Runs a feature: event → state → effect → event, on one serial queue, and tells subscribers about each state.
///
/// A store holds the current ``State``, hands each event to ``State/handle(event:)``, gives the effect it returns
/// to the ``EffectHandler``, and dispatches the event that the effect's future answers with back into itself. It
/// owns its effect handler and event source and releases them with itself.
///
/// ```swift
/// let store = Store<ProcessState>(effectHandler: ProcessEffects(service: service),
///                                 eventSource: ProcessEvents(sessionStore: sessionStore))
/// let token = store.subscribe { state in print(state) }
/// let finalState = await store.dispatch(event: .fetchProcesses).value   // after the download's event too
/// ```
///
/// ## Threading
///
/// Every method is safe to call from any thread, and none deadlocks when called from inside the store's own
/// callbacks (a subscriber, the effect handler, a dispatch future's callback).
///
/// - **The store's queue.** Each store has a private serial `DispatchQueue`. ``State/handle(event:)``, subscriber
///   blocks and ``EffectHandler/handle(effect:)`` only ever run on it, one at a time. A call from outside any
///   store (your code, the main thread, a network callback) runs the work *synchronously* on that queue — on the
///   calling thread, as `DispatchQueue.sync` does — so ``dispatch(event:)`` has handled the event and notified
///   subscribers when it returns. A call from inside this store's callbacks only enqueues; the event is handled
///   right after the current one, before the store's queue is released. A call from inside *another* store's
///   callbacks is enqueued with `DispatchQueue.async`, so two stores that feed each other never wait on each
///   other.
/// - **Order.** Events that one thread dispatches are handled in that order; none is lost. Effects reach the
///   effect handler in the order they were produced.
/// - **Reading state.** ``state`` returns the latest committed state from any thread, including inside a
///   subscriber or an effect handler, without waiting for the queue.
/// - **Do not block the store's queue** on something that waits for the store: for example, a subscriber that
///   calls `DispatchQueue.main.sync` while the main thread dispatches to this store deadlocks. Hop with `async`.
///
/// ## Observing, recording, undoing
///
/// ``observeTransitions(_:)`` shows every event the store handles as a ``StoreTransition`` — with where it came
/// from, the state before and after, and the effect — on the store's queue, in order; ``logTransitions(_:)``,
/// ``SessionRecorder`` and ``enableUndo(limit:isUndoable:)`` build on it. A store with none of them installed does
/// no work for them.
///
/// ## Lifetime
///
/// Nothing the store hands out keeps it alive: not a ``SubscriptionToken``, not the event source's `dispatch`
/// function, not an effect in flight, not a transition observer or a ``SessionRecorder``. When the last strong
/// reference goes, the store, its effect handler and its event source are released; a late effect result is then
/// ignored, and every ``dispatch(event:)`` future still waiting for an effect resolves with the last state the store
/// committed.
public final class Store<S: State> {
    // The hot path below is `@inlinable`, so that `Store<YourState>` is specialised in your module: no generic
    // dispatch through witness tables per event. Everything it touches is therefore `@usableFromInline`; none of it
    // is public API.

    // MARK: Set once in `init`, then only read.

    /// The serial queue all of the store's work runs on.
    @usableFromInline let queue: DispatchQueue
    /// The committed state (and the store's extras — lifetime, observers, undo history — once something needs
    /// them). The state is written only on `queue`, under the box's lock; it is read under the lock from other
    /// threads and without it on `queue` (no writer can run concurrently there).
    @usableFromInline let stateBox: LockedBox<Committed>
    /// The effect handler, type-erased. Called only on `queue`; holds the handler strongly.
    @usableFromInline let performEffect: ((S.Effect) -> Future<S.Event>?)?
    /// Keeps the event source alive as long as the store.
    let eventSource: AnyObject?
    /// `==` when `S` is `Equatable`, to skip notifying subscribers of an unchanged state.
    @usableFromInline let equality: RuntimeEquality<S>?

    // MARK: Confined to `queue`: read and written only by code running on it.
    //
    // `@exclusivity(unchecked)`: these are only touched by the loop, one block at a time, so overlapping accesses
    // cannot happen; the dynamic exclusivity checks Swift would otherwise run on every access cost ~7% of a dispatch.

    @exclusivity(unchecked) @usableFromInline var subscribers: ContiguousArray<Subscriber<S>> = []
    /// Events enqueued from inside the store's own callbacks; drained before the queue is released.
    @exclusivity(unchecked) @usableFromInline var pending: [PendingEvent] = []
    /// Dispatch futures whose chain waits for an effect; resolved in `deinit` if the store goes first.
    @exclusivity(unchecked) @usableFromInline var waitingForEffects: [ObjectIdentifier: Promise<S>] = [:]
    /// How many of `pending` have been taken. 32 bits (with the flag below) keep the object in a smaller malloc
    /// size class; the loop never holds 2³¹ events at once.
    @exclusivity(unchecked) @usableFromInline var pendingHead: Int32 = 0
    /// True while `S.handle(event:)` runs, to catch a read of `state` from inside it.
    @exclusivity(unchecked) @usableFromInline var isHandling = false
    /// True while transition observers or an undo history are installed: the one check the loop makes for them.
    /// A `Bool` here fills padding after `isHandling`, so it costs no memory; the observers themselves live in the
    /// lazily made `StoreExtras` (see `Committed`).
    @exclusivity(unchecked) @usableFromInline var isObserved = false

    // MARK: - Creating a store

    init(
        initialState: S,
        performEffect: ((S.Effect) -> Future<S.Event>?)?,
        eventSource: AnyObject?,
        configureEventSource: ((@escaping @Sendable (S.Event) -> Void) -> Void)?
    ) {
        self.queue = DispatchQueue(label: "EffectStore.Store<\(S.self)>")
        self.stateBox = .make(Committed(state: initialState))
        self.performEffect = performEffect
        self.eventSource = eventSource
        self.equality = RuntimeEquality(S.self)
        configureEventSource? { [weak self] event in
            self?.submit(PendingEvent(event: event, promise: nil, origin: .eventSource))
        }
    }

    /// Creates a store with an effect handler and an event source.
    ///
    /// ```swift
    /// let store = Store<ProcessState>(effectHandler: effects, eventSource: events)
    /// ```
    ///
    /// The store calls `eventSource.configureEventSource(dispatch:)` once, on this thread, before returning.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from; `S.initialState` by default.
    ///   - effectHandler: Performs the state's effects. Held strongly until the store is released.
    ///   - eventSource: Feeds outside events in. Held strongly until the store is released.
    public convenience init<EH: EffectHandler, ES: EventSource>(
        initialState: S = S.initialState,
        effectHandler: EH,
        eventSource: ES
    ) where EH.S == S, ES.S == S {
        self.init(
            initialState: initialState,
            performEffect: { effectHandler.handle(effect: $0) },
            eventSource: eventSource,
            configureEventSource: { eventSource.configureEventSource(dispatch: $0) }
        )
    }

    /// Creates a store with no effect handler and no event source: effects are dropped.
    ///
    /// ```swift
    /// let store = Store<CounterState>()
    /// ```
    ///
    /// - Parameter initialState: The state to start from; `S.initialState` by default.
    public convenience init(initialState: S = S.initialState) {
        self.init(initialState: initialState, performEffect: nil, eventSource: nil, configureEventSource: nil)
    }

    /// Creates a store with an effect handler and no event source.
    ///
    /// ```swift
    /// let store = Store<ProcessState>(effectHandler: ProcessEffects(service: service))
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state to start from; `S.initialState` by default.
    ///   - effectHandler: Performs the state's effects. Held strongly until the store is released.
    public convenience init<EH: EffectHandler>(initialState: S = S.initialState, effectHandler: EH)
    where EH.S == S {
        self.init(
            initialState: initialState,
            performEffect: { effectHandler.handle(effect: $0) },
            eventSource: nil,
            configureEventSource: nil
        )
    }

    /// Creates a store with an event source and no effect handler: effects are dropped.
    ///
    /// ```swift
    /// let store = Store<ProcessState>(eventSource: ProcessEvents(sessionStore: sessionStore))
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state to start from; `S.initialState` by default.
    ///   - eventSource: Feeds outside events in. Held strongly until the store is released.
    public convenience init<ES: EventSource>(initialState: S = S.initialState, eventSource: ES) where ES.S == S {
        self.init(
            initialState: initialState,
            performEffect: nil,
            eventSource: eventSource,
            configureEventSource: { eventSource.configureEventSource(dispatch: $0) }
        )
    }

    deinit {
        // No other reference exists, so nothing runs on `queue` any more: reading its confined state is safe.
        let committed = stateBox.unsynchronizedValue
        committed.extras?.lifetime.end()  // cancels async effects' tasks and finishes `states` streams
        guard !waitingForEffects.isEmpty else { return }
        for promise in waitingForEffects.values { promise.resolve(committed.state) }
    }

    /// What ends with this store: its async effects' tasks and its `states` streams. Made on first use, so a store
    /// that needs neither pays nothing for it. Safe from any thread.
    var lifetime: StoreLifetime { extras.lifetime }

    /// The store's lifetime, transition observers and undo history, made on first use. Safe from any thread.
    var extras: StoreExtras<S> {
        stateBox.withLock { committed in
            if let extras = committed.extras { return extras }
            let extras = StoreExtras<S>()
            committed.extras = extras
            return extras
        }
    }

    // MARK: - Reading state

    /// The latest committed state.
    ///
    /// Safe from any thread, and from inside a subscriber or an effect handler; it never waits for the store's
    /// queue (at most for one `handle(event:)` call in progress). Reading it from inside ``State/handle(event:)``
    /// is a programmer error and stops with a message.
    @inlinable
    public var state: S {
        if context == .own { return stateOnQueue(reading: "Store.state") }
        return stateBox.withLock { $0.state }
    }

    // MARK: - Dispatching events

    /// Sends `event` to the state, and returns a future of the state once the whole chain it starts has finished.
    ///
    /// ```swift
    /// store.dispatch(event: .fetchProcesses)                         // fire and forget
    /// let state = await store.dispatch(event: .fetchProcesses).value // after the download's answer is handled
    /// ```
    ///
    /// The future resolves with the state right after the event when the event produces no effect, or the effect
    /// handler returns no future; otherwise, once the effect's event — and the effect *it* produces, and so on —
    /// has been handled, with the state right after the last event of that chain. If the store is released while
    /// the chain waits for an effect, it resolves with the last state the store committed.
    ///
    /// Called from outside any store, `dispatch` handles the event and notifies subscribers before it returns (see
    /// "Threading" on ``Store``). Called from inside this store's callbacks, it enqueues the event behind the one
    /// being handled; from inside another store's callbacks, it enqueues it asynchronously.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: A future of the state after the event's whole chain. Its callbacks run on the store's queue when
    ///   the chain ends there, or immediately on the calling thread if it has already ended.
    @inlinable
    @discardableResult
    public func dispatch(event: S.Event) -> Future<S> {
        switch context {
        case .outside:
            // The arguments travel in a frame on this stack, and the work is a function with no captures, so the
            // synchronous path allocates nothing but the returned future (see `SyncLane`).
            var frame = DispatchFrame(store: self, event: event, result: nil)
            withUnsafeMutablePointer(to: &frame) { pointer in
                SyncLane.sync(on: queue, frame: UnsafeMutableRawPointer(pointer)) { Store.runDispatchFrame($0) }
            }
            guard let future = frame.result else {
                preconditionFailure("EffectStore: queue.sync returned without running its work")
            }
            return future
        case .own, .other:
            let promise = Promise<S>()
            submit(PendingEvent(event: event, promise: promise, origin: .dispatch))
            return promise.future
        }
    }

    // MARK: - Subscribing

    /// Calls `block` with the current state, then with every later state, in order.
    ///
    /// ```swift
    /// let token = store.subscribe { state in
    ///     DispatchQueue.main.async { view.render(state) }
    /// }
    /// ```
    ///
    /// No state is skipped or repeated, and the block is never called concurrently with itself. When `S` is
    /// `Equatable`, a state equal to the previous one is not delivered; other states are delivered on every
    /// transition.
    ///
    /// Called from outside any store, the block has received the current state when `subscribe` returns. Called
    /// from inside this store's callbacks, it receives it at once; from inside another store's callbacks, as soon
    /// as the store's queue gets to it.
    ///
    /// - Parameter block: Runs **on the store's queue** (see "Threading" on ``Store``). It may read ``state``,
    ///   dispatch, subscribe and cancel without deadlock. Hop to the main queue yourself for UI work.
    /// - Returns: A token that keeps the subscription alive. Cancel or release it to stop.
    public func subscribe(_ block: @escaping @Sendable (S) -> Void) -> SubscriptionToken {
        let subscriber = Subscriber(store: self, block: block)
        onQueue { $0.attach(subscriber) }
        return SubscriptionToken(subscriber)
    }

    /// Removes a subscriber; called by its token.
    func unsubscribe(_ subscriber: Subscriber<S>) {
        onQueue { $0.detach(subscriber) }
    }

    // MARK: - The loop (everything below runs on `queue`)

    /// Where the caller runs, relative to this store (see `LoopMarker`).
    @inlinable
    var context: StoreContext {
        guard let current = LoopMarker.current else { return .outside }
        return current == Unmanaged.passUnretained(self).toOpaque() ? .own : .other
    }

    /// Marks this thread as running this store's loop while `body` runs; every block on `queue` goes through here.
    @inlinable
    func inLoop<T>(_ body: () -> T) -> T {
        let previous = LoopMarker.current
        LoopMarker.current = Unmanaged.passUnretained(self).toOpaque()
        defer { LoopMarker.current = previous }
        return body()
    }

    /// Runs `work` on the queue: synchronously from outside any store, at once from inside this store's loop, and
    /// asynchronously from inside another store's loop. Drains what the work enqueued.
    @usableFromInline
    func onQueue(_ work: @escaping @Sendable (Store<S>) -> Void) {
        switch context {
        case .outside:
            queue.sync {
                inLoop {
                    work(self)
                    drainPending()
                }
            }
        case .own:
            work(self)
        case .other:
            queue.async {
                self.inLoop {
                    work(self)
                    self.drainPending()
                }
            }
        }
    }

    @inlinable
    @inline(__always)
    func assertOnQueue() {
        #if DEBUG
        dispatchPrecondition(condition: .onQueue(queue))
        #endif
    }

    /// The committed state, read on the queue, where no writer can run concurrently.
    @usableFromInline
    func stateOnQueue(reading what: String) -> S {
        assertOnQueue()
        if isHandling {
            preconditionFailure(
                """
                EffectStore: \(what) was used from inside \(S.self).handle(event:). handle(event:) must be pure \
                and must not use its store. To fix, read `self` (it is the state being handled) and return an \
                effect for anything the store should do.
                """
            )
        }
        return stateBox.unsynchronizedValue.state
    }

    /// Runs an event submitted from outside the loop, or enqueues it when the loop is running here already.
    @inlinable
    func submit(_ item: PendingEvent) {
        switch context {
        case .outside:
            queue.sync {
                inLoop {
                    process(item)
                    drainPending()
                }
            }
        case .own:
            pending.append(item)
        case .other:
            queue.async {
                self.inLoop {
                    self.process(item)
                    self.drainPending()
                }
            }
        }
    }

    /// Handles every event enqueued from inside the loop, oldest first, including those that handling them adds.
    /// Every block this store runs on its queue ends with this call, so nothing enqueued is ever left behind.
    @inlinable
    func drainPending() {
        assertOnQueue()
        guard !pending.isEmpty else { return }
        while Int(pendingHead) < pending.count {
            let item = pending[Int(pendingHead)]
            pendingHead += 1
            process(item)
        }
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
    }

    /// Whether an answer may be handled right away: only when nothing else is waiting, so that handling it now is
    /// exactly what enqueuing it and draining would do.
    @inlinable
    var nothingPending: Bool { Int(pendingHead) == pending.count }

    /// The synchronous fast path of `dispatch`: follows already-answered effects inline and allocates a promise
    /// only when the chain has to wait for an effect.
    @inlinable
    func handleFirst(_ first: S.Event) -> Future<S> {
        var event = first
        var origin = TransitionOrigin.dispatch
        while true {
            let (state, effect) = apply(event, origin: origin)
            guard let effect, let effectFuture = performEffect?(effect) else { return Future(value: state) }
            if nothingPending, let answer = effectFuture.valueIfResolved {
                event = answer
                origin = .effect
                continue
            }
            let promise = Promise<S>()
            awaitEffect(effectFuture, continuing: promise)
            return promise.future
        }
    }

    @inlinable
    func process(_ item: PendingEvent) {
        if item.origin == .effect, let promise = item.promise {
            waitingForEffects[ObjectIdentifier(promise)] = nil
        }
        guard var event = item.event else {
            // No event: an `undo()` or `redo()` request, which `origin` names.
            let state = moveInHistory(item.origin)
            item.promise?.resolve(state)
            return
        }
        var origin = item.origin
        while true {
            let (state, effect) = apply(event, origin: origin)
            guard let effect, let effectFuture = performEffect?(effect) else {
                item.promise?.resolve(state)
                return
            }
            if nothingPending, let answer = effectFuture.valueIfResolved {
                event = answer
                origin = .effect
                continue
            }
            awaitEffect(effectFuture, continuing: item.promise)
            return
        }
    }

    /// Feeds the effect's event back into the store when it arrives, carrying the chain's promise along.
    @usableFromInline
    func awaitEffect(_ effectFuture: Future<S.Event>, continuing promise: Promise<S>?) {
        if let promise { waitingForEffects[ObjectIdentifier(promise)] = promise }
        effectFuture.onComplete { [weak self] event in
            self?.submit(PendingEvent(event: event, promise: promise, origin: .effect))
        }
    }

    /// Handles one event: next state under the lock, then subscribers. Returns the committed state and the effect.
    ///
    /// `origin` matters only to transition observers: with none installed it is never read, and the only extra work
    /// is the `isObserved` check.
    @inlinable
    func apply(_ event: S.Event, origin: TransitionOrigin) -> (S, S.Effect?) {
        assertOnQueue()
        if isObserved { return applyObserved(event, origin: origin) }
        let hasSubscribers = !subscribers.isEmpty
        isHandling = true
        // `handle` mutates the committed state in place, under the lock: no copy of the state is alive during the
        // mutation unless one is needed for `==`, so copy-on-write storage in the state is not copied per event.
        let (previous, state, effect) = stateBox.withLock { committed -> (S?, S, S.Effect?) in
            let previous: S? = hasSubscribers && equality != nil ? committed.state : nil
            let effect = committed.state.handle(event: event)
            return (previous, committed.state, effect)
        }
        isHandling = false
        if hasSubscribers {
            if let previous, let equality, equality.areEqual(previous, state) {
                // Unchanged: subscribers already have this state.
            } else {
                notify(state)
            }
        }
        return (state, effect)
    }

    @inlinable
    func notify(_ state: S) {
        // Iterates a snapshot: a block may subscribe or cancel while this runs.
        for subscriber in subscribers where subscriber.isActive {
            subscriber.block(state)
        }
    }

    func attach(_ subscriber: Subscriber<S>) {
        assertOnQueue()
        guard subscriber.isActive else { return }  // cancelled before this queued registration ran
        subscribers.append(subscriber)
        subscriber.block(stateOnQueue(reading: "Store.subscribe(_:)"))
    }

    func detach(_ subscriber: Subscriber<S>) {
        assertOnQueue()
        subscriber.isActive = false
        if let index = subscribers.firstIndex(where: { $0 === subscriber }) {
            subscribers.remove(at: index)
        }
    }

    /// What the state box holds.
    @usableFromInline
    struct Committed {
        @usableFromInline var state: S
        /// Made on first use; see ``Store/extras``. One reference for everything optional keeps the box, and so
        /// every store, in a smaller malloc size class.
        @usableFromInline var extras: StoreExtras<S>?

        @inlinable
        init(state: S) {
            self.state = state
            self.extras = nil
        }
    }

    /// The arguments and result of a synchronous `dispatch`, on the caller's stack.
    @usableFromInline
    struct DispatchFrame {
        /// `unowned(unsafe)`: the caller holds the store for the whole synchronous call; a strong reference would
        /// cost two atomic operations per dispatch.
        @usableFromInline unowned(unsafe) let store: Store<S>
        @usableFromInline let event: S.Event
        @usableFromInline var result: Future<S>?

        @inlinable
        init(store: Store<S>, event: S.Event, result: Future<S>?) {
            self.store = store
            self.event = event
            self.result = result
        }
    }

    /// The body of a synchronous `dispatch`, on the queue; `raw` points at a `DispatchFrame`.
    @inlinable
    static func runDispatchFrame(_ raw: UnsafeMutableRawPointer) {
        let frame = raw.assumingMemoryBound(to: DispatchFrame.self)
        let store = frame.pointee.store
        store.inLoop {
            frame.pointee.result = store.handleFirst(frame.pointee.event)
            store.drainPending()
        }
    }

    /// An event waiting for the loop, and the dispatch future its chain resolves, if anyone waits for it.
    @usableFromInline
    struct PendingEvent: Sendable {
        /// The event; `nil` for an `undo()` or `redo()` request, which `origin` names.
        @usableFromInline let event: S.Event?
        @usableFromInline let promise: Promise<S>?
        /// Where the event comes from. `.effect` also means its promise is no longer waiting for that effect.
        @usableFromInline let origin: TransitionOrigin

        @inlinable
        init(event: S.Event?, promise: Promise<S>?, origin: TransitionOrigin) {
            self.event = event
            self.promise = promise
            self.origin = origin
        }
    }
}

// Safe because: the `let` properties are set in `init` and never change; `stateBox` is guarded by its lock; every
// `var` is confined to `queue` (marked "Confined to `queue`" above) and only touched by code that runs on it —
// `dispatchPrecondition` checks that in debug builds — or in `deinit`, when no other reference exists.
extension Store: @unchecked Sendable {}

extension Store: LifetimeOwner {}

/// One subscription: the block, and whether it is still active.
@usableFromInline
final class Subscriber<S: State>: CancellableSubscription, @unchecked Sendable {
    @usableFromInline let block: @Sendable (S) -> Void
    /// Written once, in `init`; weak so that tokens do not keep the store alive.
    private weak var store: Store<S>?
    /// Confined to the store's queue.
    @usableFromInline var isActive = true

    init(store: Store<S>, block: @escaping @Sendable (S) -> Void) {
        self.store = store
        self.block = block
    }

    override func cancel() {
        store?.unsubscribe(self)
    }
}
// Safe because: `block` is immutable and `@Sendable`; `store` is written only in `init`, before the subscriber is
// shared, and weak references load atomically; `isActive` is only touched on the store's queue.
