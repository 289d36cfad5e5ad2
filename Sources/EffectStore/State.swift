/// A feature's state: a value that decides, for every event, its next value and what should happen next.
///
/// This is the functional core of an EffectStore feature. ``handle(event:)`` is a pure function: it mutates
/// `self` into the next state and returns the effect to perform, as an inert value, or `nil`. It never
/// performs the effect itself; an ``EffectHandler`` does that. Because the logic lives in a value, it is tested
/// data in, data out:
///
/// ```swift
/// enum CounterState: State, Equatable {
///     case idle(count: Int)
///     case saving(count: Int)
///
///     enum Event: Sendable { case increment, saved }
///     enum Effect: Sendable, Equatable { case save(Int) }
///
///     static var initialState: CounterState { .idle(count: 0) }
///
///     mutating func handle(event: Event) -> Effect? {
///         switch (self, event) {
///         case (.idle(let count), .increment):
///             self = .saving(count: count + 1)
///             return .save(count + 1)
///         case (.saving(let count), .saved):
///             self = .idle(count: count)
///             return nil
///         default:
///             return nil            // an event that means nothing now is ignored
///         }
///     }
/// }
///
/// var state = CounterState.initialState
/// let effect = state.handle(event: .increment)
/// // state == .saving(count: 1), effect == .save(1)
/// ```
///
/// ## Obligations
///
/// - `handle(event:)` must be pure and quick: no I/O, no locks, no reading of a ``Store``. A ``Store`` calls it
///   on its queue, one event at a time (<doc:Threading>), while readers of ``Store/state`` on other threads wait
///   for it.
///   Reading the store's ``Store/state`` or calling ``Store/dispatch(event:)`` from inside `handle(event:)` is a
///   programmer error and stops with a message: use `self`, which *is* that state, and return an effect for what
///   should happen next.
/// - Ignore events that mean nothing in the current state (return `nil` and leave `self` as it is) rather than
///   trapping: late answers from effects are normal.
/// - `State`, `Event` and `Effect` are `Sendable`: states are delivered to subscribers and futures on other
///   threads, and events arrive from any thread. Enums and structs of `Sendable` values are `Sendable` already.
/// - Conform to `Equatable` too, so tests compare states with `==`. A ``Store`` notifies its subscribers of the state
///   after every event, changed or not; a derived state (``Store/map(_:)``) skips equal values. See
///   <doc:Threading#Reacting-to-a-change-not-to-every-event>.
///
/// A `State` is a ``ChildState`` with an initial state; a child that only exists with data, such as a row of a list,
/// conforms to ``ChildState`` alone. `Event` and `Effect` are declared there.
public protocol State: ChildState {
    /// Moves to the next state for `event` and returns the effect to perform, if any.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: The effect to hand to the store's ``EffectHandler``, or `nil` when nothing should happen.
    mutating func handle(event: Event) -> Effect?

    /// The state a ``Store`` starts from when none is given.
    static var initialState: Self { get }
}
