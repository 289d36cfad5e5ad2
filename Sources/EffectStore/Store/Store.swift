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
/// Every method is safe to call from any thread, and none deadlocks when called from inside the store's own
/// callbacks. ``State/handle(event:)``, subscribers, transition observers and the effect handler run on the
/// store's private serial queue, one at a time; see <doc:Threading> for where each call runs and in what order.
///
/// ## Observing, recording, undoing
///
/// ``observeTransitions(_:)`` shows every event the store handles as a ``StoreTransition`` — with where it came
/// from, the state before and after, and the effect — on the store's queue, in order; `logTransitions(_:)`
/// (EffectStoreLogging), `SessionRecorder` (EffectStoreSessions) and ``enableUndo(limit:isUndoable:)`` build on it. A store with none of
/// them installed does no work for them.
///
/// ## Effects
///
/// An effect the handler answers with a ``Future`` continues the chain with its event; a run
/// (``EffectAnswer/run(_:)``) continues it with every event it sends until it finishes. An effect that is a ``ComposableEffect`` may carry an
/// ``EffectPlan`` — several effects, cancellation, queues, debounce, throttle, delay — that the store carries out
/// atomically with the state: see <doc:EffectsInPractice>.
///
/// ## Lifetime
///
/// Nothing the store hands out keeps it alive: not a ``SubscriptionToken``, not the event source's `dispatch`
/// function, not an effect in flight, not a transition observer or a `SessionRecorder`. When the last strong
/// reference goes, the store, its effect handler and its event source are released; every run is cancelled, a late
/// effect result is ignored, and every ``dispatch(event:)`` future still waiting for an effect resolves with the last
/// state the store committed.
public final class Store<S: State> {
    // The loop lives in Store+Loop.swift, which the article "How the loop works" walks through. It is `@inlinable`, so
    // that `Store<YourState>` is specialised in your module; what it touches is therefore `@usableFromInline`. None of
    // it is public API.

    // MARK: Set once in `init`, then only read.

    /// The serial queue all of the store's work runs on.
    @usableFromInline let queue: DispatchQueue
    /// The committed state, and the store's extras once something needs them (see `Committed`). The state is written
    /// only on `queue`, under the box's lock; it is read under the lock from other threads, and without it on `queue`,
    /// where no writer can run concurrently.
    @usableFromInline let stateBox: LockedBox<Committed>
    /// Performs an effect with the effect handler, which it holds. Called only on `queue`.
    @usableFromInline let performEffect: ((S.Effect) -> EffectAnswer<S.Event>?)?

    // MARK: Confined to `queue`: read and written only by code running on it (or in `deinit`).
    //
    // `@exclusivity(unchecked)`: the loop touches these one block at a time, on its queue, so two accesses cannot
    // overlap; the dynamic check Swift would make on each access costs the `dispatch` target (≤ 2.2× queue.sync).

    /// In subscription order.
    @exclusivity(unchecked) @usableFromInline var subscribers = SubscriberList<S>()
    /// Work enqueued from inside the store's own callbacks, run before the queue is released: `pending[pendingHead...]`.
    @exclusivity(unchecked) @usableFromInline var pending: [Work] = []
    /// How many of `pending` have been taken. 32 bits, with the flags below, keep the store in the malloc size class
    /// the `memory.bytes-per-store` target needs.
    @exclusivity(unchecked) @usableFromInline var pendingHead: Int32 = 0
    /// True while `S.handle(event:)` runs, to catch a use of the store from inside it.
    @exclusivity(unchecked) @usableFromInline var isHandling = false
    /// True while transition observers or an undo history are installed: the one check the loop makes for them.
    @exclusivity(unchecked) @usableFromInline var needsTransitions = false
    /// True while a thread waits for the store to be idle (`waitUntilSettled`): the loop then checks after each block.
    @exclusivity(unchecked) @usableFromInline var needsIdleSignal = false
    /// Whether the state box holds extras or an event source (written under its lock): `deinit` skips their work in a
    /// store that never had them.
    @usableFromInline var hasExtras = false
    /// The effects in flight and the dispatches waiting for them; made on the first effect.
    @exclusivity(unchecked) @usableFromInline var effects: EffectBooks<S>?

    // MARK: - Creating a store

