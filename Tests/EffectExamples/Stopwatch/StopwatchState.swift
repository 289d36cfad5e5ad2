import EffectStore

/// A stopwatch: start and stop a tick every 100 ms, reset to zero.
///
/// The ticking is a delayed effect the state asks for again on each tick, under one id, so stopping is a single
/// ``ComposableEffect/cancel(id:)``: the tick waiting for its time never fires, and a tick already on its way is
/// never handled. The time is in the plan, on the store's clock, so a test drives it with a `TestClock`.
///
/// ```swift
/// var watch = StopwatchState()
/// watch.handle(event: .start)   // Effect.work(.tick).delayed(by: .milliseconds(100), id: StopwatchID.ticking)
/// watch.handle(event: .tick)    // elapsed 100 ms, and the next tick
/// watch.handle(event: .stop)    // .cancel(id: StopwatchID.ticking)
/// ```
public struct StopwatchState: State, Equatable {
    /// How often the stopwatch ticks.
    public static let interval = EffectDuration.milliseconds(100)

    /// The time counted so far.
    public var elapsed = EffectDuration.zero
    /// Whether the stopwatch counts.
    public var isRunning = false

    /// What can happen to the stopwatch.
    public enum Event: Sendable, Equatable {
        /// The user starts it; ignored while it runs.
        case start
        /// The user stops it; ignored while stopped.
        case stop
        /// The user sets it back to zero; it keeps running if it ran.
        case reset
        /// One ``StopwatchState/interval`` has passed.
        case tick
    }

    /// What the stopwatch asks the outside world to do.
    public enum Work: Sendable, Equatable {
        /// Answer with ``Event/tick``; the plan around it says when.
        case tick
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// Stopped at zero.
    public static var initialState: StopwatchState { StopwatchState() }

    /// Creates a stopwatch stopped at zero.
    public init() {}

    /// Counts, starts or stops, and returns the next tick or its cancellation.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: The next tick while running, a cancel on stop, otherwise `nil`.
    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start where !isRunning:
            isRunning = true
            return Self.nextTick
        case .stop where isRunning:
            isRunning = false
            return .cancel(id: StopwatchID.ticking)
        case .tick where isRunning:
            elapsed = elapsed + Self.interval
            return Self.nextTick
        case .reset:
            elapsed = .zero
            return nil
        case .start, .stop, .tick:
            return nil
        }
    }

    /// The tick one interval from now, under the id that stopping cancels.
    static let nextTick = Effect.work(.tick).delayed(by: interval, id: StopwatchID.ticking)
}

/// The ids the stopwatch's effects run under.
public enum StopwatchID: Hashable, Sendable {
    /// The tick that waits for its time.
    case ticking
}

/// Performs ``StopwatchState``'s one effect: the tick, once its plan says it is time.
///
/// ```swift
/// let store = Store<StopwatchState>(effectHandler: StopwatchEffects())
/// store.dispatch(event: .start)   // a tick every 100 ms until .stop
/// ```
///
/// It needs no timer and no service: the store's clock waits, then the handler answers at once, on the store's queue.
public final class StopwatchEffects: PlannedEffectHandler, Sendable {
    /// Creates the handler.
    public init() {}

    /// Answers a tick with ``StopwatchState/Event/tick``.
    ///
    /// - Parameter work: The work of an effect ``StopwatchState/handle(event:)`` returned.
    /// - Returns: The tick event, resolved already.
    public func perform(_ work: StopwatchState.Work) -> Future<StopwatchState.Event>? {
        switch work {
        case .tick: return Future(value: .tick)
        }
    }
}
