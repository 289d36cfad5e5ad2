/// An event for a ``ScreenStack``: one screen's own event, or the user going back.
///
/// The parent wraps it in one case of its own event and routes it with
/// ``ChildState/handle(_:in:effect:)-(StackEvent<Screen.Event>,_,_)``:
///
/// ```swift
/// enum Event: Sendable {
///     case path(StackEvent<Screen.Event>)
///     // …
/// }
/// ```
///
/// A view sends `.popFrom(id:)` when the user goes back (the back button, a swipe: what SwiftUI's
/// `NavigationStack(path:)` reports as a shorter path), so that the state follows the screen:
/// ``ObservableState/binding(path:event:)`` sends it for you.
public enum StackEvent<ScreenEvent> {
    /// An event of the screen with `id`. Ignored when that screen is not on the stack: a late event for a popped
    /// screen.
    case element(id: StackElementID, ScreenEvent)
    /// The user went back from the screen with `id`: it and every screen above it are popped. Ignored when `id` is
    /// not on the stack.
    case popFrom(id: StackElementID)
}

extension StackEvent: Sendable where ScreenEvent: Sendable {}
extension StackEvent: Equatable where ScreenEvent: Equatable {}
extension StackEvent: Hashable where ScreenEvent: Hashable {}
extension StackEvent: Codable where ScreenEvent: Codable {}

/// The id under which every effect of one screen of a ``ScreenStack`` runs: cancelling it ends them all, the
/// screen's own presentations' included.
///
/// ``ChildState/handle(_:in:effect:)-(StackEvent<Screen.Event>,_,_)`` starts a screen's effects under it and scopes
/// the ids of the screen's plans to it (``RowScopedID/init(scope:id:)``); a pop cancels it when the parent declares
/// the stack among its places (``ChildPlaces/stack(_:)``), and what the popping transition returns under it never
/// starts (<doc:Navigation#Removal-wins>). A test writes the same value:
///
/// ```swift
/// XCTAssertEqual(
///     app.handle(event: .path(.element(id: 1, .record(.start)))),
///     App.Effect.screen(1, .record(.tick))
///         .delayed(by: .seconds(1), id: RowScopedID(scope: StackElementEffects(\App.path, 1), id: "timer"))
///         .cancellable(id: StackElementEffects(\App.path, 1))
/// )
/// ```
public struct StackElementEffects: Hashable, Sendable, CustomStringConvertible {
    /// Where the parent keeps the stack.
    let stack: AnyKeyPath & Sendable
    /// The screen's id.
    public let id: StackElementID

    /// The id of the effects of the screen with `id` on the stack at `stack`.
    ///
    /// - Parameters:
    ///   - stack: The parent's property that holds the stack, such as `\App.path`.
    ///   - id: The screen's id.
    public init<Parent, Screen>(_ stack: KeyPath<Parent, ScreenStack<Screen>> & Sendable, _ id: StackElementID) {
        self.stack = stack
        self.id = id
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        // One key path literal is one object: the identity check settles the usual case without walking it.
        lhs.id == rhs.id && (lhs.stack === rhs.stack || lhs.stack == rhs.stack)
    }

    /// Hashes the id alone: hashing a key path walks its components, and ids of one stack never repeat, so two
    /// scopes with one hash are rare, and `==` tells them apart.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `StackElementEffects(\App.path, 1)`.
    public var description: String { "StackElementEffects(\(stack), \(id))" }
}

