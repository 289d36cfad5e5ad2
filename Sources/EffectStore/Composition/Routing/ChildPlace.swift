// How an event reaches the child at each kind of place — a field, an optional (a presentation), rows by id, a stack's
// screen — in one file: each conformance below finds the child, hands it the event, and says under which scope its
// effects run. The verbs that use them are in ChildState+Routing.swift; how a child's work ends when it leaves its
// place is in Places/ChildEnding.swift.

/// What a parent can keep a child in: the child itself (a field), an optional child (a presentation), an
/// ``IdentifiedStates`` of rows, or a ``ScreenStack`` of screens.
///
/// A parent routes an event to the child at a place with one verb family,
/// ``ChildState/handle(_:in:effect:)``, whichever kind the place is; the kind decides the event it takes and what
/// the parent's effect case receives (<doc:BuildingAnAppFromFeatures#One-verb-for-every-place>):
///
/// | the parent keeps | ``PlaceEvent`` | ``PlaceEffect`` | ``PlaceMessage`` |
/// |---|---|---|---|
/// | a child, `Child` | `Child.Event` | `Child.Effect` | `Child.Message` |
/// | a presented child, `Child?` | ``PresentationEvent``<`Child.Event`> | `Child.Effect` | `Child.Message` |
/// | rows, ``IdentifiedStates``<`Row`> | `(Row.ID, Row.Event)` | `(Row.ID, Row.Effect)` | `(id: Row.ID, message: Row.Message)` |
/// | screens, ``ScreenStack``<`Screen`> | ``StackEvent``<`Screen.Event`> | `(StackElementID, Screen.Effect)` | `(id: StackElementID, message: Screen.Message)` |
///
/// ```swift
/// case .profile(let event): return handle(event, in: \.profile, effect: Effect.profile)
/// case .sheet(let event): return handle(event, in: \.sheet, effect: Effect.sheet)
/// case .todo(let id, let event): return handle((id, event), in: \.todos, effect: Effect.todo)
/// case .path(let event): return handle(event, in: \.path, effect: Effect.screen)
/// ```
///
/// The library's four kinds are the only conformances; the requirements that start with an underscore are how the
/// verbs reach the child, and are not for calling.
public protocol ChildPlace {
    /// The child state kept at the place.
    associatedtype PlacedChild: ChildState
    /// The event the parent routes to the place.
    associatedtype PlaceEvent
    /// What the parent's effect case receives: the child's effect, with the row's or screen's id when there are many.
    associatedtype PlaceEffect
    /// What the parent's `messages` closure receives: the child's message, with the row's or screen's id when there
    /// are many.
    associatedtype PlaceMessage
    /// Which child of the place an event reached: nothing for a field or a presentation, the id for rows and screens.
    associatedtype PlaceAddress

    /// Hands `event` to the child it names at `place` in `root`, and returns the child's address and its effect;
    /// `nil` when no child took the event or the child returned no effect.
    static func _route<Root>(
        _ event: PlaceEvent,
        at place: WritableKeyPath<Root, Self> & Sendable,
        in root: inout Root
    ) -> (address: PlaceAddress, effect: PlacedChild.Effect)?

    /// The id the effects of the child at `address` of `place` run under: `nil` for a field, which never leaves.
    static func _scope<Root>(of address: PlaceAddress, at place: WritableKeyPath<Root, Self> & Sendable) -> EffectID?

    /// The child's `effect`, as the parent's effect case receives it.
    static func _effect(_ effect: PlacedChild.Effect, at address: PlaceAddress) -> PlaceEffect

    /// The child's `message`, as the parent's `messages` closure receives it.
    static func _message(_ message: PlacedChild.Message, at address: PlaceAddress) -> PlaceMessage
}

// A field: the child itself. Its effects run under no scope of their own (a field never leaves), and keep their plans.
// (`PlaceMessage` is inferred from `_message`: tied to `Message` in `ChildState`'s `where` clause, it would keep
// `Message`'s default, `Never`, from applying.)
extension ChildState {
    @inlinable
    public static func _route<Root>(
        _ event: Event,
        at place: WritableKeyPath<Root, Self> & Sendable,
        in root: inout Root
    ) -> (address: Void, effect: Effect)? {
        root[keyPath: place].handleSharing(event: event).map { ((), $0) }
    }

