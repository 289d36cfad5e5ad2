extension Future where Value: Sendable {
    /// A run returned as a future — deprecated: a ``Future`` is one value. Use ``EffectAnswer/run(_:)``.
    ///
    /// Migrate by declaring `handle(effect:)` to return `EffectAnswer<Event>?`, and wrapping the answers that are
    /// futures in ``EffectAnswer/future(_:)``:
    ///
    /// ```swift
    /// func handle(effect: Effect) -> EffectAnswer<Event>? {
    ///     switch effect {
    ///     case .startTicking: return .run { send in … }                 // was Future.run, unchanged
    ///     case .fetch: return .future(service.fetch().map(Event.loaded))  // was the future itself
    ///     }
    /// }
    /// ```
    ///
    /// Until then a store still handles every event such a run sends, as ``EffectAnswer/run(_:)`` describes. Used as
    /// a plain future, outside a store, it is one value: the run starts when the first callback is added, and the
    /// future resolves with its first event.
    ///
    /// - Parameter operation: The work; runs in a new task. `send` may be called from any thread.
    /// - Returns: A future that a store takes as a run.
    @available(*, deprecated, message: "a Future is one value: return EffectAnswer.run instead")
    public static func run(_ operation: @escaping @Sendable (EffectSender<Value>) async -> Void) -> Future<Value> {
        RunFuture(run: .task(operation, firstEvent: .pendingFuture()))
    }

    /// A run of `events` returned as a future — deprecated: a ``Future`` is one value. Use
    /// ``EffectAnswer/run(events:)``; see ``run(_:)`` for the migration.
    ///
    /// - Parameter events: The events to send, in order.
    /// - Returns: A future that a store takes as a run.
    @available(*, deprecated, message: "a Future is one value: return EffectAnswer.run(events:) instead")
    public static func run<Events: AsyncSequence & Sendable>(events: Events) -> Future<Value>
    where Events.Element == Value {
        RunFuture(run: .sequence(events, firstEvent: .pendingFuture()))
    }

    /// A callback-driven run returned as a future — deprecated: a ``Future`` is one value. Use
    /// ``EffectAnswer/callbackRun(_:)``; see ``run(_:)`` for the migration.
    ///
    /// - Parameter start: Starts the work; it must not block. Returns what stops it.
    /// - Returns: A future that a store takes as a run.
    @available(*, deprecated, message: "a Future is one value: return EffectAnswer.callbackRun instead")
    public static func callbackRun(
        _ start: @escaping @Sendable (EffectSender<Value>) -> @Sendable () -> Void
    ) -> Future<Value> {
        RunFuture(run: .callbacks(start, firstEvent: .pendingFuture()))
    }
}

/// How a run sends events to its store, says it has finished, and learns that it was cancelled.
///
/// ```swift
/// return .run { send in
///     for await message in socket.messages { send(.received(message)) }
/// }
/// ```
///
/// An `EffectSender` is `Sendable`: call it from any thread. Calls after ``finish()`` or after the run was cancelled
/// are ignored.
public struct EffectSender<Event>: Sendable {
    @usableFromInline let run: EffectRun<Event>

    @usableFromInline
    init(run: EffectRun<Event>) { self.run = run }

    /// Sends `event` to the store.
    ///
    /// Returns without waiting for the store's queue; the store handles the event soon after, before any dispatch or
    /// send this thread makes next (see <doc:Threading#Events-from-runs>).
    ///
    /// - Parameter event: Handled on the store's queue, after the events this run sent before it.
    @inlinable
    public func send(_ event: Event) { run.send(event) }

    /// Sends `event` to the store; `send(event)` reads as `send.send(event)` would.
    @inlinable
    public func callAsFunction(_ event: Event) { run.send(event) }

    /// Says the run has finished: the store stops waiting for it.
    @inlinable
    public func finish() { run.finish() }

    /// Whether the store has cancelled the run (or was released).
    @inlinable
    public var isCancelled: Bool { run.isCancelled }

    /// Registers `body` to run when the store cancels the run; at once, on this thread, if it already has.
    ///
    /// - Parameter body: Stops the run's work. Runs on the thread that cancels (the store's queue), or on this one.
    @inlinable
    public func onCancel(_ body: @escaping @Sendable () -> Void) { run.onCancel(body) }
}

