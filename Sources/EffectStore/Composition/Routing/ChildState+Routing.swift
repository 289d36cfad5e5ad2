// The one verb family that hands an event to a child and lifts what the child returns: `handle(_:in:…)` for a child
// kept in a property (a field, a presentation, rows, a stack — see ChildPlace.swift for each), and
// `handle(_:of:as:…)` for the child held in the case of an enum state that a `switch self` found.

extension ChildState {
    /// Hands `event` to the child kept at `place`, and returns the child's effect lifted into this state's.
    ///
    /// One verb for every kind of place (the table in ``ChildPlace`` says what each takes): a child in a property,
    /// an optional child presented there (``PresentationEvent``), rows of an ``IdentifiedStates`` by id, or the
    /// screens of a ``ScreenStack`` (``StackEvent``). An event for a child that is not there — a dismissed sheet, a
    /// removed row, a popped screen — is ignored; `.dismiss` and `.popFrom(id:)` end the child's place.
    ///
    /// ```swift
    /// mutating func handle(event: Event) -> Effect? {
    ///     switch event {
    ///     case .profile(let event): return handle(event, in: \.profile, effect: Effect.profile)
    ///     case .todo(let id, let event): return handle((id, event), in: \.todos, effect: Effect.todo)
    ///     case .path(let event): return handle(event, in: \.path, effect: Effect.screen)
    ///     // …
    ///     }
    /// }
    /// ```
    ///
    /// A presented child's, a row's and a screen's effects run under the scope of their place (``PresentationScope``,
    /// ``RowScope``, ``ScreenScope``), and the ids in their plans are scoped to it (``ScopedEffectID``), so that when
    /// the child leaves its place — however it leaves, when the parent declares the place among its
    /// ``ChildState/places`` — its work ends in that transition (<doc:BuildingAnAppFromFeatures#When-a-child-leaves>).
    /// A child's plans stay plans the store carries out. A child whose effects tell its parent messages is routed
    /// with ``handle(_:in:effect:messages:)`` instead: this verb does not compile for it.
    ///
    /// - Parameters:
    ///   - event: The event for the place: the child's own, or as the table in ``ChildPlace`` says.
    ///   - place: Where this state keeps the child.
    ///   - lift: The case of this state's effect that carries the child's, such as `Effect.todo`.
    /// - Returns: The child's effect, lifted; `nil` when it returned none or no child took the event.
    @inlinable
    public mutating func handle<Place: ChildPlace>(
        _ event: Place.PlaceEvent,
        in place: WritableKeyPath<Self, Place> & Sendable,
        effect lift: (Place.PlaceEffect) -> Effect
    ) -> Effect? where Place.PlacedChild.Message == Never {
        guard let routed = Place._route(event, at: place, in: &self) else { return nil }
        return liftChildEffect(routed.effect, scope: Place._scope(of: routed.address, at: place)) {
            lift(Place._effect($0, at: routed.address))
        }
    }

    /// ``handle(_:in:effect:)`` for a child with no effects (`Effect = Never`): there is nothing to lift.
    ///
    /// ```swift
    /// case .counter(let event): return handle(event, in: \.counter)
    /// case .row(let id, let event): return handle((id, event), in: \.rows)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event for the place: the child's own, or as the table in ``ChildPlace`` says.
    ///   - place: Where this state keeps the child.
    /// - Returns: `nil`: the child has no effects.
    @inlinable
    public mutating func handle<Place: ChildPlace>(
        _ event: Place.PlaceEvent,
        in place: WritableKeyPath<Self, Place> & Sendable
    ) -> Effect? where Place.PlacedChild.Effect == Never, Place.PlacedChild.Message == Never {
        _ = Place._route(event, at: place, in: &self)
        return nil
    }

    /// Hands `event` to `child`, the value of one case of this enum state, puts the changed child back with `embed`,
    /// and returns the child's effect lifted into this state's.
    ///
    /// An enum of children — a stack's screens, a sheet's destinations — routes with a `switch self`: one line per
    /// case, and a missing case does not compile. Each line takes the child's event out of `event` and hands it to
    /// the child its case holds; an event for another case is a late one, for a child that has gone, and is ignored:
    ///
    /// ```swift
    /// mutating func handle(event: Event) -> Effect? {
    ///     switch self {
    ///     case .detail(let detail):
    ///         guard case .detail(let event) = event else { return nil }
    ///         return handle(event, of: detail, as: Self.detail, effect: Effect.detail)
    ///     case .record(let record):
    ///         guard case .record(let event) = event else { return nil }
    ///         return handle(event, of: record, as: Self.record, effect: Effect.record)
    ///     }
    /// }
    /// ```
    ///
    /// The child's plans stay plans. When the enum declares the case among its places (``ChildPlaces/case(_:identifiedBy:)``),
    /// the child's effect runs under ``CaseScope``, and the enum leaving the case ends it, however it leaves. A child
    /// whose effects tell messages is routed with ``handle(_:of:as:effect:message:)``. A child with no effects needs
    /// no verb: `var child = child`, `_ = child.handle(event: event)`, `self = .counting(child)`.
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - child: The child the `switch` bound.
    ///   - embed: The case that holds the child, such as `Self.detail`.
    ///   - lift: The case of this state's effect that carries the child's, such as `Effect.detail`.
    /// - Returns: The child's effect, lifted; `nil` when it returned none.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        of child: Child,
        as embed: (Child) -> Self,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? where Child.Message == Never {
        handleCase(event, of: child, as: embed).map { liftCaseEffect($0, of: Child.self, lift: lift) }
    }

