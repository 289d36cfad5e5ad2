/// An effect type that can carry an ``EffectPlan``: several effects at once, cancellation, ordering and time.
///
/// A feature rarely conforms to it itself: its `Effect` is a ``Planned`` of its work, `typealias Effect =
/// Planned<Work>`, which is one. An effect enum of your own conforms with one case that holds a plan of your own
/// effects, and a property that reads it back; the operators below then work on your effects, and the store
/// interprets them. Everything stays an inert value that `==` compares:
///
/// ```swift
/// enum Effect: ComposableEffect, Equatable {
///     case search(String)
///     case saveHistory([String])
///     case plan(EffectPlan<Effect>)
///
///     var plan: EffectPlan<Effect>? { if case .plan(let plan) = self { plan } else { nil } }
/// }
///
/// // In handle(event:):
/// return .all(Effect.search(query).cancellable(id: "search", cancelInFlight: true), .saveHistory(history))
///
/// // In a test:
/// XCTAssertEqual(state.handle(event: .queryChanged("swift")),
///                .all(Effect.search("swift").cancellable(id: "search", cancelInFlight: true),
///                     .saveHistory(["swift"])))
/// ```
///
/// Your effect handler never sees a `.plan` effect: the store takes plans apart and hands it only the effects in
/// them (a ``PlannedEffectHandler`` names only the work). See <doc:EffectsInPractice> for every operator at work.
public protocol ComposableEffect: Sendable {
    /// What the effect handler performs: the effects that are neither a plan nor a message. For ``Planned``, its
    /// `Work`; for an effect enum of your own, the enum itself, the default.
    ///
    /// A parent feature's work embeds a child's work, one level deep — `case todo(id: Todo.ID, Todo.Work)` — and the
    /// child's plans become the parent's plans (see ``ChildPlace``).
    associatedtype Work: Sendable = Self

    /// What an effect of this type tells the parent feature, in the transition that decides it: `Never`, the default,
    /// for effects that tell nothing. A ``PlannedEffect`` with a `Message` of its own, or an enum of your own that
    /// implements ``message``, tells messages; a parent must then route the child with a `messages:` closure (see
    /// <doc:Navigation#A-child-tells-its-parent-messages>).
    associatedtype Message: Sendable = Never

    /// Wraps a plan in your effect type: usually your enum's `case plan(EffectPlan<Self>)`.
    static func plan(_ plan: EffectPlan<Self>) -> Self

    /// The plan this effect carries, or `nil` for an effect the effect handler performs.
    var plan: EffectPlan<Self>? { get }

    /// The effect that carries `work`: ``Planned``'s `case work(Work)`; for an enum of your own, the work itself.
    static func work(_ work: Work) -> Self

    /// The work this effect carries, or `nil` for a plan or a message.
    var work: Work? { get }

    /// The message this effect tells the parent, or `nil` for work or a plan. `nil` always, by default.
    var message: Message? { get }
}

extension ComposableEffect where Work == Self {
    /// The work itself: an effect enum of your own is its own work.
    public static func work(_ work: Self) -> Self { work }

    /// This effect, when it is neither a plan nor a message.
    public var work: Self? { plan == nil && message == nil ? self : nil }
}

extension ComposableEffect where Message == Never {
    /// Nothing: an effect that tells no messages.
    public var message: Never? { nil }
}

/// A feature with no effects composes like any other: `Never` carries no work, no message and no plan.
///
/// A parent whose `Effect` is `Never` can keep children whose `Effect` is `Never` too (see ``ChildPlace``); nothing
/// ever makes a plan of `Never`, since there is no work to plan.
extension Never: ComposableEffect {
    /// Stops: there is no effect of type `Never`, so there is nothing to cancel, delay or combine. A state whose
    /// `Effect` is `Never` that returns an operator such as `.cancel(id:)` reaches this.
    public static func plan(_ plan: EffectPlan<Never>) -> Never {
        fatalError(
            """
            Never.plan(\(plan)): a state whose Effect is Never has no effects, so there is nothing to cancel, delay \
            or combine. To fix, give the state effects of its own (typealias Effect = Planned<Work>).
            """)
    }

    /// No plan: there is no effect of type `Never`.
    public var plan: EffectPlan<Never>? { nil }
}