/// What a run tells whoever receives it: an event, or that it has finished.
@usableFromInline
enum RunSignal<Event> {
    case event(Event)
    case finished
}

/// Who receives a run's signals: a closure of its own (a map of the run, a plain future's first event), or a closure a
/// store's effect runtime shares between all its runs, with the number of the run's job.
@usableFromInline
enum RunReceiver<Event>: Sendable {
    case closure(@Sendable (RunSignal<Event>) -> Void)
    /// One closure for all the runs a store takes, made once by its effect runtime, in code compiled for the store's
    /// state: a closure per run was an allocation, and the retains and releases of what it captured, per run.
    case shared(@Sendable (RunSignal<Event>, UInt64) -> Void, job: UInt64)

    /// Hands `signal` to the receiver.
    @inlinable
    func receive(_ signal: RunSignal<Event>) {
        switch self {
        case .closure(let receive): receive(signal)
        case .shared(let receive, let job): receive(signal, job)
        }
    }
}

/// How a run starts its work.
@usableFromInline
enum RunStart<Event> {
    /// Starts the work, which finishes the run itself (or is stopped by a cancel handler it registers).
    case plain(@Sendable (EffectSender<Event>) -> Void)
    /// The callback form: starts the work and returns what stops it, registered as the run's cancel handler. A case of
    /// its own rather than a `plain` closure around it, which would be one more allocation per run.
    case callbacks(@Sendable (EffectSender<Event>) -> @Sendable () -> Void)
}

/// The state of an ``EffectRun``, in its box: read and written under the box's lock.
@usableFromInline
struct EffectRunState<Event> {
    /// How the run starts; taken by the one `connect` that starts it.
    @usableFromInline var start: RunStart<Event>?
    /// Resolved with the first event, for a run used as a plain future: made with the run for one returned as a future
    /// (the deprecated ``Future/run(_:)`` and its kin), or when a run that has not started is first looked at as one
    /// (`startAsPlainFuture`); `nil` for a run only a store takes, which so allocates no box.
    @usableFromInline var firstEvent: LockedBox<FutureState<Event>>?
    /// Whether the run was started as a plain future (its first event goes to `firstEvent`), not by a store.
    @usableFromInline var startedAsFuture = false
    @usableFromInline var isOver = false
    @usableFromInline var isCancelled = false
    /// Who receives the events, once started, until the run is over.
    @usableFromInline var receiver: RunReceiver<Event>?
    /// The cancel handlers: the first inline, the rest (rare) in an array, so that a run with one allocates none.
    @usableFromInline var cancelHandler: (@Sendable () -> Void)?
    @usableFromInline var moreCancelHandlers: [@Sendable () -> Void] = []

    @inlinable
    init(start: RunStart<Event>, firstEvent: LockedBox<FutureState<Event>>?) {
        self.start = start
        self.firstEvent = firstEvent
    }

    /// Forgets the cancel handlers: the run is over without a cancel.
    @inlinable
    mutating func dropCancelHandlers() {
        cancelHandler = nil
        if !moreCancelHandlers.isEmpty { moreCancelHandlers = [] }
    }
}

/// The machinery of a run: who receives its events, whether it has finished or was cancelled.
///
/// One allocation: a lock-guarded box of its state (``EffectRunState``); copies of an `EffectRun` are the same run. A
/// run started by a store costs that, plus the store's one receiving closure.
///
/// Thread-safety: everything mutable is in the box, under its lock; the receiver and the cancel handlers are called
/// outside the lock. A run starts once: by the store that performs it (``connect(_:)``), or, used as a plain future,
/// when its first callback is added.
@usableFromInline
struct EffectRun<Event>: @unchecked Sendable {
    // Safe because: all of the run's state is in the lock-guarded box, read and written only under its lock. The events
    // themselves cross threads as `EffectSender` lets them, and that type is `Sendable` whatever `Event` is: the public
    // ways to make a run require `Event: Sendable`, but `EffectAnswer.map` to a non-`Sendable` type can make one that
    // does not (it could already when this type was a class).
    @usableFromInline let box: LockedBox<EffectRunState<Event>>

    @inlinable
    init(box: LockedBox<EffectRunState<Event>>) { self.box = box }

    /// A new run that starts with `start`; `firstEvent`, for a run used as a plain future.
    @inlinable
    static func make(_ start: RunStart<Event>, firstEvent: LockedBox<FutureState<Event>>? = nil) -> EffectRun {
        EffectRun(box: .make(EffectRunState(start: start, firstEvent: firstEvent)))
    }