    /// `effect`, the effect of the `Child` in a case of this enum, lifted by `lift`, and started under the case's
    /// ``CaseScope`` when the case is declared among the places.
    func liftCaseEffect<Child, ChildEffect>(
        _ effect: ChildEffect,
        of _: Child.Type,
        lift: (ChildEffect) -> Effect
    ) -> Effect {
        guard let composable = Effect.self as? any ComposableEffect.Type else { return lift(effect) }
        func lifted<E: ComposableEffect>(_: E.Type) -> Effect {
            // `E` is `Effect` (checked by the cast above): the casts change no value.
            let lifted = liftKeepingPlan(effect) { lift($0) as! E }
            guard Self.places.declaresCase(of: Child.self) else { return lifted as! Effect }
            let scope = EffectID(CaseScope(Child.self, in: Self.self))
            return E.plan(.cancellable(lifted, id: scope, cancelInFlight: false)) as! Effect
        }
        return lifted(composable)
    }

    mutating func handleCase<Child: ChildState>(
        _ event: Child.Event,
        of child: Child,
        as embed: (Child) -> Self
    ) -> Child.Effect? {
        var child = child
        let effect = child.handleSharing(event: event)
        self = embed(child)
        return effect
    }
}

extension ChildState where Effect: ComposableEffect {
    /// ``handle(_:in:effect:)`` for a child whose effects tell its parent messages: the messages go to `receive`, in
    /// this transition, and the rest of the child's effect is lifted as ``handle(_:in:effect:)`` lifts it.
    ///
    /// ```swift
    /// case .addForm(let event):
    ///     return handle(event, in: \.addForm, effect: Effect.addForm) { state, message in
    ///         switch message {
    ///         case .saved(let meeting): state.meetings.append(meeting); state.addForm = nil; return nil
    ///         }
    ///     }
    /// ```
    ///
    /// For rows and screens `receive` gets the message with the id of the row or screen that told it (`said.id`,
    /// `said.message`). A message is never dropped: a child whose state declares a ``ChildState/Message`` cannot be
    /// routed without this parameter (<doc:Navigation#A-child-tells-its-parent-messages>).
    ///
    /// - Parameters:
    ///   - event: The event for the place: the child's own, or as the table in ``ChildPlace`` says.
    ///   - place: Where this state keeps the child.
    ///   - lift: The case of this state's effect that carries the child's.
    ///   - receive: What this state does with each message, and the effect it returns then.
    /// - Returns: The child's effect, lifted, with what `receive` returned.
    public mutating func handle<Place: ChildPlace>(
        _ event: Place.PlaceEvent,
        in place: WritableKeyPath<Self, Place> & Sendable,
        effect lift: (Place.PlaceEffect) -> Effect,
        messages receive: (inout Self, Place.PlaceMessage) -> Effect?
    ) -> Effect?
    where Place.PlacedChild.Effect: MessagingEffect, Place.PlacedChild.Effect.Message == Place.PlacedChild.Message {
        guard let routed = Place._route(event, at: place, in: &self) else { return nil }
        let (messages, rest) = splitMessages(routed.effect)
        let result = rest.map { rest in
            liftChildEffect(rest, scope: Place._scope(of: routed.address, at: place)) {
                lift(Place._effect($0, at: routed.address))
            }
        }
        guard !messages.isEmpty else { return result }
        let said = messages.map { Place._message($0, at: routed.address) }
        return Effect.combining(result, receiveMessages(said, receive))
    }
}

extension ChildState where Effect: ComposableEffect & MessagingEffect {
    /// ``handle(_:of:as:effect:)`` for a child whose effects tell messages: each message becomes one of this enum's
    /// own, told to the enum's parent in the same transition.
    ///
    /// ```swift
    /// case .edit(let form):
    ///     guard case .edit(let event) = event else { return nil }
    ///     return handle(event, of: form, as: Self.edit, effect: Effect.edit, message: Message.edit)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - child: The child the `switch` bound.
    ///   - embed: The case that holds the child.
    ///   - lift: The case of this state's effect that carries the child's.
    ///   - message: The case of this state's message that carries the child's.
    /// - Returns: The child's effect, lifted, with its messages told as this state's.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        of child: Child,
        as embed: (Child) -> Self,
        effect lift: (Child.Effect) -> Effect,
        message: (Child.Effect.Message) -> Effect.Message
    ) -> Effect? where Child.Effect: MessagingEffect, Child.Effect.Message == Child.Message {
        guard let effect = handleCase(event, of: child, as: embed) else { return nil }
        let (messages, rest) = splitMessages(effect)
        let lifted = rest.map { liftCaseEffect($0, of: Child.self, lift: lift) }
        switch messages.count {
        case 0: return lifted
        case 1: return Effect.combining(lifted, .tell(message(messages[0])))
        default: return Effect.combining(lifted, .all(messages.map { .tell(message($0)) }))
        }
    }
}
