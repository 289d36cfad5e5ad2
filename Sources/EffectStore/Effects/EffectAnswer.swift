/// What an effect handler answers an effect with: one event, later (a ``Future``), or a run of events over time.
///
/// A ``Future`` is one value, resolved once. An effect that sends several events — ticks, progress, socket
/// messages — answers with a run: ``run(_:)`` (async), ``run(events:)`` (an async sequence) or ``callbackRun(_:)``
/// (delegate and closure APIs). A handler that answers with runs declares `handle(effect:)` to return an
/// `EffectAnswer`; one that only ever answers with one event may keep returning a `Future`:
///
/// ```swift
/// final class StopwatchEffects: EffectHandler {
///     func handle(effect: Stopwatch.Effect) -> EffectAnswer<Stopwatch.Event>? {
///         switch effect {
///         case .startTicking:
///             return .run { send in
///                 while !Task.isCancelled {
///                     try? await Task.sleep(nanoseconds: 1_000_000_000)
///                     send(.tick)
///                 }
///             }
///         case .fetchLaps:
///             return .future(service.fetchLaps().map(Stopwatch.Event.laps))
///         }
///     }
/// }
/// ```
///
/// The store handles each event of a run on its queue, in the order sent, with origin ``TransitionOrigin/effect``;
/// the dispatch's future resolves when the run has finished and the chains its events started have finished too.
/// When the state cancels the run (see ``ComposableEffect/cancellable(id:cancelInFlight:)``), or the store is
/// released, the run is stopped and no event it sends afterwards is handled. A run starts when a store takes it: make
/// a new one for each effect.
///
/// `EffectAnswer` is `Sendable` when its `Event` is.
public struct EffectAnswer<Event> {
    @usableFromInline
    enum Kind {
        /// One event, there already.
        case ready(Event)
        /// One event, when the future resolves.
        case future(Future<Event>)
        /// Any number of events, then an end.
        case run(EffectRun<Event>)
    }

    @usableFromInline let kind: Kind

    @inlinable
    init(kind: Kind) { self.kind = kind }

    /// Answers with the value `future` resolves with.
    ///
    /// ```swift
    /// return .future(service.fetchProcesses().map(ProcessState.Event.load))
    /// ```
    ///
    /// - Parameter future: The future of the event.
    /// - Returns: The answer.
    @inlinable
    public static func future(_ future: Future<Event>) -> EffectAnswer {
        EffectAnswer(kind: .future(future))
    }

    /// Answers with `event` at once: the store handles it right after the effect's transition.
    ///
    /// ```swift
    /// case .validate(let text): return .event(text.isEmpty ? .invalid : .valid)
    /// ```
    ///
    /// - Parameter event: The event to send back.
    /// - Returns: The answer.
    @inlinable
    public static func event(_ event: Event) -> EffectAnswer {
        EffectAnswer(kind: .ready(event))
    }

    /// An answer whose events are `transform` applied to this answer's events: one for a future, each of a run's.
    ///
    /// ```swift
    /// childAnswer.map(AppState.Event.child)
    /// ```
    ///
    /// Cancelling the mapped run stops this one.
    ///
    /// - Parameter transform: Runs once per event, on the thread that resolves the future or sends the event.
    /// - Returns: The mapped answer.
    public func map<T>(_ transform: @escaping @Sendable (Event) -> T) -> EffectAnswer<T> {
        switch kind {
        case .ready(let event): return EffectAnswer<T>(kind: .ready(transform(event)))
        case .future(let future): return EffectAnswer<T>(kind: .future(future.map(transform)))
        case .run(let run): return EffectAnswer<T>(kind: .run(run.map(transform)))
        }
    }

    /// The event, when the answer is one that is there already; `nil` for a pending future or a run.
    @inlinable
    var eventIfReady: Event? {
        switch kind {
        case .ready(let event): return event
        case .future(let future): return future.valueIfResolved
        case .run: return nil
        }
    }
}

extension EffectAnswer where Event: Sendable {
    /// A run: an effect that sends any number of events over time, then finishes — the async form.
    ///
    /// ```swift
    /// case .startTicking:
    ///     return .run { send in
    ///         while !Task.isCancelled {
    ///             try? await Task.sleep(nanoseconds: 1_000_000_000)
    ///             send(.tick)
    ///         }
    ///     }
    /// ```
    ///
    /// The run finishes when `operation` returns. When the store cancels it, its task is cancelled.
    ///
    /// - Parameter operation: The work; runs in a new task when the store starts the run. `send` may be called from
    ///   any thread.
    /// - Returns: The answer.
    public static func run(_ operation: @escaping @Sendable (EffectSender<Event>) async -> Void) -> EffectAnswer {
        EffectAnswer(kind: .run(.task(operation)))
    }

