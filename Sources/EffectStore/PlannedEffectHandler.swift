/// An ``EffectHandler`` for a feature whose effect type is ``Planned``: it performs the work, and writes nothing for
/// the plans, which the store carries out itself.
///
/// Name the feature's work in ``perform(_:)``, and its events in the answer, as ``EffectHandler/handle(effect:)``
/// does; Swift infers the rest, and a ``Store`` of the feature takes the handler:
///
/// ```swift
/// final class StopwatchEffects: PlannedEffectHandler {
///     func perform(_ work: Stopwatch.Work) -> Future<Stopwatch.Event>? {
///         switch work {
///         case .tick: return Future(value: .tick)
///         }
///     }
/// }
///
/// let store = Store<Stopwatch>(effectHandler: StopwatchEffects())
/// ```
///
/// ## Obligations
///
/// Those of ``EffectHandler``, for ``perform(_:)``: the store calls it on its queue (<doc:Threading>), once per piece
/// of work, in the order the work was produced; return quickly, with a future or an ``EffectAnswer`` of the event to
/// send back, or `nil` for none. The store takes every ``PlannedEffect/plan(_:)`` apart — all at once, cancellable, queued,
/// debounced, throttled, delayed — and hands the handler only the work in it, when the plan says so.
public protocol PlannedEffectHandler<Work>: EffectHandler where HandledEffect == PlannedEffect<Work, Message> {
    /// What this handler performs: the `Work` of the feature's `Planned<Work>` effects. Swift infers it from
    /// ``perform(_:)``'s parameter.
    associatedtype Work: Sendable

    /// The messages the feature's effects tell its parent: `Never`, the default, for a ``Planned`` feature. A handler
    /// of a ``PlannedEffect`` that tells messages names their type, `typealias Message = EditForm.Message`; a message
    /// never reaches it (a routing parent receives it).
    associatedtype Message: Sendable = Never

    /// What ``perform(_:)`` answers with: `Future<Event>` or `EffectAnswer<Event>`, as for
    /// ``EffectHandler/handle(effect:)``. Swift infers it from ``perform(_:)``'s result. (Named again here, so that
    /// Swift looks for it in ``perform(_:)``; the handler's events follow from it.)
    associatedtype EffectAnswerType

    /// Starts performing `work`.
    ///
    /// - Parameter work: The work inside an effect that ``State/handle(event:)`` returned, at the time its plan says.
    /// - Returns: A future of the event to dispatch back into the store, an ``EffectAnswer`` (a future or a run), or
    ///   `nil` when there is none.
    func perform(_ work: Work) -> EffectAnswerType?
}

extension PlannedEffectHandler {
    /// Hands `effect`'s work to ``perform(_:)``. A plan or a message answers `nil`: the store carries plans out
    /// itself and never hands one to its handler, and a message is for the parent; a caller that hands one over gets
    /// nothing done.
    ///
    /// - Parameter effect: The effect, as the store hands it over: work.
    /// - Returns: What ``perform(_:)`` answers; `nil` for a plan or a message.
    public func handle(effect: PlannedEffect<Work, Message>) -> EffectAnswerType? {
        guard case .work(let work) = effect else { return nil }
        return perform(work)
    }
}
