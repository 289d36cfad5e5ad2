extension State {
    /// Hands a child feature's event to the child state stored at `child`, and lifts the child's effect.
    ///
    /// A parent feature holds its children's states and wraps their events and effects in its own:
    ///
    /// ```swift
    /// struct AppState: State {
    ///     var session = SessionState.initialState
    ///     var process = ProcessState.initialState
    ///
    ///     enum Event: Sendable { case session(SessionState.Event), process(ProcessState.Event) }
    ///     enum Effect: Sendable { case session(SessionState.Effect), process(ProcessState.Effect) }
    ///
    ///     static var initialState: AppState { AppState() }
    ///
    ///     mutating func handle(event: Event) -> Effect? {
    ///         switch event {
    ///         case .session(let event): return handle(event, in: \.session, effect: Effect.session)
    ///         case .process(let event): return handle(event, in: \.process, effect: Effect.process)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The child's ``State/handle(event:)`` mutates the child in place.
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - child: Where the parent keeps the child's state.
    ///   - lift: Embeds the child's effect in the parent's effect type, usually an enum case such as
    ///     `Effect.session`.
    /// - Returns: The child's effect, lifted, or `nil` when the child has none.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        in child: WritableKeyPath<Self, Child>,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? {
        self[keyPath: child].handle(event: event).map(lift)
    }

    /// Hands a child feature's event to the child state held in one case of this enum state, and lifts the
    /// child's effect.
    ///
    /// ```swift
    /// enum AppFlow: State {
    ///     case loggedOut
    ///     case loggedIn(ProcessState)
    ///     // …
    ///     mutating func handle(event: Event) -> Effect? {
    ///         switch event {
    ///         case .process(let event): return handle(event, inCase: AppFlow.loggedIn, effect: Effect.process)
    ///         // …
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// When `self` is in another case, the event means nothing now: it is ignored, `self` is unchanged and the
    /// result is `nil`.
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - embed: The enum case that holds the child's state, with a single associated value, such as
    ///     `AppFlow.loggedIn`. The case is recognised from it by reflection; pass a case, not another function.
    ///   - lift: Embeds the child's effect in the parent's effect type.
    /// - Returns: The child's effect, lifted, or `nil`.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        inCase embed: (Child) -> Self,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? {
        guard var child = extractCase(embed, from: self) else { return nil }
        let effect = child.handle(event: event)
        self = embed(child)
        return effect.map(lift)
    }
}

extension State where Effect: ComposableEffect {
    /// ``handle(_:in:effect:)`` for a child whose effects are composable too: the child's plans reach the store as
    /// plans, with their own effects lifted (see ``ComposableEffect/lifting(_:into:)``).
    ///
    /// ```swift
    /// case .search(let event): return handle(event, in: \.search, effect: Effect.search)
    /// ```
    ///
    /// Chosen by the compiler over the general one whenever both effect types are ``ComposableEffect``s.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        in child: WritableKeyPath<Self, Child>,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? where Child.Effect: ComposableEffect {
        self[keyPath: child].handle(event: event).map { Effect.lifting($0, into: lift) }
    }

    /// ``handle(_:inCase:effect:)`` for a child whose effects are composable too: the child's plans reach the store
    /// as plans, with their own effects lifted (see ``ComposableEffect/lifting(_:into:)``).
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        inCase embed: (Child) -> Self,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? where Child.Effect: ComposableEffect {
        guard var child = extractCase(embed, from: self) else { return nil }
        let effect = child.handle(event: event)
        self = embed(child)
        return effect.map { Effect.lifting($0, into: lift) }
    }
}