    /// A run of one throwing `async` operation that stops when cancelled: it sends the operation's event, or
    /// `mapError(error)` when it throws, then finishes.
    ///
    /// The one-shot form, for work that must stop when the state cancels its effect — a save, an upload, a request
    /// the user can abandon:
    ///
    /// ```swift
    /// case .save(let form):
    ///     return .run(catching: { .saved(try await api.save(form)) }, mapError: { .saveFailed($0.localizedDescription) })
    /// ```
    ///
    /// When the store cancels the run (the state returned `.cancel(id:)` for its id, or the store was released), its
    /// task is cancelled, so `try await` work that checks for cancellation stops with `CancellationError`; and
    /// **nothing is sent**: neither the operation's event nor `mapError`'s, whatever the operation returns or throws
    /// after the cancellation. A ``Future`` made with ``Future/init(catching:mapError:)`` sends the same events, but
    /// cancelling its effect drops only the answer and lets the work run on. The rule for every kind of answer:
    /// <doc:EffectsInPractice#Cancellation-is-atomic-with-the-state>.
    ///
    /// - Parameters:
    ///   - operation: The work; runs in a new task, off the store's queue, when the store starts the run.
    ///   - mapError: Turns an error the operation threw (other than after a cancellation) into an event, typically a
    ///     failure event. Runs in the task.
    /// - Returns: The answer.
    public static func run(
        catching operation: @escaping @Sendable () async throws -> Event,
        mapError: @escaping @Sendable (any Error) -> Event
    ) -> EffectAnswer {
        run { send in
            if let event = await outcome(of: operation, mapError: mapError) { send(event) }
        }
    }

    /// A run that sends each element of `events`, then finishes — the async-sequence form.
    ///
    /// ```swift
    /// case .download(let url):
    ///     return .run(events: downloader.progress(of: url).map { Event.progress($0) })
    /// ```
    ///
    /// The run finishes when the sequence ends. A sequence that throws ends the run at the error; to turn the error
    /// into an event, use ``run(_:)`` and catch it there.
    ///
    /// - Parameter events: The events to send, in order.
    /// - Returns: The answer.
    public static func run<Events: AsyncSequence & Sendable>(events: Events) -> EffectAnswer
    where Events.Element == Event {
        EffectAnswer(kind: .run(.sequence(events)))
    }

    /// A run driven by callbacks — the callback form, for delegate- and closure-based APIs.
    ///
    /// `start` runs once, on the store's queue, when the store starts the run. It starts the work, which calls `send`
    /// for each event and `send.finish()` when done, and returns the function that stops the work:
    ///
    /// ```swift
    /// case .startTimer:
    ///     return .callbackRun { send in
    ///         let timer = RepeatingTimer(interval: 1) { send(.tick) }
    ///         return { timer.invalidate() }
    ///     }
    /// ```
    ///
    /// It has a name of its own, rather than being another `run`, so that a closure meant for the async form,
    /// ``run(_:)`` — whose run finishes when the closure returns — can never be taken for this one.
    ///
    /// - Parameter start: Starts the work; it must not block. Returns what stops it, called at most once, on the
    ///   thread that cancels the run (the store's queue).
    /// - Returns: The answer.
    public static func callbackRun(
        _ start: @escaping @Sendable (EffectSender<Event>) -> @Sendable () -> Void
    ) -> EffectAnswer {
        EffectAnswer(kind: .run(.callbacks(start)))
    }
}

extension EffectAnswer: Sendable where Event: Sendable {}

// Safe because: `Kind`'s payloads are an immutable event, a thread-safe ``Future`` and a thread-safe `EffectRun`.
extension EffectAnswer.Kind: Sendable where Event: Sendable {}

/// What ``EffectHandler/handle(effect:)`` may answer with: a ``Future`` (one event) or an ``EffectAnswer`` (one event
/// or a run).
///
/// The library's two types conform; you do not conform types of your own.
public protocol EffectAnswerConvertible<Event> {
    /// The event type the answer carries.
    associatedtype Event
    /// This answer as an ``EffectAnswer``.
    var effectAnswer: EffectAnswer<Event> { get }
}

extension Future: EffectAnswerConvertible {
    /// This future as an ``EffectAnswer``: ``EffectAnswer/future(_:)``.
    @inlinable
    public var effectAnswer: EffectAnswer<Value> { .future(self) }
}

extension EffectAnswer: EffectAnswerConvertible {
    /// The answer itself.
    @inlinable
    public var effectAnswer: EffectAnswer<Event> { self }
}

extension EffectAnswer {
    /// Whether this answer is a run (EffectStoreTesting's checks look at one without starting it).
    package var isRun: Bool {
        if case .run = kind { return true }
        return false
    }
}

extension EffectAnswer where Event: Sendable {
    /// A future of this answer's first event, for checks that look at one answer (EffectStoreTesting's effect handler
    /// checks): a future as it is; a run is started alone, and stopped after its first event.
    package func firstEvent() -> Future<Event> {
        switch kind {
        case .ready(let event):
            return Future(value: event)
        case .future(let future):
            return future
        case .run(let run):
            return run.startAlone()
        }
    }
}
