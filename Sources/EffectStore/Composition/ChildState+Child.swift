extension ChildState {
    /// Hands a child feature's event to the child state stored at `child`, and lifts the child's effect.
    ///
    /// A parent feature holds its children's states and wraps their events and effects in its own. The parent may be
    /// a ``State`` or itself a ``ChildState``, such as a row that holds a child of its own; the whole family of
    /// composition tools is in <doc:BuildingAnAppFromFeatures>.
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
    /// The child's ``ChildState/handle(event:)`` mutates the child in place.
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
    ) -> Effect? where Child.Message == Never {
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
    ///         case .process(let event): return handle(event, inCase: .loggedIn, effect: Effect.process)
    ///         // …
    ///         }
    ///     }
    /// }
    ///
    /// extension EnumCase where Root == AppFlow, Value == ProcessState {
    ///     static var loggedIn: Self {
    ///         EnumCase(AppFlow.loggedIn) { if case .loggedIn(let state) = $0 { state } else { nil } }
    ///     }
    /// }
    /// ```
    ///
    /// When `self` is in another case, the event means nothing now: it is ignored, `self` is unchanged and the
    /// result is `nil`.
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - enumCase: The case that holds the child's state, such as `.loggedIn` above (see ``EnumCase``).
    ///   - lift: Embeds the child's effect in the parent's effect type.
    /// - Returns: The child's effect, lifted, or `nil`.
    @inlinable
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        inCase enumCase: EnumCase<Self, Child>,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? where Child.Message == Never {
        guard var child = enumCase.extract(from: self) else { return nil }
        let effect = child.handle(event: event)
        self = enumCase.embed(child)
        return effect.map(lift)
    }

}

extension ChildState where Effect: ComposableEffect {
    /// ``handle(_:in:effect:)-3u54r`` for a child whose effects are composable too: the child's plans reach the store as
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
    ) -> Effect? where Child.Effect: ComposableEffect, Child.Message == Never {
        self[keyPath: child].handle(event: event).map { Effect.lifting($0, into: lift) }
    }

    /// ``handle(_:inCase:effect:)-5zgw0`` for a child whose effects are composable too: the
    /// child's plans reach the store as plans, with their own effects lifted (see
    /// ``ComposableEffect/lifting(_:into:)``).
    ///
    /// ```swift
    /// case .process(let event): return handle(event, inCase: .loggedIn, effect: Effect.process)
    /// ```
    @inlinable
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        inCase enumCase: EnumCase<Self, Child>,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? where Child.Effect: ComposableEffect, Child.Message == Never {
        guard var child = enumCase.extract(from: self) else { return nil }
        let effect = child.handle(event: event)
        self = enumCase.embed(child)
        return effect.map { Effect.lifting($0, into: lift) }
    }
}
