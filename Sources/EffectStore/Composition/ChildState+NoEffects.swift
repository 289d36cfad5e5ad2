// Children with no effects (`Effect = Never`): every routing verb has a form without `effect:`, since there is
// nothing to lift — and a closure that takes a `Never` draws a "will never be executed" warning.

/// Lifts an effect that cannot exist: the `effect:` of a child whose `Effect` is `Never`.
func noEffect<Parent>(_ never: Never) -> Parent {}

/// Lifts a row's or a screen's effect that cannot exist: the `effect:` of rows or screens whose `Effect` is `Never`.
func noEffect<ID, Parent>(of id: ID, _ never: Never) -> Parent {}

extension ChildState {
    /// Hands an event to the child stored at `child`, a child with no effects: ``handle(_:in:effect:)-3u54r`` with
    /// nothing to lift.
    ///
    /// ```swift
    /// struct Counter: ChildState { typealias Effect = Never; /* … */ }
    ///
    /// case .counter(let event): return handle(event, in: \.counter)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - child: Where the parent keeps the child's state.
    /// - Returns: `nil`: the child has no effects. A result, so that the call can be returned from `handle(event:)`.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        in child: WritableKeyPath<Self, Child>
    ) -> Effect? where Child.Effect == Never, Child.Message == Never {
        handle(event, in: child, effect: noEffect)
    }

    /// Hands an event to the child held in the case `enumCase` of this enum, a child with no effects:
    /// ``handle(_:inCase:effect:)-5zgw0`` with nothing to lift.
    ///
    /// ```swift
    /// case .welcome(let event): return handle(event, inCase: .welcome)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - enumCase: The case that holds the child's state (see ``EnumCase``).
    /// - Returns: `nil`: the child has no effects.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        inCase enumCase: EnumCase<Self, Child>
    ) -> Effect? where Child.Effect == Never, Child.Message == Never {
        handle(event, inCase: enumCase, effect: noEffect)
    }

    /// Hands an event to `child`, the value of one case of this enum that a `switch` bound, a child with no effects:
    /// ``handle(_:of:as:effect:)-oee9`` with nothing to lift.
    ///
    /// ```swift
    /// case (.about(let screen), .about(let event)): handle(event, of: screen, as: Self.about)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - child: The child, as the `switch` bound it from `self`.
    ///   - embed: Puts the changed child back in its case: the case itself, such as `Self.about`.
    /// - Returns: `nil`: the child has no effects.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        of child: Child,
        as embed: (Child) -> Self
    ) -> Effect? where Child.Effect == Never, Child.Message == Never {
        handle(event, of: child, as: embed, effect: noEffect)
    }

    /// Hands an event to the row with `id`, a row with no effects: ``handle(_:forRow:in:effect:)`` with nothing to
    /// lift.
    ///
    /// ```swift
    /// case .todo(let id, let event): return handle(event, forRow: id, in: \.todos)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The row's event.
    ///   - id: The row's id.
    ///   - rows: Where this state keeps its rows.
    /// - Returns: `nil`: the row has no effects.
    public mutating func handle<Row: ChildState & Identifiable>(
        _ event: Row.Event,
        forRow id: Row.ID,
        in rows: WritableKeyPath<Self, IdentifiedStates<Row>>
    ) -> Effect? where Row.ID: Sendable, Row.Effect == Never, Row.Message == Never {
        handle(event, forRow: id, in: rows, effect: noEffect(of:_:))
    }
}

extension ChildState where Effect: ComposableEffect {
    /// Routes an event of the child presented at `slot`, or its dismissal, for a child with no effects:
    /// ``handle(_:in:effect:)-(PresentationEvent<Child.Event>,_,_)`` with nothing to lift. The dismissal still ends
    /// the presentation (its result is the cancellation of the presentation's scope).
    ///
    /// ```swift
    /// case .info(let event): return state.handle(event, in: \.info)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The child's event, or its dismissal.
    ///   - slot: Where the parent keeps the presented child.
    /// - Returns: The cancellation of the presentation for `.dismiss` of a presented child; otherwise `nil`.
    public mutating func handle<Child: ChildState>(
        _ event: PresentationEvent<Child.Event>,
        in slot: WritableKeyPath<Self, Child?> & Sendable
    ) -> Effect? where Child.Effect == Never, Child.Message == Never {
        handle(event, in: slot, effect: noEffect)
    }

    /// Routes an event of one screen of the stack at `stack`, or a pop, for screens with no effects:
    /// ``handle(_:in:effect:)-(StackEvent<Screen.Event>,_,_)`` with nothing to lift. A pop still ends the popped
    /// screens (its result is their cancellations).
    ///
    /// ```swift
    /// case .path(let event): return state.handle(event, in: \.path)
    /// ```
    ///
    /// - Parameters:
    ///   - event: A screen's event, or a pop.
    ///   - stack: Where the parent keeps the stack.
    /// - Returns: The cancellations of the popped screens for `.popFrom(id:)`; otherwise `nil`.
    public mutating func handle<Screen: ChildState>(
        _ event: StackEvent<Screen.Event>,
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable
    ) -> Effect? where Screen.Effect == Never, Screen.Message == Never {
        handle(event, in: stack, effect: noEffect(of:_:))
    }
}
