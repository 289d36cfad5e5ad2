/// Performs a ``State``'s effects — network, disk, timers — and answers with the event to feed back.
///
/// This is the imperative shell: a thin object with no decisions of its own. It turns an inert effect value into
/// work and, when the work produces something the state must know, a ``Future`` of the event to send back — or an
/// ``EffectAnswer``, when some effects answer with a run of events over time.
///
/// ```swift
/// final class ProcessEffects: EffectHandler {
///     typealias S = ProcessState   // Swift cannot infer `S` from `S.Effect`: name it.
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
/// - Declare `typealias S = YourState`: Swift cannot infer the state type from `handle(effect:)`'s parameter.
/// - A ``Store`` calls ``handle(effect:)`` on the store's queue (<doc:Threading>), once per effect, in the order
///   the effects were produced. Return quickly: start the work and return a future; do not block.
/// - Return `nil` when the effect has no answer (fire and forget). Otherwise resolve the future exactly once,
///   from any thread; the store dispatches its event back into itself. A run (``EffectAnswer/run(_:)``) sends any
///   number of events, then finishes.
/// - Declare `handle(effect:)` to return `Future<S.Event>?` when every answer is one event, or
///   `EffectAnswer<S.Event>?` when some are runs (``EffectAnswerType`` follows from it).
/// - The store holds its effect handler strongly for its whole life and releases it with itself. Do not hold the
///   store strongly from the handler; an effect's future that resolves after the store is gone is ignored.
/// - Inside `handle(effect:)` you may read the store's ``Store/state``, ``Store/dispatch(event:)`` to it,
///   subscribe or cancel.
public protocol EffectHandler: AnyObject {
    /// The state whose effects this handler performs.
    associatedtype S: State

    /// What ``handle(effect:)`` answers with: `Future<S.Event>` (one event per effect) unless it returns
    /// `EffectAnswer<S.Event>` (one event, or a run of events). Swift infers it from ``handle(effect:)``. (A long
    /// name, so that it meets no type of a handler's own, such as an `Answer` of its service.)
    associatedtype EffectAnswerType: EffectAnswerConvertible = Future<S.Event>
    where EffectAnswerType.Event == S.Event

    /// Starts performing `effect`.
    ///
    /// - Parameter effect: The effect a state returned from ``State/handle(event:)``.
    /// - Returns: A future of the event to dispatch back into the store, an ``EffectAnswer`` (a future or a run), or
    ///   `nil` when there is none.
    func handle(effect: S.Effect) -> EffectAnswerType?
}
