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
