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
        RunFuture(run: .task(operation))
    }

    /// A run of `events` returned as a future — deprecated: a ``Future`` is one value. Use
    /// ``EffectAnswer/run(events:)``; see ``run(_:)`` for the migration.
    ///
    /// - Parameter events: The events to send, in order.
    /// - Returns: A future that a store takes as a run.
    @available(*, deprecated, message: "a Future is one value: return EffectAnswer.run(events:) instead")
    public static func run<Events: AsyncSequence & Sendable>(events: Events) -> Future<Value>
    where Events.Element == Value {
        RunFuture(run: .sequence(events))
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
        RunFuture(run: .callbacks(start))
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
    public func finish() { run.finish() }

    /// Whether the store has cancelled the run (or was released).
    public var isCancelled: Bool { run.isCancelled }

    /// Registers `body` to run when the store cancels the run; at once, on this thread, if it already has.
    ///
    /// - Parameter body: Stops the run's work. Runs on the thread that cancels (the store's queue), or on this one.
    public func onCancel(_ body: @escaping @Sendable () -> Void) { run.onCancel(body) }
}

/// The machinery of a run: who receives its events, whether it has finished or was cancelled.
///
/// Thread-safety: everything mutable is in `state`, under its lock; the receiver, the finish handler and the cancel
/// handlers are called outside the lock. A run starts once: by the store that performs it (``connect(_:)``), or, used
/// as a plain future, when its first callback is added.
@usableFromInline
final class EffectRun<Event>: @unchecked Sendable {
    // Safe because: `state` is a lock-guarded box; `start` and `firstEvent` are immutable (the box is thread-safe).

    /// A class rather than a struct: `send` copies the receiver out of the lock for every event, and a reference is
    /// one retain where two closures were two.
    @usableFromInline
    final class Receiver: Sendable {
        @usableFromInline let event: @Sendable (Event) -> Void
        @usableFromInline let finished: @Sendable () -> Void

        @inlinable
        init(event: @escaping @Sendable (Event) -> Void, finished: @escaping @Sendable () -> Void) {
            self.event = event
            self.finished = finished
        }
    }

    @usableFromInline
    struct State {
        @usableFromInline var hasStarted = false
        @usableFromInline var isOver = false
        @usableFromInline var isCancelled = false
        @usableFromInline var receiver: Receiver?
        @usableFromInline var cancelHandlers: [@Sendable () -> Void] = []

        @usableFromInline
        init() {}
    }

    @usableFromInline let start: @Sendable (EffectSender<Event>) -> Void
    @usableFromInline let state = LockedBox.make(State())
    /// Resolved with the first event, for use as a plain future.
    @usableFromInline let firstEvent = LockedBox<FutureState<Event>>.pendingFuture()

    @inlinable
    init(start: @escaping @Sendable (EffectSender<Event>) -> Void) {
        self.start = start
    }

    /// Starts the run with its events going to `receiver`. Returns `false` if it had started already.
    @usableFromInline
    @discardableResult
    func connect(_ receiver: Receiver) -> Bool {
        let isFirst = state.withLock { state -> Bool in
            guard !state.hasStarted else { return false }
            state.hasStarted = true
            state.receiver = receiver
            return true
        }
        if isFirst { start(EffectSender(run: self)) }
        return isFirst
    }

    /// Starts the run for a plain future's callbacks: its first event resolves `firstEvent`. With
    /// `stoppingAfterFirstEvent`, the run is also cancelled once that event is in, for a look at one answer. Nothing
    /// happens if the run has started already.
    @usableFromInline
    func startAsPlainFuture(stoppingAfterFirstEvent: Bool = false) {
        let box = firstEvent
        connect(
            Receiver(
                event: { event in
                    Future.setValue(event, in: box).run()
                    if stoppingAfterFirstEvent { self.cancel() }
                },
                finished: {}
            ))
    }

    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    @inlinable
    func send(_ event: Event) {
        guard let receiver = state.withLock({ $0.isOver ? nil : $0.receiver }) else { return }
        receiver.event(event)
    }

    func finish() {
        let receiver = state.withLock { state -> Receiver? in
            guard !state.isOver else { return nil }
            state.isOver = true
            state.cancelHandlers = []
            defer { state.receiver = nil }
            return state.receiver
        }
        receiver?.finished()
    }

    /// Stops the run: later events are ignored and the cancel handlers run, on this thread.
    @usableFromInline
    func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isOver else { return [] }
            state.isOver = true
            state.isCancelled = true
            state.receiver = nil
            defer { state.cancelHandlers = [] }
            return state.cancelHandlers
        }
        for handler in handlers { handler() }
    }

    /// A run that, once started, starts this one and sends its events transformed; cancelling it cancels this one.
    @usableFromInline
    func map<T>(_ transform: @escaping @Sendable (Event) -> T) -> EffectRun<T> {
        EffectRun<T> { sender in
            let connected = self.connect(
                Receiver(event: { sender.send(transform($0)) }, finished: { sender.finish() })
            )
            guard connected else {
                // Started already, as a plain future: its first event is all it has left to give.
                Future(pending: self.firstEvent).whenComplete { event in
                    sender.send(transform(event))
                    sender.finish()
                    return CallbackList()
                }.run()
                return
            }
            sender.onCancel { self.cancel() }
        }
    }

    @usableFromInline
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.isCancelled { return true }
            if !state.isOver { state.cancelHandlers.append(handler) }
            return false
        }
        if runNow { handler() }
    }
}

extension EffectRun where Event: Sendable {
    /// A run of the async form: `operation` runs in a new task, which the run's cancellation cancels; the run finishes
    /// when `operation` returns.
    static func task(_ operation: @escaping @Sendable (EffectSender<Event>) async -> Void) -> EffectRun {
        EffectRun { sender in
            startEffectTask(onCancelOf: sender) {
                await operation(sender)
                sender.finish()
            }
        }
    }

    /// A run that sends each element of `events`, then finishes; a sequence that throws ends the run at the error.
    static func sequence<Events: AsyncSequence & Sendable>(_ events: Events) -> EffectRun
    where Events.Element == Event {
        task { send in
            do {
                for try await event in events { send(event) }
            } catch {
                // The sequence failed: the run ends here (documented on `EffectAnswer.run(events:)`).
            }
        }
    }

    /// A run of the callback form: `start` starts the work and returns what stops it.
    @inlinable
    static func callbacks(_ start: @escaping @Sendable (EffectSender<Event>) -> @Sendable () -> Void) -> EffectRun {
        EffectRun { sender in sender.onCancel(start(sender)) }
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

    @usableFromInline
    init(run: EffectRun<Value>) {
        self.run = run
        super.init(pending: run.firstEvent)
    }

    @usableFromInline
    override var bridgedRun: EffectRun<Value>? { run }
}

// Safe because: as `Future`'s conformance says; the added `run` is an immutable reference to a thread-safe run.
extension RunFuture: @unchecked Sendable where Value: Sendable {}
