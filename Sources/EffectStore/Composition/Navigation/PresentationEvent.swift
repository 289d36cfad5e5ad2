/// An event for a presented child — a sheet, a cover, a popover, an alert: one of the child's own events, or its
/// dismissal by the user.
///
/// The parent wraps it in one case of its own event, and routes it with
/// ``ChildState/handle(_:in:effect:)-(PresentationEvent<Child.Event>,_,_)``, which hands `.presented` events to the
/// child while it is there and sets the child to `nil` on `.dismiss`:
///
/// ```swift
/// enum Event: Sendable {
///     case editTapped
///     case editor(PresentationEvent<EditForm.Event>)   // the sheet's events, and its dismissal
/// }
/// ```
///
/// A view sends `.dismiss` when the user dismisses the presentation (a swipe down, which SwiftUI's `sheet(item:)`
/// reports by setting its binding to `nil`), so that the state follows the screen: ``ObservableState``'s
/// `binding(presented:event:)` and ``ObservableState/binding(isPresented:event:)`` send it for you. See
/// <doc:Navigation>.
public enum PresentationEvent<ChildEvent> {
    /// One of the presented child's events. Ignored when nothing is presented: a late event for a dismissed child.
    case presented(ChildEvent)
    /// The user dismissed the presentation: the parent sets it to `nil`, which ends the child's effects.
    case dismiss
}

extension PresentationEvent: Sendable where ChildEvent: Sendable {}
extension PresentationEvent: Equatable where ChildEvent: Equatable {}
extension PresentationEvent: Hashable where ChildEvent: Hashable {}
extension PresentationEvent: Codable where ChildEvent: Codable {}

/// An effect type that can carry a message for the parent feature: something the child tells its parent ("saved",
/// "delete me", "start the meeting") in the transition that decides it.
///
/// Add one case that holds a message, and a property that reads it back, as ``ComposableEffect`` does for plans:
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
/// A test of the child alone compares the message with `==`, as any effect. A parent that routes the child's events
/// with a `messages:` closure (for example
/// ``ChildState/handle(_:in:effect:messages:)-(PresentationEvent<Child.Event>,_,_,_)``) receives each message in the
/// same transition — no round trip through an effect handler — and the message never reaches the store: the parent's
/// closure decides what it means, and returns the parent's own effect, if any. When the child's effect is a
/// ``ComposableEffect`` too, messages among the effects of an ``ComposableEffect/all(_:)-([Self])`` are taken out as
/// well, in order; a message inside a timed or cancellable plan is not a message of this transition, and reaches the
/// effect handler as an effect.
public protocol MessagingEffect: Sendable {
    /// What the child tells its parent.
    associatedtype Message: Sendable

    /// The message this effect carries, or `nil` for an effect the store performs.
    var message: Message? { get }
}

/// `effect`, split into the messages it carries for the parent, in order, and what is left for the store.
@usableFromInline
func splitMessages<Effect: MessagingEffect>(_ effect: Effect) -> (messages: [Effect.Message], rest: Effect?) {
    if let message = effect.message { return ([message], nil) }
    guard let composable = Effect.self as? any ComposableEffect.Type else { return ([], effect) }
    func split<C: ComposableEffect>(_: C.Type) -> (messages: [Effect.Message], rest: Effect?) {
        // `C` is `Effect` (checked by the cast above): the casts change no value.
        guard case .all(let effects)? = C.planReader(effect as! C) else { return ([], effect) }
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

extension ComposableEffect {
    /// `first` then `second`, either of which may be missing: one effect, both in an ``all(_:)-([Self])``, or `nil`.
    @usableFromInline
    static func combining(_ first: Self?, _ second: Self?) -> Self? {
        guard let first else { return second }
        guard let second else { return first }
        return .all(first, second)
    }
}
