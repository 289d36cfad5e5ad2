/// The id under which every effect of a child presented at one optional property runs: cancelling it ends them all.
///
/// ``ChildState/handle(_:in:effect:)-(PresentationEvent<Child.Event>,_,_)`` starts the presented child's effects
/// under it, and scopes the ids in the child's plans to it (``RowScopedID/init(scope:id:)``), so that a child's
/// `"autosave"` debounce never meets its parent's. The presentation ends — and this id is cancelled — in the
/// transition that dismisses or replaces the child (see ``ChildState/presenting(_:_:)-19paw``); what that transition
/// returns under it never starts (<doc:Navigation#Removal-wins>). A test writes the same value:
///
/// ```swift
/// XCTAssertEqual(
///     detail.handle(event: .editor(.presented(.titleChanged("Daily")))),
///     Detail.Effect.editor(.validate("Daily")).cancellable(id: PresentationEffects(\Detail.editor))
/// )
/// XCTAssertEqual(detail.handle(event: .editor(.dismiss)), .cancel(id: PresentationEffects(\Detail.editor)))
/// ```
///
/// The property is named by its key path, which must be a plain stored or computed property path (key paths with
/// subscripts work too, when their arguments are `Sendable`).
public struct PresentationEffects: Hashable, Sendable, CustomStringConvertible {
    /// Where the parent keeps the presented child.
    let slot: AnyKeyPath & Sendable

    /// The id of the effects of the child presented at `slot`.
    ///
    /// - Parameter slot: The parent's optional property that holds the child, such as `\Detail.editor`.
    public init<Parent, Child>(_ slot: KeyPath<Parent, Child?> & Sendable) {
        self.slot = slot
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        // One key path literal is one object: the identity check settles the usual case without walking it.
        lhs.slot === rhs.slot || lhs.slot == rhs.slot
    }

    /// Hashes the key path's type alone: hashing a key path walks its components, and a parent's presentations
    /// mostly differ in type; `==` tells apart two of one type.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type(of: slot))) }

    /// `PresentationEffects(\Detail.editor)`.
    public var description: String { "PresentationEffects(\(slot))" }
}