extension ComposableEffect {
    /// ``plan``, as a plan of `E`, which is `Self` under another name (the store knows its effect type only as
    /// `S.Effect`): read in code compiled for the effect type — the store's loop, inlined into your module — the cast
    /// changes no value and costs nothing, where a reader made once by ``planReader(for:)`` is a call through generic
    /// code.
    @inlinable
    func plan<E>(as _: E.Type) -> EffectPlan<E>? {
        plan as? EffectPlan<E>
    }
}

/// Reads the plan out of an effect of type `E` — its ``ComposableEffect/plan`` — when `E` is a ``ComposableEffect``;
/// `nil` otherwise. Asked once per store (and per `TestStore`, trace spec and explorer in EffectStoreTesting), so the
/// dynamic cast is not paid per effect.
package func planReader<E>(for type: E.Type) -> ((E) -> EffectPlan<E>?)? {
    guard let composable = type as? any ComposableEffect.Type else { return nil }
    func reader<C: ComposableEffect>(_: C.Type) -> ((E) -> EffectPlan<E>?)? {
        let read: (C) -> EffectPlan<C>? = { $0.plan }
        // `C` is `E` (checked by the cast above): the cast changes no value, and happens once.
        return (read as Any) as? (E) -> EffectPlan<E>?
    }
    return reader(composable)
}

extension ComposableEffect {
    /// Several effects, started in order, all at once. The dispatch's future waits for every one of them.
    ///
    /// ```swift
    /// return .all(.saveList(todos), .scheduleReminder(todo.id))
    /// ```
    ///
    /// An `.all` among `effects` is flattened into this one, in place, so the value does not depend on how the effects
    /// were grouped: `.all(.all(a, b), c) == .all(a, b, c)`, and a test compares a parent's effect without guessing
    /// the nesting its children produced. (The store starts nested and flat lists alike: in order, at once.)
    ///
    /// - Parameter effects: The effects to start, in order. Plans among them are interpreted too.
    /// - Returns: One effect that carries them all.
    public static func all(_ effects: [Self]) -> Self { .plan(.all(flattened(effects))) }

    /// Several effects, started in order, all at once; see ``all(_:)-([Self])``.
    public static func all(_ effects: Self...) -> Self { .plan(.all(flattened(effects))) }

    /// `effects` with every `.all` replaced by its effects, recursively, in order.
    private static func flattened(_ effects: [Self]) -> [Self] {
        guard effects.contains(where: { if case .all? = $0.plan { true } else { false } }) else {
            return effects
        }
        var flat: [Self] = []
        flat.reserveCapacity(effects.count)
        for effect in effects {
            if case .all(let inner)? = effect.plan {
                flat.append(contentsOf: flattened(inner))
            } else {
                flat.append(effect)
            }
        }
        return flat
    }