extension ChildState where Effect: ComposableEffect {
    /// Routes an event of one screen of the stack at `stack`, or a pop, and lifts the screen's effects into the
    /// screen's cancellation scope.
    ///
    /// ```swift
    /// case .path(let event):
    ///     return state.handle(event, in: \.path, effect: Effect.screen)
    /// ```
    ///
    /// - `.element(id:_:)` goes to the screen with that id; when it is not on the stack — a late event for a popped
    ///   screen — it is ignored: nothing changes and the result is `nil`. The screen's effect is lifted with its id
    ///   and started under ``StackElementEffects``, its plans' ids scoped to the screen.
    /// - `.popFrom(id:)` pops that screen and those above it; it is ignored when the id is not on the stack.
    ///
    /// However screens leave the stack — `.popFrom(id:)`, `path.pop()`, `popToRoot()`, ``ScreenStack/setScreens(_:)``,
    /// a stack assigned or decoded in its place — their work ends in that transition, since the parent declares the
    /// stack among its ``ChildState/places``. Removal wins: when the transition that routed an event to a screen also
    /// pops it, the effect the screen returned never starts (<doc:Navigation#Removal-wins>).
    ///
    /// - Parameters:
    ///   - event: A screen's event, or a pop.
    ///   - stack: Where the parent keeps the stack.
    ///   - lift: Embeds a screen's id and effect in the parent's effect type, usually an enum case.
    /// - Returns: The screen's effect, lifted and scoped, or `nil`.
    public mutating func handle<Screen: ChildState>(
        _ event: StackEvent<Screen.Event>,
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable,
        effect lift: (StackElementID, Screen.Effect) -> Effect
    ) -> Effect? where Screen.Message == Never {
        switch event {
        case .popFrom(let id):
            self[keyPath: stack].pop(from: id)
            return nil
        case .element(let id, let event):
            guard let (effect, composable) = self[keyPath: stack].route(event, to: id) else { return nil }
            let scope = EffectID(StackElementEffects(stack, id))
            guard composable else { return .plan(.cancellable(lift(id, effect), id: scope, cancelInFlight: false)) }
            return liftScoped(effect, scope: scope) { lift(id, $0) }
        }
    }

    /// Routes an event of one screen of the stack at `stack`, as
    /// ``handle(_:in:effect:)-(StackEvent<Screen.Event>,_,_)`` does, and hands the messages the screen tells its
    /// parent to `receive`, in the same transition.
    ///
    /// ```swift
    /// case .path(let event):
    ///     return state.handle(event, in: \.path, effect: Effect.screen) { state, id, message in
    ///         switch message {
    ///         case .meetingEnded(let meeting):
    ///             state.path.pop(from: id)          // the recording screen's timer and stream end here
    ///             return .save(meeting)
    ///         }
    ///     }
    /// ```
    ///
    /// When `receive` pops screens, their effects end in this transition (see ``ChildPlaces/stack(_:)``). Removal
    /// wins (<doc:Navigation#Removal-wins>): a screen popped by its own message starts none of its other effects of
    /// this transition.
    ///
    /// - Parameters:
    ///   - event: A screen's event, or a pop.
    ///   - stack: Where the parent keeps the stack.
    ///   - lift: Embeds a screen's id and its other effects in the parent's effect type.
    ///   - receive: Handles one message of the screen with the given id: changes the parent and returns the parent's
    ///     effect, if any. Called once per message, in order, after the screen's transition.
    /// - Returns: The screen's remaining effects, lifted and scoped, then `receive`'s effects; or `nil`.
    public mutating func handle<Screen: ChildState>(
        _ event: StackEvent<Screen.Event>,
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable,
        effect lift: (StackElementID, Screen.Effect) -> Effect,
        messages receive: (inout Self, StackElementID, Screen.Effect.Message) -> Effect?
    ) -> Effect? where Screen.Effect: MessagingEffect, Screen.Effect.Message == Screen.Message {
        guard case .element(let id, let event) = event else {
            if case .popFrom(let id) = event { self[keyPath: stack].pop(from: id) }
            return nil
        }
        guard let effect = self[keyPath: stack].modify(id: id, { $0.handle(event: event) }) ?? nil else {
            return nil
        }
        let (messages, rest) = splitMessages(effect)
        let result = rest.map { liftScoped($0, scope: EffectID(StackElementEffects(stack, id))) { lift(id, $0) } }
        guard !messages.isEmpty else { return result }
        return Effect.combining(result, receiveMessages(messages) { state, message in receive(&state, id, message) })
    }
}
