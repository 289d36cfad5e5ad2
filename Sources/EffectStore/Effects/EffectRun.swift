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

/// What a run tells whoever receives it: an event, or that it has finished.
@usableFromInline
enum RunSignal<Event> {
    case event(Event)
    case finished
}

/// The state of an ``EffectRun``, in its box: read and written under the box's lock.
@usableFromInline
struct EffectRunState<Event> {
    /// Starts the work; taken by the one `connect` that starts the run.
    var start: (@Sendable (EffectSender<Event>) -> Void)?
    /// Who receives the events, once started, until the run is over.
    @usableFromInline var receiver: (@Sendable (RunSignal<Event>) -> Void)?
    @usableFromInline var isOver = false
    var isCancelled = false
    var cancelHandlers: [@Sendable () -> Void] = []
    /// Its first event, for a run started alone, as one value (`startAlone()`).
    var firstEvent: Future<Event>?

    init(start: @escaping @Sendable (EffectSender<Event>) -> Void) {
        self.start = start
    }
}

/// The machinery of a run: who receives its events, whether it has finished or was cancelled.
///
/// One allocation: a lock-guarded box of its state; copies of an `EffectRun` are the same run. It starts once, when
/// the store that performs it connects to it (``connect(_:)``), and is over once it finishes or is cancelled.
///
/// Thread-safety: everything mutable is in the box, under its lock; the receiver and the cancel handlers are called
/// outside the lock.
@usableFromInline
struct EffectRun<Event>: @unchecked Sendable {
    // Safe because: all of the run's state is in the lock-guarded box, read and written only under its lock. The events
    // themselves cross threads as `EffectSender` lets them; that type is `Sendable` whatever `Event` is: the public
    // ways to make a run require `Event: Sendable`, but `EffectAnswer.map` to a non-`Sendable` type can make one that
    // does not.
    @usableFromInline let box: LockedBox<EffectRunState<Event>>

    /// A new run that starts with `start`.
    init(_ start: @escaping @Sendable (EffectSender<Event>) -> Void) {
        box = .make(EffectRunState(start: start))
    }

    /// Starts the run with its signals going to `receiver`. Returns `false`, starting nothing, if it had started
    /// already.
    @usableFromInline
    @discardableResult
    func connect(_ receiver: @escaping @Sendable (RunSignal<Event>) -> Void) -> Bool {
        let start = box.withLock { state -> (@Sendable (EffectSender<Event>) -> Void)? in
            defer { state.start = nil }
            if state.start != nil { state.receiver = receiver }
            return state.start
        }
        guard let start else { return false }
        start(EffectSender(run: self))
        return true
    }

    var isCancelled: Bool { box.withLock { $0.isCancelled } }

    @inlinable
    func send(_ event: Event) {
        // The receiver leaves the lock through a captured variable: returned as `withLock`'s generic result, a closure
        // would be wrapped in a thunk, an allocation per event.
        var receiver: (@Sendable (RunSignal<Event>) -> Void)?
        box.withLock { state in
            if !state.isOver { receiver = state.receiver }
        }
        receiver?(.event(event))
    }

    func finish() {
        let receiver = box.withLock { state -> (@Sendable (RunSignal<Event>) -> Void)? in
            guard !state.isOver else { return nil }
            state.isOver = true
            state.cancelHandlers = []
            defer { state.receiver = nil }
            return state.receiver
        }
        receiver?(.finished)
    }

    /// Stops the run: later events are ignored and the cancel handlers run, on this thread.
    func cancel() {
        let handlers = box.withLock { state -> [@Sendable () -> Void] in
            guard !state.isOver else { return [] }
            state.isOver = true
            state.isCancelled = true
            state.receiver = nil
            defer { state.cancelHandlers = [] }
            return state.cancelHandlers
        }
        for handler in handlers { handler() }
    }

    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = box.withLock { state -> Bool in
            if state.isCancelled { return true }
            if !state.isOver { state.cancelHandlers.append(handler) }
            return false
        }
        if runNow { handler() }
    }

    /// A run that, once started, starts this one and sends its events transformed; cancelling it cancels this one.
    func map<T>(_ transform: @escaping @Sendable (Event) -> T) -> EffectRun<T> {
        EffectRun<T> { sender in
            let connected = self.connect { signal in
                switch signal {
                case .event(let event): sender.send(transform(event))
                case .finished: sender.finish()
                }
            }
            guard connected else {
                // Started already. Alone, as one value, its first event is all it has left to give; taken by a store
                // (a handler that returned one run twice), it gives this one nothing, so this one finishes at once
                // rather than keep a store waiting for it forever.
                guard let first = self.box.withLock({ $0.firstEvent }) else { return sender.finish() }
                return first.onComplete { event in
                    sender.send(transform(event))
                    sender.finish()
                }
            }
            sender.onCancel { self.cancel() }
        }
    }
}

extension EffectRun where Event: Sendable {
    /// Starts the run on its own, for a look at one answer (EffectStoreTesting's effect handler checks): returns a
    /// future of its first event, and stops the run after it. A run that has started already gives the future it gave
    /// then, or — taken by a store — one that never resolves.
    func startAlone() -> Future<Event> {
        let promise = Promise<Event>()
        let (start, existing) = box.withLock {
            state -> ((@Sendable (EffectSender<Event>) -> Void)?, Future<Event>?) in
            guard let start = state.start else { return (nil, state.firstEvent ?? Promise<Event>().future) }
            state.start = nil
            state.firstEvent = promise.future
            state.receiver = { signal in
                guard case .event(let event) = signal else { return }
                promise.resolve(event)
                self.cancel()
            }
            return (start, nil)
        }
        if let existing { return existing }
        start?(EffectSender(run: self))
        return promise.future
    }

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
    static func callbacks(_ start: @escaping @Sendable (EffectSender<Event>) -> @Sendable () -> Void) -> EffectRun {
        EffectRun { sender in sender.onCancel(start(sender)) }
    }
}