    /// This effect, started under `id` so that ``cancel(id:)`` can stop it.
    ///
    /// ```swift
    /// return Effect.search(query).cancellable(id: "search", cancelInFlight: true)   // a newer query replaces it
    /// ```
    ///
    /// Once the event whose handling returned the cancel is committed, no event of the cancelled effect is handled,
    /// and a run's work is told to stop: its task is cancelled, or its stop function runs (see
    /// <doc:EffectsInPractice>). A plain future's work is not stopped — its answer is dropped — so write work that
    /// must stop, such as a download, as a run.
    ///
    /// - Parameters:
    ///   - id: The id to cancel it by. Several effects may share one.
    ///   - cancelInFlight: Whether to cancel what already runs under `id` first.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
        .plan(.cancellable(self, id: EffectID(id), cancelInFlight: cancelInFlight))
    }

    /// Cancels every effect under `id`: those in flight, and those still waiting for their time or their turn.
    ///
    /// ```swift
    /// case .stop: isRunning = false; return .cancel(id: "ticks")
    /// ```
    ///
    /// - Parameter id: The id the effects were started under.
    public static func cancel(id: some Hashable & Sendable) -> Self { .plan(.cancel(EffectID(id))) }

    /// Whether this effect is the cancellation of `id`, or has it among its ``all(_:)-([Self])`` effects: what a
    /// test or an explorer's invariant asks of a transition that cancelled something.
    ///
    /// ```swift
    /// XCTAssertTrue(search.transition(on: .cleared)?.cancels(id: SearchID.request) == true)
    /// ```
    ///
    /// A cancellation inside a timed or cancellable plan is not counted: it happens later, not in this transition. For
    /// a child's end, ask with the place's ending: ``cancels(_:)``.
    ///
    /// - Parameter id: The id, as written in ``cancel(id:)``.
    public func cancels(id: some Hashable & Sendable) -> Bool {
        cancels(EffectID(id))
    }

    /// Whether this effect cancels everything `ending` cancels — a child's end, as its place writes it
    /// (``ChildPlace/ending(_:)``) — on its own or among the effects of an ``all(_:)-([Self])``.
    ///
    /// ```swift
    /// .transitionInvariant("a popped screen's effects end") { transition in
    ///     transition.from.path.ids.allSatisfy { id in
    ///         transition.to.path[id: id] != nil || transition.effect?.cancels(App.path.ending(id)) == true
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter ending: The cancellations to look for.
    /// - Returns: `false` when `ending` cancels nothing.
    public func cancels(_ ending: Self) -> Bool {
        var ids: [EffectID] = []
        func collect(_ effect: Self) {
            switch effect.plan {
            case .cancel(let id)?: ids.append(id)
            case .all(let effects)?: effects.forEach(collect)
            default: break
            }
        }
        collect(ending)
        return !ids.isEmpty && ids.allSatisfy(cancels)
    }

    /// Whether this effect cancels `id` in this transition.
    func cancels(_ id: EffectID) -> Bool {
        switch plan {
        case .cancel(let cancelled)?: return cancelled == id
        case .all(let effects)?: return effects.contains { $0.cancels(id) }
        default: return false
        }
    }

    /// This effect, started once everything queued before it under `id` has finished.
    ///
    /// ```swift
    /// return Effect.write(todos).queued(id: "save", keepingOnlyLatest: true)   // latest save wins, never two at once
    /// ```
    ///
    /// - Parameters:
    ///   - id: The queue's id.
    ///   - keepingOnlyLatest: Whether this effect replaces the one still waiting for its turn. The replaced one never
    ///     starts; its dispatch's future does not wait for it.
    public func queued(id: some Hashable & Sendable, keepingOnlyLatest: Bool = false) -> Self {
        .plan(.queued(self, id: EffectID(id), keepingOnlyLatest: keepingOnlyLatest))
    }

    /// This effect, started once `interval` has passed with no newer effect debounced under `id`.
    ///
    /// ```swift
    /// return Effect.search(query).debounced(id: "search", for: .milliseconds(300))
    /// ```
    ///
    /// A newer one cancels what runs or waits under `id` and starts the interval again.
    ///
    /// - Parameters:
    ///   - id: The id the debounce and the effect it starts run under.
    ///   - interval: How long no newer effect must come in.
    public func debounced(id: some Hashable & Sendable, for interval: EffectDuration) -> Self {
        .plan(.debounced(self, id: EffectID(id), interval: interval))
    }

    /// This effect, at most once per `interval` under `id`.
    ///
    /// ```swift
    /// return Effect.savePosition(offset).throttled(id: "scroll", for: .milliseconds(500))
    /// ```
    ///
    /// - Parameters:
    ///   - id: The throttle's id.
    ///   - interval: The least time between two starts.
    ///   - latest: Whether the last effect that comes in during an interval starts at its end (`true`), or
    ///     effects that come in during an interval are dropped (`false`).
    public func throttled(id: some Hashable & Sendable, for interval: EffectDuration, latest: Bool = true) -> Self {
        .plan(.throttled(self, id: EffectID(id), interval: interval, latest: latest))
    }

    /// This effect, started after `delay`.
    ///
    /// ```swift
    /// return Effect.hideToast.delayed(by: .seconds(3))
    /// ```
    ///
    /// - Parameter delay: How long to wait before starting it.
    public func delayed(by delay: EffectDuration) -> Self { .plan(.delayed(self, id: nil, delay: delay)) }

    /// This effect, started after `delay`, under `id` so that ``cancel(id:)`` can cancel it while it waits or runs.
    ///
    /// ```swift
    /// return Effect.tick.delayed(by: .seconds(1), id: "ticks")
    /// ```
    public func delayed(by delay: EffectDuration, id: some Hashable & Sendable) -> Self {
        .plan(.delayed(self, id: EffectID(id), delay: delay))
    }
}