    @inlinable
    func withLock<Result>(_ body: (inout EffectRunState<Event>) -> Result) -> Result { box.withLock(body) }

    /// The box resolved with the first event, for a run made to be used as a plain future (see `RunFuture`), or one
    /// already looked at as one; `nil` otherwise.
    @inlinable
    var firstEvent: LockedBox<FutureState<Event>>? { withLock { $0.firstEvent } }

    /// The first-event box of a run that was started as a plain future; `nil` for a run that has not started, or that
    /// a store started.
    @usableFromInline
    var boxOfStartedFuture: LockedBox<FutureState<Event>>? { withLock { $0.startedAsFuture ? $0.firstEvent : nil } }

    /// Starts the run with its events going to `receiver`. Returns `false` if it had started already.
    @inlinable
    @discardableResult
    func connect(_ receiver: @escaping @Sendable (RunSignal<Event>) -> Void) -> Bool {
        connect(to: .closure(receiver))
    }

    /// Starts the run with its events going to `receiver`. Returns `false` if it had started already.
    @inlinable
    func connect(to receiver: RunReceiver<Event>) -> Bool {
        var start: RunStart<Event>?
        withLock { state in
            guard state.start != nil else { return }
            swap(&start, &state.start)
            state.receiver = receiver
        }
        guard let start else { return false }
        begin(start)
        return true
    }

    /// Runs `start`, just taken out of the state by the one caller that starts the run.
    @inlinable
    func begin(_ start: RunStart<Event>) {
        let sender = EffectSender(run: self)
        switch start {
        case .plain(let start): start(sender)
        case .callbacks(let start): sender.onCancel(start(sender))
        }
    }

    /// Starts the run for a plain future's callbacks: its first event resolves the run's first-event box (made now if
    /// it has none), which is returned. With `stoppingAfterFirstEvent`, the run is also cancelled once that event is
    /// in, for a look at one answer. Nothing starts if the run has started already: then the box returned is the one
    /// it started with as a plain future, or, for a run a store took, a box that never resolves.
    @usableFromInline
    @discardableResult
    func startAsPlainFuture(stoppingAfterFirstEvent: Bool = false) -> LockedBox<FutureState<Event>> {
        // One locked section decides whether the run starts here, so that the box kept in the run (for a map of it
        // made later, see `map`) is there exactly when the run started as a future.
        let fresh = LockedBox<FutureState<Event>>.pendingFuture()
        var box = fresh
        var start: RunStart<Event>?
        withLock { state in
            guard state.start != nil else {
                if state.startedAsFuture, let own = state.firstEvent { box = own }
                return
            }
            if let own = state.firstEvent { box = own } else { state.firstEvent = fresh }
            swap(&start, &state.start)
            state.startedAsFuture = true
            let resolved = box
            state.receiver = .closure { signal in
                guard case .event(let event) = signal else { return }
                Future.setValue(event, in: resolved).run()
                if stoppingAfterFirstEvent { self.cancel() }
            }
        }
        if let start { begin(start) }
        return box
    }

    @inlinable
    var isCancelled: Bool { withLock { $0.isCancelled } }

    // Closures leave the lock through captured variables, not as `withLock`'s generic result: returned that way, a
    // closure would be wrapped in a thunk, an allocation per event sent.

    @inlinable
    func send(_ event: Event) {
        var receiver: RunReceiver<Event>?
        withLock { state in
            if !state.isOver { receiver = state.receiver }
        }
        receiver?.receive(.event(event))
    }

    @inlinable
    func finish() {
        var receiver: RunReceiver<Event>?
        withLock { state in
            guard !state.isOver else { return }
            state.isOver = true
            state.dropCancelHandlers()
            swap(&receiver, &state.receiver)
        }
        receiver?.receive(.finished)
    }

    /// Stops the run: later events are ignored and the cancel handlers run, on this thread.
    @inlinable
    func cancel() {
        var first: (@Sendable () -> Void)?
        var more: [@Sendable () -> Void] = []
        withLock { state in
            guard !state.isOver else { return }
            state.isOver = true
            state.isCancelled = true
            state.receiver = nil
            first = state.cancelHandler
            swap(&more, &state.moreCancelHandlers)
            state.cancelHandler = nil
        }
        first?()
        for handler in more { handler() }
    }

