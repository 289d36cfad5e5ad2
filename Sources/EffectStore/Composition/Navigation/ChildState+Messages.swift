extension ChildState where Effect: ComposableEffect {
    /// Hands a child's event to the child stored at `child`, as ``handle(_:in:effect:)-4w4zz`` does, and hands the
    /// messages the child tells its parent to `receive`, in the same transition.
    ///
    /// ```swift
    /// case .list(let event):
    ///     return handle(event, in: \.list, effect: Effect.list) { state, message in
    ///         switch message {
    ///         case .meetingSelected(let meeting):
    ///             state.path.push(.detail(Detail(meeting: meeting)))
    ///             return nil
    ///         }
    ///     }
    /// ```
    ///
    /// A message is what the child's effect carries as ``MessagingEffect/message``; it never reaches the store. The
    /// child's other effects are lifted as ``handle(_:in:effect:)-4w4zz`` lifts them.
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - child: Where the parent keeps the child's state.
    ///   - lift: Embeds the child's other effects in the parent's effect type.
    ///   - receive: Handles one message: changes the parent and returns the parent's effect, if any. Called once per
    ///     message, in order, after the child's transition.
    /// - Returns: The child's remaining effects, lifted, then `receive`'s effects; or `nil`.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        in child: WritableKeyPath<Self, Child>,
        effect lift: (Child.Effect) -> Effect,
        messages receive: (inout Self, Child.Effect.Message) -> Effect?
    ) -> Effect? where Child.Effect: MessagingEffect {
        guard let effect = self[keyPath: child].handle(event: event) else { return nil }
        let (messages, rest) = splitMessages(effect)
        let result = rest.map { liftKeepingPlan($0, lift: lift) }
        guard !messages.isEmpty else { return result }
        return Effect.combining(result, receiveMessages(messages, receive))
    }

    /// Hands a row's event to the row with `id`, as ``handle(_:forRow:in:effect:)`` does, and hands the messages the
    /// row tells its parent to `receive`, in the same transition.
    ///
    /// ```swift
    /// case .todo(let id, let event):
    ///     return handle(event, forRow: id, in: \.todos, effect: Effect.todo) { state, id, message in
    ///         switch message {
    ///         case .deleteMe: return state.removeRow(id: id, in: \.todos)
    ///         }
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The row's event.
    ///   - id: The row's id.
    ///   - rows: Where this state keeps its rows.
    ///   - lift: Embeds the row's id and its other effects in this state's effect type.
    ///   - receive: Handles one message of the row with the given id: changes this state and returns its effect, if
    ///     any. Called once per message, in order, after the row's transition.
    /// - Returns: The row's remaining effects, lifted as ``handle(_:forRow:in:effect:)`` lifts them, then `receive`'s
    ///   effects; or `nil`.
    public mutating func handle<Row: ChildState & Identifiable>(
        _ event: Row.Event,
        forRow id: Row.ID,
        in rows: WritableKeyPath<Self, IdentifiedStates<Row>>,
        effect lift: (Row.ID, Row.Effect) -> Effect,
        messages receive: (inout Self, Row.ID, Row.Effect.Message) -> Effect?
    ) -> Effect? where Row.ID: Sendable, Row.Effect: MessagingEffect {
        guard let answer = self[keyPath: rows].modify(id: id, { $0.handle(event: event) }), let effect = answer
        else { return nil }
        let (messages, rest) = splitMessages(effect)
        let result = rest.map { liftRowEffect($0, row: id, lift: lift) }
        guard !messages.isEmpty else { return result }
        return Effect.combining(result, receiveMessages(messages) { state, message in receive(&state, id, message) })
    }
}

/// `effect` lifted by `lift`; when `effect` is a ``ComposableEffect`` too, with its plan kept (see
/// ``ComposableEffect/lifting(_:into:)``).
func liftKeepingPlan<ChildEffect, Parent: ComposableEffect>(
    _ effect: ChildEffect,
    lift: (ChildEffect) -> Parent
) -> Parent {
    guard let composable = ChildEffect.self as? any ComposableEffect.Type else { return lift(effect) }
    func lifted<C: ComposableEffect>(_: C.Type) -> Parent {
        // `C` is `ChildEffect` (checked by the cast above): the casts change no value.
        Parent.lifting(effect as! C) { lift($0 as! ChildEffect) }
    }
    return lifted(composable)
}
