// A child tells its parent messages: effects of a `MessagingEffect` that the routing verbs take out of the child's
// effect and hand to the parent in the same transition.

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
/// ``ChildState/handle(_:in:effect:messages:)``) receives each message in the
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
        guard let plan = (effect as! C).plan else { return ([], effect) }
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
        if let innerPlan = next.plan { inner += effects(of: innerPlan) }
    }
}

extension ChildState where Effect: ComposableEffect {
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
