/// Performs a ``State``'s effects — network, disk, timers — and answers with the event to feed back.
///
/// This is the imperative shell: a thin object with no decisions of its own. It turns an inert effect value into
/// work and, when the work produces something the state must know, a ``Future`` of the event to send back — or an
/// ``EffectAnswer``, when some effects answer with a run of events over time.
///
/// ```swift
/// final class ProcessEffects: EffectHandler {
///     private let service: ProcessService
///     init(service: ProcessService) { self.service = service }
///
///     func handle(effect: ProcessState.Effect) -> Future<ProcessState.Event>? {
///         switch effect {
///         case .downloadProcesses:
///             return service.fetchProcesses().map { ProcessState.Event.load(processes: $0) }
///         }
///     }
/// }
/// ```
///
/// ## Obligations
///
/// - Name the state's types in ``handle(effect:)``: `handle(effect: ProcessState.Effect) -> Future<ProcessState.Event>?`.
///   Swift infers what the handler performs from it, and a store takes the handler of the state whose effects and
///   events those are.
/// - A ``Store`` calls ``handle(effect:)`` on the store's queue (<doc:Threading>), once per effect, in the order
///   the effects were produced. Return quickly: start the work and return a future; do not block.
/// - Return `nil` when the effect has no answer (fire and forget). Otherwise resolve the future exactly once,
///   from any thread; the store dispatches its event back into itself. A run (``EffectAnswer/run(_:)``) sends any
///   number of events, then finishes.
/// - Declare `handle(effect:)` to return `Future<Event>?` when every answer is one event, or
///   `EffectAnswer<Event>?` when some are runs (``EffectAnswerType`` follows from it).
/// - The store holds its effect handler strongly for its whole life and releases it with itself. Do not hold the
///   store strongly from the handler; an effect's future that resolves after the store is gone is ignored.
/// - Inside `handle(effect:)` you may read the store's ``Store/state``, ``Store/dispatch(event:)`` to it,
///   subscribe or cancel.
public protocol EffectHandler: AnyObject {
    /// The effects this handler performs: a state's `Effect`. Swift infers it from ``handle(effect:)``'s parameter.
    /// (A long name, so that it meets no type of a handler's own, such as an `Effect` of its service.)
    associatedtype HandledEffect

    /// What ``handle(effect:)`` answers with: `Future<Event>` (one event per effect), or `EffectAnswer<Event>` (one
    /// event, or a run of events). Swift infers it from ``handle(effect:)``'s result.
    associatedtype EffectAnswerType: EffectAnswerConvertible where EffectAnswerType.Event == HandledEvent

    /// The events this handler answers with: a state's `Event`, as ``EffectAnswerType`` carries them. Swift infers it
    /// from ``handle(effect:)``'s result.
    associatedtype HandledEvent: Sendable = EffectAnswerType.Event

    /// Starts performing `effect`.
    ///
    /// - Parameter effect: The effect a state returned from ``State/handle(event:)``.
    /// - Returns: A future of the event to dispatch back into the store, an ``EffectAnswer`` (a future or a run), or
    ///   `nil` when there is none.
    func handle(effect: HandledEffect) -> EffectAnswerType?
}

