/// An effect type that can carry a message for the parent feature: something the child tells its parent ("saved",
/// "delete me", "start the meeting") in the transition that decides it.
///
/// Add one case that holds a message — `case tell(Message)`, which is also the ``tell(_:)`` requirement — and a
/// property that reads it back, as ``ComposableEffect`` does for plans:
///
/// ```swift
/// struct EditForm: ChildState, Equatable {
///     var title: String
///
///     enum Event: Sendable { case titleChanged(String), doneTapped }
///     enum Message: Equatable, Sendable { case done(title: String) }
///     enum Effect: MessagingEffect, Equatable {
///         case tell(Message)
///         var message: Message? { if case .tell(let message) = self { message } else { nil } }
///     }
///
///     mutating func handle(event: Event) -> Effect? {
///         switch event {
///         case .titleChanged(let title): self.title = title; return nil
///         case .doneTapped: return .tell(.done(title: title))
///         }
///     }
/// }
/// ```
///
/// The state's nested `enum Message` is also its ``ChildState/Message``: a parent can route the child only with a verb
/// that takes its messages, so a message is never dropped.
///
/// A test of the child alone compares the message with `==`, as any effect. A parent that routes the child's events
/// with a `messages:` closure (for example
/// ``ChildState/handle(_:in:effect:messages:)-(PresentationEvent<Child.Event>,_,_,_)``) receives each message in the
/// same transition — no round trip through an effect handler — and the message never reaches the store: the parent's
/// closure decides what it means, and returns the parent's own effect, if any. When the child's effect is a
/// ``ComposableEffect`` too, messages among the effects of an ``ComposableEffect/all(_:)-([Self])`` are taken out as
/// well, in order.
///
/// A message inside any other plan — delayed, debounced, throttled, queued or cancellable — is refused: the routing
/// verb stops with a message that says how to fix it. A message is what the child decides in this transition, for the
/// parent to handle in it; a plan runs later or under an id, and would hand the message to the effect handler as an
/// ordinary effect, which no parent ever sees. Return the message beside the plan
/// (`.all(.tell(.done), Effect.save.delayed(by: .seconds(1)))`); to tell something later, let the plan's effect
/// answer with an event of the child, whose transition returns the message then.
public protocol MessagingEffect: Sendable {
    /// What the child tells its parent.
    associatedtype Message: Sendable

    /// The effect that carries `message`: usually your enum's `case tell(Message)`, which is this requirement.
    ///
    /// ```swift
    /// enum Effect: MessagingEffect { case tell(Message) /* … */ }   // `case tell` is `static func tell(_:)`
    /// ```
    ///
    /// The routing verbs build a parent's message with it when they lift a child's messages into the parent's own
    /// (``ChildState/handle(_:of:as:effect:message:)``).
    ///
    /// - Parameter message: What to tell the parent.
    /// - Returns: The effect that carries it.
    static func tell(_ message: Message) -> Self

    /// The message this effect carries, or `nil` for an effect the store performs.
    var message: Message? { get }
}

/// `effect`, split into the messages it carries for the parent, in order, and what is left for the store.
func splitMessages<Effect: MessagingEffect>(_ effect: Effect) -> (messages: [Effect.Message], rest: Effect?) {
    if let message = effect.message { return ([message], nil) }
    guard let composable = Effect.self as? any ComposableEffect.Type else { return ([], effect) }
    func split<C: ComposableEffect>(_: C.Type) -> (messages: [Effect.Message], rest: Effect?) {
        // `C` is `Effect` (checked by the cast above): the casts change no value.
        guard let plan = C.planReader(effect as! C) else { return ([], effect) }
        guard case .all(let effects) = plan else {
            refuseMessages(in: plan, of: effect)
            return ([], effect)
        }
        var messages: [Effect.Message] = []
        var rest: [C] = []
        for inner in effects {
            let (innerMessages, innerRest) = splitMessages(inner as! Effect)
            messages += innerMessages
            if let innerRest { rest.append(innerRest as! C) }
        }
        if messages.isEmpty { return ([], effect) }
        switch rest.count {
        case 0: return (messages, nil)
        case 1: return (messages, (rest[0] as! Effect))
        default: return (messages, (C.all(rest) as! Effect))
        }
    }
    return split(composable)
}

/// Stops with a message when an effect of `plan`, a plan other than `.all` that `effect` carries, carries a message:
/// a message belongs to the transition that tells it, not to a plan that runs later or under an id (see
/// ``MessagingEffect``).
func refuseMessages<C: ComposableEffect, Effect: MessagingEffect>(in plan: EffectPlan<C>, of effect: Effect) {
    /// The effects a plan holds.
    func effects(of plan: EffectPlan<C>) -> [C] {
        switch plan {
        case .all(let effects): effects
        case .cancel: []
        case .cancellable(let one, _, _), .queued(let one, _, _), .debounced(let one, _, _),
            .throttled(let one, _, _, _), .delayed(let one, _, _):
            [one]
        }
    }
    var inner = effects(of: plan)
    while let next = inner.popLast() {
        // `C` is `Effect` (the caller checked): the cast changes no value.
        if let message = (next as! Effect).message {
            fatalError(
                """
                \(Effect.self): the message \(described(message)) is inside a plan, in \
                \(described(effect)). A message is for the parent, in the transition that tells it; a timed, \
                queued or cancellable plan runs later or under an id, and would hand it to the effect handler as an \
                ordinary effect. To fix, return the message beside the plan — .all(.tell(message), plan) — or, to \
                tell it later, let the plan's effect answer with an event whose transition returns the message.
                """)
        }
        if let innerPlan = C.planReader(next) { inner += effects(of: innerPlan) }
    }
}

extension ChildState where Effect: ComposableEffect {
    /// Hands a child's event to the child stored at `child`, as ``handle(_:in:effect:)-3u54r`` does, and hands the
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
    /// child's other effects are lifted as ``handle(_:in:effect:)-3u54r`` lifts them.
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
    ) -> Effect? where Child.Effect: MessagingEffect, Child.Effect.Message == Child.Message {
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
    ///         case .deleteMe:
    ///             state.todos.remove(id: id)   // its work ends: the rows are a declared place
    ///             return nil
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
    ) -> Effect? where Row.ID: Sendable, Row.Effect: MessagingEffect, Row.Effect.Message == Row.Message {
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
