/// The id under which every effect of a child presented at one optional property runs: cancelling it ends them all.
///
/// ``ChildState/handle(_:in:effect:)-(PresentationEvent<Child.Event>,_,_)`` starts the presented child's effects
/// under it, and scopes the ids in the child's plans to it (``RowScopedID/init(scope:id:)``), so that a child's
/// `"autosave"` debounce never meets its parent's. The presentation ends — and this id is cancelled — in the
/// transition that dismisses or replaces the child, when the parent declares the slot among its places
/// (``ChildPlaces/presented(_:identifiedBy:)``); what that transition returns under it never starts
/// (<doc:Navigation#Removal-wins>). A test writes the same value:
///
/// ```swift
/// XCTAssertEqual(
///     detail.handle(event: .editor(.presented(.titleChanged("Daily")))),
///     Detail.Effect.editor(.validate("Daily")).cancellable(id: PresentationEffects(\Detail.editor))
/// )
/// XCTAssertEqual(detail.transition(on: .editor(.dismiss)), .cancel(id: PresentationEffects(\Detail.editor)))
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
    ///     static let places: ChildPlaces<Detail> = [.presented(\.editor)]
    ///
    ///     mutating func handle(event: Event) -> Effect? {
    ///         switch event {
    ///         case .editTapped:
    ///             editor = EditForm(meeting: meeting)
    ///             return nil
    ///         case .editor(let event):
    ///             return handle(event, in: \.editor, effect: Effect.editor)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - `.presented(event)` goes to the child while one is presented; when none is — a late event for a dismissed
    ///   child — it is ignored: nothing changes and the result is `nil`. The child's effect is started under
    ///   ``PresentationEffects`` of `slot`, its plans' ids scoped to it.
    /// - `.dismiss` sets `slot` to `nil`.
    ///
    /// However the child goes away — `.dismiss`, `editor = nil` in another event, a new child replacing it — its
    /// work ends in that transition, since the parent declares the slot among its ``ChildState/places``. Removal
    /// wins: when the transition that routed an event to the child also removes the child, the effect the child
    /// returned never starts (<doc:Navigation#Removal-wins>).
    ///
    /// - Parameters:
    ///   - event: The child's event, or its dismissal.
    ///   - slot: Where the parent keeps the presented child.
    ///   - lift: Embeds the child's effect in the parent's effect type, usually an enum case.
    /// - Returns: The child's effect, lifted and scoped, or `nil`.
    public mutating func handle<Child: ChildState>(
        _ event: PresentationEvent<Child.Event>,
        in slot: WritableKeyPath<Self, Child?> & Sendable,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? where Child.Message == Never {
        switch event {
        case .dismiss:
            self[keyPath: slot] = nil
            return nil
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
    /// Removal wins (<doc:Navigation#Removal-wins>): when `receive` dismisses or replaces the child, the child's
    /// other effects of this transition never start.
    ///
    /// - Parameters:
    ///   - event: The child's event, or its dismissal.
    ///   - slot: Where the parent keeps the presented child.
    ///   - lift: Embeds the child's other effects in the parent's effect type.
    ///   - receive: Handles one message: changes the parent and returns the parent's effect, if any. Called once per
    ///     message, in order, after the child's transition.
    /// - Returns: The child's remaining effects, lifted and scoped, then `receive`'s effects; or `nil`.
    public mutating func handle<Child: ChildState>(
        _ event: PresentationEvent<Child.Event>,
        in slot: WritableKeyPath<Self, Child?> & Sendable,
        effect lift: (Child.Effect) -> Effect,
        messages receive: (inout Self, Child.Effect.Message) -> Effect?
    ) -> Effect? where Child.Effect: MessagingEffect, Child.Effect.Message == Child.Message {
        guard case .presented(let event) = event else {
            self[keyPath: slot] = nil
            return nil
        }
        guard let effect = self[keyPath: slot]?.handle(event: event) else { return nil }
        let (messages, rest) = splitMessages(effect)
        let result = rest.map { liftScoped($0, scope: EffectID(PresentationEffects(slot)), lift: lift) }
        guard !messages.isEmpty else { return result }
        return Effect.combining(result, receiveMessages(messages, receive))
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
}

/// `effect`, lifted by `lift` with the ids of its plans scoped to `scope`, started under `scope`.
func liftScoped<ChildEffect, Parent: ComposableEffect>(
    _ effect: ChildEffect,
    scope: EffectID,
    lift: (ChildEffect) -> Parent
) -> Parent {
    .plan(.cancellable(liftRowPlan(effect, scope: scope, lift: lift), id: scope, cancelInFlight: false))
}