extension ChildState where Effect: ComposableEffect {
    /// Routes an event of the child presented at `slot`, or its dismissal, and lifts the child's effects into the
    /// presentation's cancellation scope.
    ///
    /// ```swift
    /// struct Detail: State {
    ///     var meeting: Meeting
    ///     var editor: EditForm?
    ///
    ///     enum Event: Sendable { case editTapped, editor(PresentationEvent<EditForm.Event>) }
    ///     enum Effect: ComposableEffect { case editor(EditForm.Effect), plan(EffectPlan<Effect>) /* … */ }
    ///
    ///     mutating func handle(event: Event) -> Effect? {
    ///         presenting(\.editor) { state in
    ///             switch event {
    ///             case .editTapped:
    ///                 state.editor = EditForm(meeting: state.meeting)
    ///                 return nil
    ///             case .editor(let event):
    ///                 return state.handle(event, in: \.editor, effect: Effect.editor)
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - `.presented(event)` goes to the child while one is presented; when none is — a late event for a dismissed
    ///   child — it is ignored: nothing changes and the result is `nil`. The child's effect is started under
    ///   ``PresentationEffects`` of `slot`, its plans' ids scoped to it.
    /// - `.dismiss` sets `slot` to `nil` and returns the cancellation of the child's effects (`nil` when nothing was
    ///   presented).
    ///
    /// Dismissals that happen elsewhere in the parent — `state.editor = nil` in another event, a new child replacing
    /// the old one — end the scope when the parent's transition is wrapped in ``presenting(_:_:)-19paw``, as above.
    /// Removal wins: when the transition that routed an event to the child also removes the child, the effect the
    /// child returned never starts (<doc:Navigation#Removal-wins>).
    ///
    /// - Parameters:
    ///   - event: The child's event, or its dismissal.
    ///   - slot: Where the parent keeps the presented child.
    ///   - lift: Embeds the child's effect in the parent's effect type, usually an enum case.
    /// - Returns: The child's effect, lifted and scoped; the cancellation of its effects for `.dismiss`; or `nil`.
    public mutating func handle<Child: ChildState>(
        _ event: PresentationEvent<Child.Event>,
        in slot: WritableKeyPath<Self, Child?> & Sendable,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? {
        switch event {
        case .dismiss:
            return dismissPresentation(at: slot)
        case .presented(let event):
            guard let effect = self[keyPath: slot]?.handle(event: event) else { return nil }
            return liftScoped(effect, scope: EffectID(PresentationEffects(slot)), lift: lift)
        }
    }

    /// Routes an event of the child presented at `slot`, as
    /// ``handle(_:in:effect:)-(PresentationEvent<Child.Event>,_,_)`` does, and hands the messages the child tells its
    /// parent to `receive`, in the same transition.
    ///
    /// ```swift
    /// case .editor(let event):
    ///     return state.handle(event, in: \.editor, effect: Effect.editor) { state, message in
    ///         switch message {
    ///         case .done(let title):
    ///             state.meeting.title = title
    ///             state.editor = nil   // dismissed by its own request: the presentation's effects end
    ///             return .save(state.meeting)
    ///         }
    ///     }
    /// ```
    ///
    /// A message is what the child's effect carries as ``MessagingEffect/message``; it never reaches the store.
    /// Removal wins (<doc:Navigation#Removal-wins>): when `receive` dismisses the child, the child's other effects of
    /// this transition never start — the result is the end of its presentation, then `receive`'s effects, none of
    /// them under the child's scope; when it replaces the child, ``presenting(_:_:)-19paw`` ends the old child the
    /// same way.
    ///
    /// - Parameters:
    ///   - event: The child's event, or its dismissal.
    ///   - slot: Where the parent keeps the presented child.
    ///   - lift: Embeds the child's other effects in the parent's effect type.
    ///   - receive: Handles one message: changes the parent and returns the parent's effect, if any. Called once per
    ///     message, in order, after the child's transition.
    /// - Returns: The child's remaining effects, lifted and scoped, then `receive`'s effects; for a child that
    ///   `receive` dismissed, the cancellation of its effects, then `receive`'s effects; or `nil`.
    public mutating func handle<Child: ChildState>(
        _ event: PresentationEvent<Child.Event>,
        in slot: WritableKeyPath<Self, Child?> & Sendable,
        effect lift: (Child.Effect) -> Effect,
        messages receive: (inout Self, Child.Effect.Message) -> Effect?
    ) -> Effect? where Child.Effect: MessagingEffect {
        guard case .presented(let event) = event else { return dismissPresentation(at: slot) }
        guard let effect = self[keyPath: slot]?.handle(event: event) else { return nil }
        let scope = EffectID(PresentationEffects(slot))
        let (messages, rest) = splitMessages(effect)
        let result = rest.map { liftScoped($0, scope: scope, lift: lift) }
        guard !messages.isEmpty else { return result }
        let parentEffects = receiveMessages(messages, receive)
        guard self[keyPath: slot] == nil else { return Effect.combining(result, parentEffects) }
        // Dismissed by its own message: removal wins. The child's other effects never start; the end of its
        // presentation comes first, before the parent's effects, which keep nothing under the child's scope.
        return Effect.combining(.plan(.cancel(scope)), parentEffects?.withoutWork(under: { $0 == scope }))
    }

    /// Sets `slot` to `nil`; the cancellation of the presented child's effects, or `nil` when none was presented.
    mutating func dismissPresentation<Child>(at slot: WritableKeyPath<Self, Child?> & Sendable) -> Effect? {
        guard self[keyPath: slot] != nil else { return nil }
        self[keyPath: slot] = nil
        return .cancel(id: PresentationEffects(slot))
    }

    /// Each message handed to `receive` in order; their effects, in order.
    mutating func receiveMessages<Message>(
        _ messages: [Message],
        _ receive: (inout Self, Message) -> Effect?
    ) -> Effect? {
        var effects: [Effect] = []
        for message in messages {
            if let effect = receive(&self, message) { effects.append(effect) }
        }
        switch effects.count {
        case 0: return nil
        case 1: return effects[0]
        default: return .all(effects)
        }
    }

    /// Runs the parent's transition, and ends the presentation at `slot` — cancels the effects of the child presented
    /// there — when the transition dismissed the child or replaced it with another.
    ///
    /// Wrap the parent's `handle(event:)` in it, so that however the child goes away — set to `nil` by any event of
    /// the parent, dismissed by the user, dismissed by its own message, replaced — its timers, runs and queued work
    /// stop in that same transition:
    ///
    /// ```swift
    /// mutating func handle(event: Event) -> Effect? {
    ///     presenting(\.editor) { state in
    ///         switch event {
    ///         case .meetingDeleted: state.editor = nil; return nil     // the editor's effects end here
    ///         case .editor(let event): return state.handle(event, in: \.editor, effect: Effect.editor)
    ///         // …
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Removal wins (<doc:Navigation#Removal-wins>): the cancellation, `.cancel(id: PresentationEffects(slot))`,
    /// comes first in the result, and what the transition returned under that id — an event routed to the child
    /// before it went, its other effects next to a message that dismissed it — never starts. A new child presented at
    /// `slot` in the same transition shares that id: its work starts in this transition only after an explicit end
    /// of the old presentation, `.cancel(id: PresentationEffects(slot))`, in the transition's effect — what comes
    /// after it is the new child's, and the cancellation is not added again. A child presented and dismissed within
    /// the transition leaves nothing running either.
    ///
    /// A child is "replaced" when it is followed by one of another identity: for an `Identifiable` child, another
    /// `id`. For a child that is not `Identifiable`, only presence counts — assigning a new child over a presented
    /// one keeps the presentation; use ``presenting(_:identifiedBy:_:)`` to say what makes two presentations
    /// different, such as the case of a destination enum. Nest calls for several slots.
    ///
    /// - Parameters:
    ///   - slot: Where the parent keeps the presented child.
    ///   - transition: The parent's transition, given the parent to change.
    /// - Returns: The transition's effect, after the cancellation of the child's effects when it went away, and
    ///   without the work it returned under the child's scope.
    public mutating func presenting<Child>(
        _ slot: WritableKeyPath<Self, Child?> & Sendable,
        _ transition: (inout Self) -> Effect?
    ) -> Effect? {
        presenting(slot, identifiedBy: { _ in true }, transition)
    }

    /// ``presenting(_:_:)-19paw`` for an `Identifiable` child: a child replaced by one with another `id` ends its
    /// presentation too, and removal wins as there (<doc:Navigation#Removal-wins>).
    ///
    /// ```swift
    /// presenting(\.editor) { state in   // EditForm: Identifiable — another meeting's form is another presentation
    ///     // …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - slot: Where the parent keeps the presented child.
    ///   - transition: The parent's transition, given the parent to change.
    /// - Returns: The transition's effect, after the cancellation of the child's effects when it went away, and
    ///   without the work it returned under the child's scope.
    public mutating func presenting<Child: Identifiable>(
        _ slot: WritableKeyPath<Self, Child?> & Sendable,
        _ transition: (inout Self) -> Effect?
    ) -> Effect? {
        presenting(slot, identifiedBy: { $0.id }, transition)
    }

    /// ``presenting(_:_:)-19paw`` where `identity` tells two presentations apart: the child's presentation ends when
    /// the transition leaves `nil` or a child of another identity at `slot`, and removal wins as there
    /// (<doc:Navigation#Removal-wins>).
    ///
    /// A destination enum is one presentation per case; say so by naming the case:
    ///
    /// ```swift
    /// presenting(\.destination, identifiedBy: { destination in
    ///     switch destination { case .edit: 0; case .deleteAlert: 1 }
    /// }) { state in
    ///     // …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - slot: Where the parent keeps the presented child.
    ///   - identity: What makes two presentations the same one. Called on the child before and after the transition.
    ///   - transition: The parent's transition, given the parent to change.
    /// - Returns: The transition's effect, after the cancellation of the child's effects when it went away, and
    ///   without the work it returned under the child's scope.
    public mutating func presenting<Child, Identity: Equatable>(
        _ slot: WritableKeyPath<Self, Child?> & Sendable,
        identifiedBy identity: @escaping (Child) -> Identity,
        _ transition: (inout Self) -> Effect?
    ) -> Effect? {
        noteForUndo(slot, identifiedBy: identity)
        guard let before = self[keyPath: slot].map(identity) else {
            let effect = transition(&self)
            guard let effect, self[keyPath: slot] == nil, Effect.planReader(effect) != nil else { return effect }
            // Nothing presented before or after: a child presented and dismissed within the transition leaves
            // nothing running either.
            let scope = EffectID(PresentationEffects(slot))
            return effect.withoutWork(under: { $0 == scope })
        }
        let effect = transition(&self)
        if let after = self[keyPath: slot].map(identity), after == before { return effect }
        return Effect.ending(EffectID(PresentationEffects(slot)), in: effect)
    }
}

/// `effect`, lifted by `lift` with the ids of its plans scoped to `scope`, started under `scope`.
func liftScoped<ChildEffect, Parent: ComposableEffect>(
    _ effect: ChildEffect,
    scope: EffectID,
    lift: (ChildEffect) -> Parent
) -> Parent {
    .plan(.cancellable(liftRowPlan(effect, scope: scope, lift: lift), id: scope, cancelInFlight: false))
}
