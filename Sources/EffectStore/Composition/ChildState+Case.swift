// An enum of child states — a stack's screens, a sheet's destinations — routed by a `switch` over the state and the
// event together: one line per case, no `EnumCase`, no reflection. The `switch` recognises the case; these verbs hand
// the event to the value it bound, put the changed value back, and lift what the child returns.

extension ChildState {
    /// Hands a child's event to `child`, the value of one case of this enum that a `switch` bound, puts the changed
    /// child back with `embed`, and lifts the child's effect.
    ///
    /// Route an enum of children — the screens of a stack, the destinations of a sheet — by switching over the
    /// state and the event together: one line per case, with no ``EnumCase`` and no reflection.
    ///
    /// ```swift
    /// enum Screen: ChildState {
    ///     case detail(Detail)
    ///     case settings(Settings)
    ///
    ///     enum Event: Sendable { case detail(Detail.Event), settings(Settings.Event) }
    ///     enum Effect: Sendable { case detail(Detail.Effect), settings(Settings.Effect) }
    ///
    ///     mutating func handle(event: Event) -> Effect? {
    ///         switch (self, event) {
    ///         case (.detail(let screen), .detail(let event)):
    ///             handle(event, of: screen, as: Self.detail, effect: Effect.detail)
    ///         case (.settings(let screen), .settings(let event)):
    ///             handle(event, of: screen, as: Self.settings, effect: Effect.settings)
    ///         default: nil   // an event for another case than the one shown: it means nothing now
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - child: The child, as the `switch` bound it from `self`.
    ///   - embed: Puts the changed child back in its case: the case itself, such as `Self.detail`.
    ///   - lift: Embeds the child's effect in this state's effect type, usually an enum case such as `Effect.detail`.
    /// - Returns: The child's effect, lifted, or `nil` when it has none.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        of child: Child,
        as embed: (Child) -> Self,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? where Child.Message == Never {
        handleCase(event, of: child, as: embed).map(lift)
    }
}

extension ChildState where Effect: ComposableEffect {
    /// ``handle(_:of:as:effect:)-oee9`` for a child whose effects are composable too: the child's plans reach the
    /// store as plans, with their own effects lifted (see ``ComposableEffect/lifting(_:into:)``).
    ///
    /// ```swift
    /// case (.record(let screen), .record(let event)):
    ///     handle(event, of: screen, as: Self.record, effect: Effect.record)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - child: The child, as the `switch` bound it from `self`.
    ///   - embed: Puts the changed child back in its case: the case itself, such as `Self.record`.
    ///   - lift: Embeds the child's effects in this state's effect type, usually an enum case.
    /// - Returns: The child's effect, lifted with its plan kept, or `nil` when it has none.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        of child: Child,
        as embed: (Child) -> Self,
        effect lift: (Child.Effect) -> Effect
    ) -> Effect? where Child.Effect: ComposableEffect, Child.Message == Never {
        handleCase(event, of: child, as: embed).map { Effect.lifting($0, into: lift) }
    }
}

extension ChildState where Effect: ComposableEffect & MessagingEffect {
    /// ``handle(_:of:as:effect:)-oee9`` for a child that tells its parent things: the child's messages become this
    /// enum's own, through `message`, so that the parent that routes this enum — a stack's owner, a sheet's
    /// presenter — receives them with its `messages:` closure.
    ///
    /// The whole enum of screens of a stack, messages included, in a line per case:
    ///
    /// ```swift
    /// enum Screen: ChildState {
    ///     case detail(MeetingDetail)
    ///     case record(MeetingRecording)
    ///
    ///     enum Event: Sendable { case detail(MeetingDetail.Event), record(MeetingRecording.Event) }
    ///     enum Message: Sendable { case detail(MeetingDetail.Message), record(MeetingRecording.Message) }
    ///     enum Effect: ComposableEffect, MessagingEffect {
    ///         case detail(MeetingDetail.Effect), record(MeetingRecording.Effect)
    ///         case tell(Message), plan(EffectPlan<Effect>)
    ///         var plan: EffectPlan<Effect>? { if case .plan(let plan) = self { plan } else { nil } }
    ///         var message: Message? { if case .tell(let message) = self { message } else { nil } }
    ///     }
    ///
    ///     mutating func handle(event: Event) -> Effect? {
    ///         switch (self, event) {
    ///         case (.detail(let screen), .detail(let event)):
    ///             handle(event, of: screen, as: Self.detail, effect: Effect.detail, message: Message.detail)
    ///         case (.record(let screen), .record(let event)):
    ///             handle(event, of: screen, as: Self.record, effect: Effect.record, message: Message.record)
    ///         default: nil
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// A message inside a timed or cancellable plan is refused, as by every routing verb (see ``MessagingEffect``).
    ///
    /// - Parameters:
    ///   - event: The child's event.
    ///   - child: The child, as the `switch` bound it from `self`.
    ///   - embed: Puts the changed child back in its case: the case itself, such as `Self.detail`.
    ///   - lift: Embeds the child's other effects in this state's effect type, usually an enum case.
    ///   - message: Embeds one of the child's messages in this state's message type, usually an enum case such as
    ///     `Message.detail`; the result is told with ``MessagingEffect/tell(_:)``.
    /// - Returns: The child's other effects, lifted with their plans kept, then its messages, lifted, in order; or
    ///   `nil`.
    public mutating func handle<Child: ChildState>(
        _ event: Child.Event,
        of child: Child,
        as embed: (Child) -> Self,
        effect lift: (Child.Effect) -> Effect,
        message: (Child.Effect.Message) -> Effect.Message
    ) -> Effect? where Child.Effect: MessagingEffect, Child.Effect.Message == Child.Message {
        guard let effect = handleCase(event, of: child, as: embed) else { return nil }
        let (messages, rest) = splitMessages(effect)
        let lifted = rest.map { liftKeepingPlan($0, lift: lift) }
        switch messages.count {
        case 0: return lifted
        case 1: return Effect.combining(lifted, .tell(message(messages[0])))
        default: return Effect.combining(lifted, .all(messages.map { .tell(message($0)) }))
        }
    }
}

extension ChildState {
    /// Hands `event` to `child`, puts the changed child back with `embed`, and returns the child's effect.
    mutating func handleCase<Child: ChildState>(
        _ event: Child.Event,
        of child: Child,
        as embed: (Child) -> Self
    ) -> Child.Effect? {
        var child = child
        let effect = child.handle(event: event)
        self = embed(child)
        return effect
    }
}