    /// A run that, once started, starts this one and sends its events transformed; cancelling it cancels this one.
    /// `firstEvent`: the new run's box, when it is to be used as a plain future.
    @inlinable
    func map<T>(
        _ transform: @escaping @Sendable (Event) -> T, firstEvent: LockedBox<FutureState<T>>? = nil
    ) -> EffectRun<T> {
        EffectRun<T>.make(
            .plain { sender in
                let connected = self.connect { signal in
                    switch signal {
                    case .event(let event): sender.send(transform(event))
                    case .finished: sender.finish()
                    }
                }
                guard connected else {
                    // Started already. As a plain future, its first event is all it has left to give. Taken by a store
                    // (a handler that returned one run twice), it gives this one nothing: it finishes at once rather
                    // than keep a store waiting for it forever.
                    guard let box = self.boxOfStartedFuture else { return sender.finish() }
                    Future(pending: box).whenComplete { event in
                        sender.send(transform(event))
                        sender.finish()
                        return CallbackList()
                    }.run()
                    return
                }
                sender.onCancel { self.cancel() }
            },
            firstEvent: firstEvent
        )
    }

    @inlinable
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = withLock { state -> Bool in
            if state.isCancelled { return true }
            guard !state.isOver else { return false }
            if state.cancelHandler == nil {
                state.cancelHandler = handler
            } else {
                state.moreCancelHandlers.append(handler)
            }
            return false
        }
        if runNow { handler() }
    }
}

extension EffectRun where Event: Sendable {
    /// A run of the async form: `operation` runs in a new task, which the run's cancellation cancels; the run finishes
    /// when `operation` returns.
    static func task(
        _ operation: @escaping @Sendable (EffectSender<Event>) async -> Void,
        firstEvent: LockedBox<FutureState<Event>>? = nil
    ) -> EffectRun {
        make(
            .plain { sender in
                startEffectTask(onCancelOf: sender) {
                    await operation(sender)
                    sender.finish()
                }
            },
            firstEvent: firstEvent
        )
    }

    /// A run that sends each element of `events`, then finishes; a sequence that throws ends the run at the error.
    static func sequence<Events: AsyncSequence & Sendable>(
        _ events: Events, firstEvent: LockedBox<FutureState<Event>>? = nil
    ) -> EffectRun
    where Events.Element == Event {
        let operation: @Sendable (EffectSender<Event>) async -> Void = { send in
            do {
                for try await event in events { send(event) }
            } catch {
                // The sequence failed: the run ends here (documented on `EffectAnswer.run(events:)`).
            }
        }
        return task(operation, firstEvent: firstEvent)
    }

    /// A run of the callback form: `start` starts the work and returns what stops it.
    @inlinable
    static func callbacks(
        _ start: @escaping @Sendable (EffectSender<Event>) -> @Sendable () -> Void,
        firstEvent: LockedBox<FutureState<Event>>? = nil
    ) -> EffectRun {
        make(.callbacks(start), firstEvent: firstEvent)
    }
}

/// The deprecated bridge: a run returned from ``EffectHandler/handle(effect:)`` as a ``Future`` (``Future/run(_:)``,
/// ``Future/run(events:)``, ``Future/callbackRun(_:)``).
///
/// A store that gets one takes the run (``EffectAnswer/future(_:)`` looks for it) and handles every event it sends.
/// Used as a plain future, it is one value, resolved once: the run starts when the first callback is added, and the
/// future resolves with its first event. The one subclass of `Future`; it goes when the deprecated functions go.
@usableFromInline
final class RunFuture<Value>: Future<Value> {
    @usableFromInline let run: EffectRun<Value>

    /// - Parameter run: A run made with its own first-event box (`firstEvent:`), which this future reads.
    @usableFromInline
    init(run: EffectRun<Value>) {
        guard let box = run.firstEvent else {
            preconditionFailure("EffectStore: a RunFuture's run is made with a first-event box")
        }
        self.run = run
        super.init(pending: box)
    }

    @usableFromInline
    override var bridgedRun: EffectRun<Value>? { run }
}

// Safe because: as `Future`'s conformance says; the added `run` is an immutable reference to a thread-safe run.
extension RunFuture: @unchecked Sendable where Value: Sendable {}
