// Routing: a parent hands an event to the child at one of its declared places, and gets back the child's effect
// lifted into its own, with the child's messages handed to it in the same transition.

extension ChildState where Effect: ComposableEffect {
    /// Hands `event` to the child at `place`, and returns the child's effect lifted into this state's.
    ///
    /// One verb for every kind of place (``ChildHolder`` says what each routes): a child in a property or an enum
    /// case, a presented child (``PresentationEvent``, whose `.dismiss` ends it), rows by id, or a stack's screens
    /// (``StackEvent``, whose `.popFrom(id:)` pops). An event for a child that is not there — a dismissed sheet, a
    /// removed row, a popped screen, an enum in another case — is ignored.
    ///
    /// ```swift
    /// mutating func handle(event: Event) -> Effect? {
    ///     switch event {
    ///     case .todo(let id, let event): return route((id, event), to: Self.todos)
    ///     case .editor(let event): return route(event, to: Self.editor)
    ///     // …
    ///     }
    /// }
    /// ```
    ///
    /// The child's work reaches this state's work through the place's `work` case, its plans stay plans with ids of
    /// the child's own, and it runs under the child's scope, so that its work ends when the child leaves (see
    /// ``ChildPlace``). A child whose effects tell messages is routed with ``ChildState/route(_:to:messages:)``: this verb does not
    /// compile for it.
    ///
    /// - Parameters:
    ///   - event: The event for the place.
    ///   - place: The place, which ``ChildState/places`` lists.
    /// - Returns: The child's effect, lifted; `nil` when it returned none or no child took the event.
    @inlinable
    public mutating func route<Holder>(_ event: Holder.PlaceEvent, to place: ChildPlace<Self, Holder>) -> Effect?
    where Holder.Child.Effect.Message == Never {
        place.route(event, in: &self).0
    }

    /// The same call for a child whose effects tell messages: it does not compile, and says what to write.
    @available(
        *, unavailable,
        message: "this child tells its parent messages: route it with route(_:to:messages:), which hands each one over"
    )
    public mutating func route<Holder>(_ event: Holder.PlaceEvent, to place: ChildPlace<Self, Holder>) -> Effect? {
        fatalError("unavailable")
    }

    /// ``ChildState/route(_:to:)`` for a child whose effects tell this state messages: each message goes to `receive`, in this
    /// transition, after the child's event, and what `receive` returns joins the child's effect.
    ///
    /// ```swift
    /// case .addForm(let event):
    ///     return route(event, to: Self.addForm) { state, message in
    ///         switch message {
    ///         case .saved(let meeting): state.meetings.append(meeting); state.addForm = nil; return nil
    ///         }
    ///     }
    /// ```
    ///
    /// For rows and screens, `receive` gets the message with the id of the row or screen that told it (`said.id`,
    /// `said.message`). A child that edits a shared copy and asks to be dismissed in one event loses no edit: the
    /// transition writes its last copy into the others (see ``SharedValues``).
    ///
    /// - Parameters:
    ///   - event: The event for the place.
    ///   - place: The place, which ``ChildState/places`` lists.
    ///   - receive: What this state does with each message, and the effect it returns then.
    /// - Returns: The child's effect, lifted, with what `receive` returned.
    @inlinable
    public mutating func route<Holder>(
        _ event: Holder.PlaceEvent,
        to place: ChildPlace<Self, Holder>,
        messages receive: (inout Self, Holder.PlaceMessage) -> Effect?
    ) -> Effect? {
        let (effect, messages) = place.route(event, in: &self)
        guard !messages.isEmpty else { return effect }
        var effects = effect.map { [$0] } ?? []
        for message in messages {
            if let answer = receive(&self, message) { effects.append(answer) }
        }
        switch effects.count {
        case 0: return nil
        case 1: return effects[0]
        default: return .all(effects)
        }
    }
}