    // The initialisers are `@inlinable`, so that the effect handler is called from code specialised for it.
    @inlinable
    init(
        initialState: S,
        performEffect: ((S.Effect) -> EffectAnswer<S.Event>?)?,
        eventSource: AnyObject?,
        clock: (any EffectClock)?,
        configureEventSource: ((@escaping @Sendable (S.Event) -> Void) -> Void)?
    ) {
        self.queue = DispatchQueue(label: "EffectStore.Store")
        self.stateBox = .make(Committed(state: initialState, eventSource: eventSource))
        self.performEffect = performEffect
        if eventSource != nil { hasExtras = true }
        setClock(clock)
        configureEventSource? { [weak self] event in
            self?.schedule(.event(event, origin: .eventSource, promise: nil))
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
    ///   - clock: What delayed, debounced and throttled effects wait with; ``DispatchEffectClock`` when `nil`.
    @inlinable
    public convenience init<EH: EffectHandler, ES: EventSource>(
        initialState: S = S.initialState,
        effectHandler: EH,
        eventSource: ES,
        clock: (any EffectClock)? = nil
    ) where EH.S == S, ES.S == S {
        self.init(
            initialState: initialState,
            performEffect: { effectHandler.handle(effect: $0)?.effectAnswer },
            eventSource: eventSource,
            clock: clock,
            configureEventSource: { eventSource.configureEventSource(dispatch: $0) }
        )
    }

    /// Creates a store with no effect handler and no event source, for a state that has no effects.
    ///
    /// ```swift
    /// let store = Store<CounterState>()   // CounterState.Effect is Never
    /// ```
    ///
    /// Only a state whose `Effect` is `Never` can have a store with no effect handler: for any other state the store
    /// would have to drop what the state asks for, so this initializer does not compile. Pass
    /// `effectHandler:` instead.
    ///
    /// - Parameter initialState: The state to start from; `S.initialState` by default.
    @inlinable
    public convenience init(initialState: S = S.initialState) where S.Effect == Never {
        self.init(
            initialState: initialState, performEffect: nil, eventSource: nil, clock: nil, configureEventSource: nil)
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
    ///   - clock: What delayed, debounced and throttled effects wait with; ``DispatchEffectClock`` when `nil`.
    @inlinable
    public convenience init<EH: EffectHandler>(
        initialState: S = S.initialState,
        effectHandler: EH,
        clock: (any EffectClock)? = nil
    ) where EH.S == S {
        self.init(
            initialState: initialState,
            performEffect: { effectHandler.handle(effect: $0)?.effectAnswer },
            eventSource: nil,
            clock: clock,
            configureEventSource: nil
        )
    }

    /// Creates a store with an event source and no effect handler, for a state that has no effects.
    ///
    /// ```swift
    /// let store = Store<ClockState>(eventSource: Ticks())   // ClockState.Effect is Never
    /// ```
    ///
    /// As with ``init(initialState:)``, only a state whose `Effect` is `Never` can have a store with no effect
    /// handler; for any other state, pass `effectHandler:` too.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from; `S.initialState` by default.
    ///   - eventSource: Feeds outside events in. Held strongly until the store is released.
    @inlinable
    public convenience init<ES: EventSource>(initialState: S = S.initialState, eventSource: ES)
    where ES.S == S, S.Effect == Never {
        self.init(
            initialState: initialState,
            performEffect: nil,
            eventSource: eventSource,
            clock: nil,
            configureEventSource: { eventSource.configureEventSource(dispatch: $0) }
        )
    }

    deinit {
        // No other reference exists, so nothing runs on `queue` any more: reading its confined state is safe.
        guard hasExtras || effects != nil else { return }
        endExtrasAndEffects()
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
    /// Called from outside any store, `dispatch` has handled the event and notified subscribers when it returns;
    /// from inside a store's callbacks, it enqueues the event (see <doc:Threading>). Called from inside this
    /// store's ``State/handle(event:)``, it is a programmer error and stops with a message: return an effect instead.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: A future of the state after the event's whole chain. Its callbacks run on the store's queue when
    ///   the chain ends there, or immediately on the calling thread if it has already ended.
    @inlinable
    @discardableResult
    public func dispatch(event: S.Event) -> Future<S> {
        switch context {
        case .outside:
            var future: Future<S>?
            enterFromOutside { future = dispatchOnQueue(event) }
            return future!
        case .own where isHandling:
            usedFromInsideHandle("dispatch(event:)")
        case .own, .other:
            let promise = Promise<S>()
            schedule(.event(event, origin: .dispatch, promise: promise))
            return promise.future
        }
    }

    // MARK: - Subscribing

    /// Calls `block` with the current state, then with the state after every event the store handles, in order.
    ///
    /// ```swift
    /// let token = store.subscribe { state in
    ///     DispatchQueue.main.async { view.render(state) }
    /// }
    /// ```
    ///
    /// No transition is skipped or repeated, and the block is never called concurrently with itself. Every handled
    /// event delivers its state, also when the event left it as it was: comparing a large state after every event
    /// would cost a copy of it per event. To hear only about changes, subscribe to a part of the state through
    /// ``map(_:)``: a derived state skips values equal to the last one delivered.
    ///
    /// Called from outside any store, the block has received the current state when `subscribe` returns; from
    /// inside this store's callbacks, it receives it at once; from inside another store's callbacks, as soon as
    /// the store's queue gets to it.
    ///
    /// - Parameter block: Runs on the store's queue (see <doc:Threading>). It may read ``state``, dispatch,
    ///   subscribe and cancel without deadlock. Hop to the main queue yourself for UI work.
    /// - Returns: A token that keeps the subscription alive. Cancel or release it to stop.
    @inlinable
    public func subscribe(_ block: @escaping @Sendable (S) -> Void) -> SubscriptionToken {
        let subscriber = Subscriber(queue: queue, block: block)
        add(subscriber)
        return SubscriptionToken(subscriber)
    }
}

// Safe because: the `let` properties are set in `init` and never change; `stateBox` is guarded by its lock; every
// other `var` is confined to `queue` (marked "Confined to `queue`" above) and only touched by code that runs on it —
// `dispatchPrecondition` checks that in debug builds — or in `deinit`, when no other reference exists; except
// `hasExtras`, which is only written under the state box's lock (or in `init`) and only read in `deinit`.
extension Store: @unchecked Sendable {}

extension Store: LifetimeOwner {}
