/// How the store should run one or more of your effects: all at once, under an id it can cancel, one after another,
/// debounced, throttled or delayed — an inert value the state returns, so a test compares it with `==`.
///
/// You rarely write an `EffectPlan` yourself: the operators of ``ComposableEffect`` make one and wrap it in your
/// effect type. The store interprets it; see <doc:EffectsInPractice>.
///
/// ```swift
/// mutating func handle(event: Event) -> Effect? {
///     switch event {
///     case .queryChanged(let query):
///         self.query = query
///         if query.isEmpty { return .cancel(id: SearchID.request) }   // clearing stops the search in flight
///         return Effect.search(query).debounced(id: SearchID.request, for: .milliseconds(300))
///     // …
///     }
/// }
/// ```
public indirect enum EffectPlan<Effect: Sendable>: Sendable {
    /// Starts every effect, in order, at once. The dispatch's future waits for all of them.
    case all([Effect])
    /// Starts `effect` under `id`, so that ``cancel(_:)`` can stop it; with `cancelInFlight`, first cancels what
    /// runs under `id`.
    case cancellable(Effect, id: EffectID, cancelInFlight: Bool)
    /// Cancels everything under the id: effects in flight, and effects still waiting for their time or their turn.
    case cancel(EffectID)
    /// Starts `effect` when nothing else queued under `id` runs, one after another; with `keepingOnlyLatest`, a new
    /// effect replaces the one still waiting for its turn (the running one finishes).
    case queued(Effect, id: EffectID, keepingOnlyLatest: Bool)
    /// Starts `effect` once `interval` has passed without another effect debounced under `id`; cancels what runs
    /// under `id` when a new one comes in.
    case debounced(Effect, id: EffectID, interval: EffectDuration)
    /// Starts the first effect under `id` at once, then at most one per `interval`: with `latest`, the last one
    /// that came in during the interval starts at its end; without, those are dropped.
    case throttled(Effect, id: EffectID, interval: EffectDuration, latest: Bool)
    /// Starts `effect` after `delay`; under `id`, if given, so that it can be cancelled meanwhile.
    case delayed(Effect, id: EffectID?, delay: EffectDuration)
}

extension EffectPlan: Equatable where Effect: Equatable {}
extension EffectPlan: Hashable where Effect: Hashable {}

extension EffectPlan {
    /// The same plan — the same ids, queues and times — over `transform` applied to each of its effects.
    ///
    /// A ``ChildPlace`` carries a child's plan up into its parent's effect type this way (``ChildPlace/lift(_:)``):
    ///
    /// ```swift
    /// let described = plan.map { String(describing: $0) }   // the same plan, over the effects' descriptions
    /// ```
    ///
    /// - Parameter transform: Turns each effect of the plan into one of the new type.
    /// - Returns: The plan over the transformed effects.
    public func map<T: Sendable>(_ transform: (Effect) -> T) -> EffectPlan<T> {
        switch self {
        case .all(let effects):
            return .all(effects.map(transform))
        case .cancellable(let effect, let id, let cancelInFlight):
            return .cancellable(transform(effect), id: id, cancelInFlight: cancelInFlight)
        case .cancel(let id):
            return .cancel(id)
        case .queued(let effect, let id, let keepingOnlyLatest):
            return .queued(transform(effect), id: id, keepingOnlyLatest: keepingOnlyLatest)
        case .debounced(let effect, let id, let interval):
            return .debounced(transform(effect), id: id, interval: interval)
        case .throttled(let effect, let id, let interval, let latest):
            return .throttled(transform(effect), id: id, interval: interval, latest: latest)
        case .delayed(let effect, let id, let delay):
            return .delayed(transform(effect), id: id, delay: delay)
        }
    }
}