    public static func _scope<Root>(of address: Void, at place: WritableKeyPath<Root, Self> & Sendable) -> EffectID? {
        nil
    }

    @inlinable
    public static func _effect(_ effect: Effect, at address: Void) -> Effect { effect }

    public static func _message(_ message: Message, at address: Void) -> Message { message }
}

// A presentation: `.dismiss` sets it to nil; an event for a child that is not there is a late one, and is ignored.
// The child's effects run under the slot's scope, which ends when the child is dismissed or replaced.
extension Optional: ChildPlace where Wrapped: ChildState {
    public typealias PlacedChild = Wrapped

    @inlinable
    public static func _route<Root>(
        _ event: PresentationEvent<Wrapped.Event>,
        at place: WritableKeyPath<Root, Self> & Sendable,
        in root: inout Root
    ) -> (address: Void, effect: Wrapped.Effect)? {
        switch event {
        case .dismiss:
            root[keyPath: place] = nil
            return nil
        case .presented(let event):
            return root[keyPath: place]?.handleSharing(event: event).map { ((), $0) }
        }
    }

    public static func _scope<Root>(of address: Void, at place: WritableKeyPath<Root, Self> & Sendable) -> EffectID? {
        EffectID(PresentationScope(place))
    }

    @inlinable
    public static func _effect(_ effect: Wrapped.Effect, at address: Void) -> Wrapped.Effect { effect }

    public static func _message(_ message: Wrapped.Message, at address: Void) -> Wrapped.Message { message }
}

// Rows: the event names its row by id; an event for a row that is gone is ignored. Each row's effects run under the
// row's scope, which ends when the row leaves, however it leaves.
extension IdentifiedStates: ChildPlace where Element: ChildState {
    public typealias PlacedChild = Element

    @inlinable
    public static func _route<Root>(
        _ event: (Element.ID, Element.Event),
        at place: WritableKeyPath<Root, Self> & Sendable,
        in root: inout Root
    ) -> (address: Element.ID, effect: Element.Effect)? {
        guard let effect = root[keyPath: place].modify(id: event.0, { $0.handleSharing(event: event.1) }) ?? nil else {
            return nil
        }
        return (event.0, effect)
    }

    public static func _scope<Root>(
        of address: Element.ID,
        at place: WritableKeyPath<Root, Self> & Sendable
    ) -> EffectID? {
        EffectID(RowScope(rowOf: address))
    }

    @inlinable
    public static func _effect(_ effect: Element.Effect, at address: Element.ID) -> (Element.ID, Element.Effect) {
        (address, effect)
    }

    public static func _message(
        _ message: Element.Message,
        at address: Element.ID
    ) -> (id: Element.ID, message: Element.Message) {
        (address, message)
    }
}

// A stack: `.popFrom(id:)` pops that screen and every screen above it; an event for a screen that is gone is ignored.
// Each screen's effects run under the screen's scope, which ends when the screen leaves the stack.
extension ScreenStack: ChildPlace where Screen: ChildState {
    public typealias PlacedChild = Screen

    @inlinable
    public static func _route<Root>(
        _ event: StackEvent<Screen.Event>,
        at place: WritableKeyPath<Root, Self> & Sendable,
        in root: inout Root
    ) -> (address: StackElementID, effect: Screen.Effect)? {
        switch event {
        case .popFrom(let id):
            root[keyPath: place].pop(from: id)
            return nil
        case .element(let id, let event):
            guard let effect = root[keyPath: place].modify(id: id, { $0.handleSharing(event: event) }) ?? nil else {
                return nil
            }
            return (id, effect)
        }
    }

    public static func _scope<Root>(
        of address: StackElementID,
        at place: WritableKeyPath<Root, Self> & Sendable
    ) -> EffectID? {
        EffectID(ScreenScope(place, address))
    }

    @inlinable
    public static func _effect(_ effect: Screen.Effect, at address: StackElementID) -> (StackElementID, Screen.Effect) {
        (address, effect)
    }

    public static func _message(
        _ message: Screen.Message,
        at address: StackElementID
    ) -> (id: StackElementID, message: Screen.Message) {
        (address, message)
    }
}
