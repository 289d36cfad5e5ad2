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
    // that `Store<YourState>` is specialised in your module; what it touches is therefore visible to inlinable code.
    // None of it is public API.

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
    var hasExtras = false
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
        if clock != nil || eventSource != nil { finishSetUp(clock: clock, hasEventSource: eventSource != nil) }
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
    ) where EH.HandledEffect == S.Effect, EH.HandledEvent == S.Event, ES.DispatchedEvent == S.Event {
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

    /// Refuses, at compile time, a store with no effect handler for a state that has effects: it would drop them.
    ///
    /// The compiler picks it only when `S.Effect` is not `Never`, and stops with its message, which says what to
    /// write instead; the store's type stays known, so the lines that use the store raise no further errors.
    @available(
        *, unavailable,
        message: "a state with effects needs an effect handler. To fix, pass `effectHandler:`; for a state that has no effects, write `typealias Effect = Never` in it"
    )
    public convenience init(initialState: S = S.initialState) {
        fatalError("unavailable")
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
    ) where EH.HandledEffect == S.Effect, EH.HandledEvent == S.Event {
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
    where ES.DispatchedEvent == S.Event, S.Effect == Never {
        self.init(
            initialState: initialState,
            performEffect: nil,
            eventSource: eventSource,
            clock: nil,
            configureEventSource: { eventSource.configureEventSource(dispatch: $0) }
        )
    }

    /// Refuses, at compile time, a store with an event source and no effect handler for a state that has effects,
    /// as the form without `eventSource:` does.
    @available(
        *, unavailable,
        message: "a state with effects needs an effect handler. To fix, pass `effectHandler:` too; for a state that has no effects, write `typealias Effect = Never` in it"
    )
    public convenience init<ES: EventSource>(initialState: S = S.initialState, eventSource: ES) where ES.DispatchedEvent == S.Event {
        fatalError("unavailable")
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
            var end: ChainEnd?
            enterFromOutside { end = dispatchOnQueue(event) }
            // The future of a finished chain is made here, off the queue: a caller that ignores it costs nothing.
            switch end! {
            case .finished(let state): return Future(value: state)
            case .waiting(let future): return future
            }
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

// MARK: - The loop's records

// The records the store's loop keeps besides the store's own fields: its subscribers and its effects in flight.
//
// `@exclusivity(unchecked)` on their `var`s, as on the store's own above: they are confined to the store's queue and
// touched one block at a time, so two accesses cannot overlap; the dynamic check Swift would make costs the
// `dispatch.10-subscribers` and `stream.event` targets, on every subscriber of every event and every event of a run.

/// One subscription: the block, and the queue of the store it is attached to.
///
/// It holds the store's queue, not the store: a `weak` reference to the store would give every store a side table (an
/// allocation, past the benchmark's `memory.bytes-per-store` target). The queue is all that cancelling needs, since
/// cancelling only clears `block` on the queue; the store drops cancelled subscribers from its list itself (see
/// `SubscriberList`). A store's queue does not refer to its store, so holding it keeps no store alive.
@usableFromInline
final class Subscriber<S: State>: CancellableSubscription, @unchecked Sendable {
    // Safe because: `queue` is immutable; `block` is written in `init`, before the subscriber is shared, and then only
    // read and cleared on `queue`.

    /// The block; `nil` once the subscription is cancelled, which also releases what the block captured.
    @exclusivity(unchecked) @usableFromInline var block: (@Sendable (S) -> Void)?
    /// The queue of the store the subscription belongs to; the only place `block` is read or written.
    @usableFromInline let queue: DispatchQueue

    @inlinable
    init(queue: DispatchQueue, block: @escaping @Sendable (S) -> Void) {
        self.queue = queue
        self.block = block
    }

    override func cancel() {
        Store<S>.cancel(self)
    }
}

/// What the loop marker holds while a block released from outside any store's loop runs its captures' `deinit`s:
/// a loop, so stores schedule instead of waiting, but no store's, so none runs work at once.
final class NoStoreLoop: Sendable {
    static let marker = NoStoreLoop()
}

/// A store's subscribers, in subscription order: the only one held inline, or two or more in an array.
///
/// Needed by the benchmark's `memory.bytes-per-store` target: most stores have exactly one subscriber, and an array
/// for it would be one more allocation per store. Confined to the store's queue, like the store's other `var`s.
///
/// A cancel only clears its subscriber's `block`, so the list may hold cancelled subscribers: `append` replaces a
/// cancelled `only` one and compacts `many` when it would grow and at least half of it is cancelled, and
/// `Store.notify` compacts when at least half of those it skipped were cancelled. Each costs amortised constant time
/// per subscription.
@usableFromInline
struct SubscriberList<S: State> {
    /// The subscriber, when there is exactly one; then `many` is empty.
    @usableFromInline var only: Subscriber<S>?
    /// Two or more subscribers, or none. Cancelled ones (their `block` is `nil`) stay until compacted away.
    @usableFromInline var many: [Subscriber<S>]

    @inlinable
    init() {
        self.only = nil
        self.many = []
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
            removeCancelled()  // about to grow, and at least half is cancelled: drop those instead
            return append(subscriber)
        }
        many.append(subscriber)
    }

    /// Drops the cancelled subscribers (those whose `block` is `nil`).
    @inlinable
    mutating func removeCancelled() {
        many.removeAll { $0.block == nil }
        if many.count == 1 { only = many.removeLast() }
    }
}

/// A store's effects in flight, and the dispatches waiting for them: the books the loop keeps, and nothing else.
/// Made on the store's first effect; confined to the store's queue (but the inbox, which runs deposit into from any
/// thread), and touched only by the loop (Store+Loop.swift).
@usableFromInline
final class EffectBooks<S: State> {
    /// What the plans decide: jobs, timers, queues, throttles, and how many each chain waits for.
    @exclusivity(unchecked) @usableFromInline var scheduler = EffectScheduler<S.Effect>()
    /// What delayed, debounced and throttled effects wait with.
    let clock: any EffectClock
    /// Runs in flight, to stop when their job is cancelled.
    @exclusivity(unchecked) @usableFromInline var runs: [UInt64: EffectRun<S.Event>] = [:]
    /// The clock's cancel functions of the timers set.
    @exclusivity(unchecked) var timers: [UInt64: @Sendable () -> Void] = [:]
    /// The promises of the dispatches waiting for their chains, by chain.
    @exclusivity(unchecked) @usableFromInline var waiting: [UInt64: Promise<S>] = [:]
    /// Where runs leave their events for the loop.
    @usableFromInline let inbox = RunInbox<S>()
    /// Whether a drain of the inbox runs, and whether another was asked for meanwhile (see `handleRunEvents`).
    @exclusivity(unchecked) @usableFromInline var isDrainingInbox = false
    @exclusivity(unchecked) @usableFromInline var drainsInboxAgain = false

    init(clock: any EffectClock) {
        self.clock = clock
    }
}

/// The events a store's runs have sent that its loop has not handled yet, in the order sent.
///
/// A run's `send` leaves its event here and returns; it does not wait for the store's queue. The first event after a
/// drain schedules one drain on the queue (``Store/Work/runEvents``), which handles everything left by then; so a
/// run that sends faster than the loop handles pays one queue hop per batch, not per event, and its thread and the
/// store's queue work at the same time. A run's end comes through here too, after its events.
///
/// Order: a `send` returns only once a drain that will take its event is on the store's queue, so whatever the sending
/// thread puts on the queue after `send` returns (a `dispatch`, say) is handled after it. The sender that asks for a
/// drain puts it on the queue after letting the lock go (a drain starting at once on another thread then does not
/// find the lock taken) and then says so; a sender that finds a drain asked for but not yet said to be on the queue
/// puts one there itself, and the drain that finds nothing left to take does nothing. A send from inside the store's
/// own loop queues a drain after the current work, as an event dispatched from there would be.
///
/// Bound: when ``limit`` entries wait, a sender outside any store waits for the queue to drain them, as a dispatch
/// would, so that a run faster than its store waits instead of filling memory.
@usableFromInline
final class RunInbox<S: State>: Sendable {
    @usableFromInline
    enum Entry: Sendable {
        /// An event `job`'s run sent.
        case event(S.Event, job: UInt64)
        /// `job`'s run finished.
        case ended(UInt64)
    }

    @usableFromInline
    struct Contents: Sendable {
        @usableFromInline var entries: [Entry] = []
        /// The drain that will take the entries: asked for by a sender, said by it to be on the queue; and how many
        /// times entries were taken, so that a drain said to be on the queue after it already took them counts for
        /// nothing.
        @usableFromInline var drain = (isAsked: false, isOnTheQueue: false, takes: UInt64(0))
    }

    /// How many entries may wait before a sender outside any store waits for them to be handled.
    @inlinable
    static var limit: Int { 1024 }

    @usableFromInline let contents = LockedBox.make(Contents())

    /// Leaves `entry` for the loop. Returns whether the caller must put a drain on the queue and, if it asked for that
    /// drain, the count of takes to confirm it with (``drainIsOnTheQueue(afterTakes:)``); and whether ``limit``
    /// entries wait.
    ///
    /// - Parameter fromTheLoop: True from inside the store's own loop, which queues its drain itself.
    @inlinable
    func deposit(_ entry: Entry, fromTheLoop: Bool = false) -> (putDrain: Bool, confirm: UInt64?, isFull: Bool) {
        contents.withLock { contents in
            contents.entries.append(entry)
            let isFull = contents.entries.count >= Self.limit
            if fromTheLoop || contents.drain.isOnTheQueue { return (false, nil, isFull) }
            if contents.drain.isAsked { return (true, nil, isFull) }  // not on the queue yet: one more, to be sure
            contents.drain.isAsked = true
            return (true, contents.drain.takes, isFull)
        }
    }

    /// Says that the drain asked for by a ``deposit(_:fromTheLoop:)`` that returned `takes` is on the queue, unless
    /// entries were taken meanwhile (then that drain may find nothing, and the next deposit asks for another).
    @inlinable
    func drainIsOnTheQueue(afterTakes takes: UInt64) {
        contents.withLock { contents in
            if contents.drain.takes == takes, contents.drain.isAsked { contents.drain.isOnTheQueue = true }
        }
    }

    /// Takes every entry, oldest first; the next deposit asks for a new drain. On the store's queue.
    @inlinable
    func take() -> [Entry] {
        contents.withLock { contents in
            contents.drain = (isAsked: false, isOnTheQueue: false, takes: contents.drain.takes &+ 1)
            defer { contents.entries = [] }
            return contents.entries
        }
    }
}

/// Tells the store that a job's answer will never come, when the future that would have carried it is released
/// unanswered: its chain then ends (as "no answer") instead of keeping its dispatch future waiting forever.
final class AnswerTicket: @unchecked Sendable {
    // Safe because: `isAnswered` is written by the answer's callback, which runs before the future releases the
    // callback (and so this ticket): the release orders the write before `deinit`. `onUnanswered` is immutable.
    private let onUnanswered: @Sendable () -> Void
    var isAnswered = false

    init(onUnanswered: @escaping @Sendable () -> Void) {
        self.onUnanswered = onUnanswered
    }

    deinit {
        if !isAnswered { onUnanswered() }
    }
}
