// The kinds of place a parent keeps children in — a child in a property or an enum case, a presented child, rows by
// id, a stack's screens — in one file: each kind says what event reaches its children, how a child's work, effect
// and message carry its address, and which children left it in a transition. Their members are inlinable, so that
// routing runs compiled for the parent's and the child's types.

/// What a parent keeps children in, as a ``ChildPlace`` names it: one child (``SingleChild``, for a property or an
/// enum case), a presented child (`Optional`), rows of an ``IdentifiedStates``, or the screens of a ``ScreenStack``.
///
/// The kind decides what the parent routes and what its cases receive:
///
/// | the parent keeps | ``PlaceEvent`` | ``PlaceWork`` | ``PlaceMessage`` |
/// |---|---|---|---|
/// | a child (``SingleChild``) | `Child.Event` | `Child.Work` | `Child.Message` |
/// | a presented child, `Child?` | ``PresentationEvent``<`Child.Event`> | `Child.Work` | `Child.Message` |
/// | rows, ``IdentifiedStates``<`Row`> | `(Row.ID, Row.Event)` | `(Row.ID, Row.Work)` | `(id: Row.ID, message: Row.Message)` |
/// | screens, ``ScreenStack``<`Screen`> | ``StackEvent``<`Screen.Event`> | `(StackElementID, Screen.Work)` | `(id: StackElementID, message: Screen.Message)` |
///
/// (`Child.Work` and `Child.Message` are those of the child's `Effect`, a ``ComposableEffect``.) The library's four
/// kinds are the only conformances; the requirements that start with an underscore are how a place reaches its
/// children, and are not for calling.
public protocol ChildHolder: Sendable {
    /// The child state kept here.
    associatedtype Child: ChildState where Child.Effect: ComposableEffect
    /// What the parent stores at the place: the child, an optional child, the rows, the stack.
    associatedtype Stored
    /// The event the parent routes to the place.
    associatedtype PlaceEvent
    /// Which child of the place an event, a work or a message is about: the row's or screen's id; `Never?`, whose one
    /// value is `nil`, for a place of one child.
    associatedtype PlaceAddress: Hashable & Sendable
    /// What the parent's work case receives: the child's work, with its id for rows and screens.
    associatedtype PlaceWork
    /// A child's effect with its address, as ``ChildPlace/lift(_:)`` takes it.
    associatedtype PlaceEffect
    /// What the parent's `messages` closure receives: the child's message, with its id for rows and screens.
    associatedtype PlaceMessage

    /// Hands `event` to the child it names in `stored`, in place: the child's address and effect, and what tells this
    /// child from another at the same address in the same transition — the collection's journal position, or the
    /// child's identity; `nil` when no child took the event or it returned no effect.
    static func _route(_ event: PlaceEvent, in stored: inout Stored) -> (PlaceAddress, Child.Effect, ChildStamp)?
    /// A child's event as the place's event.
    static func _event(_ event: Child.Event, at address: PlaceAddress) -> PlaceEvent
    /// A child's work with its address, and back.
    static func _work(_ work: Child.Effect.Work, at address: PlaceAddress) -> PlaceWork
    static func _split(work: PlaceWork) -> (PlaceAddress, Child.Effect.Work)
    /// A child's effect with its address, taken apart.
    static func _split(effect: PlaceEffect) -> (PlaceAddress, Child.Effect)
    /// A child's message with its address.
    static func _message(_ message: Child.Effect.Message, at address: PlaceAddress) -> PlaceMessage
    /// The one child in `stored`, for a place of one child; `nil` for rows and screens.
    static func _child(in stored: Stored) -> Child?
    /// The address of the one child of a place of one child; `nil` for rows and screens.
    static var _only: PlaceAddress? { get }
    /// How the place tells which children left it in a transition.
    static var _ending: ChildEnding<Self> { get }
}

/// What tells one child from another at the same address of a place within one transition: the position in its
/// collection's journal at which it was routed, or its identity. Made by the library's kinds; not part of any value a
/// test compares.
public struct ChildStamp: Sendable {
    /// The journal's origin for a row or a screen, `0` for a place of one child.
    @usableFromInline let origin: UInt64
    /// The journal's version for a row or a screen; for a place of one child, its identity's hash, or `0`.
    @usableFromInline let version: Int

    @usableFromInline
    init(origin: UInt64, version: Int) {
        self.origin = origin
        self.version = version
    }

    /// A child's stamp in a place of one child: its identity.
    @inlinable
    static func identity<Child>(of child: Child) -> ChildStamp {
        ChildStamp(origin: 0, version: EffectStore.identity(of: child)?.hashValue ?? 0)
    }

    /// A row's or a screen's stamp: where its collection's journal stands.
    @inlinable
    static func journal<ID>(_ journal: ChangeJournal<ID>) -> ChildStamp {
        ChildStamp(origin: journal.origin, version: journal.mark.version)
    }
}

/// How a ``ChildHolder`` tells which of its children left it in a transition: made only by the library's four kinds.
public struct ChildEnding<Holder: ChildHolder>: Sendable {
    /// What the place keeps of what it holds before a transition; `leaves` is whether a child can leave the place at
    /// all (a property's child never does).
    @usableFromInline let mark: @Sendable (inout Holder.Stored, _ leaves: Bool) -> PlaceMark
    /// Records in the endings the children of the mark that the place, after the transition, no longer holds, under
    /// the scope `scope` gives each address. Returns whether it changed what the place holds (a stack counts on from
    /// the next id of the one it replaced).
    @usableFromInline let end:
        @Sendable (PlaceMark, inout Holder.Stored, (Holder.PlaceAddress) -> EffectID, inout ChildEndings) -> Bool

    @usableFromInline
    init(
        mark: @escaping @Sendable (inout Holder.Stored, Bool) -> PlaceMark,
        end: @escaping @Sendable (PlaceMark, inout Holder.Stored, (Holder.PlaceAddress) -> EffectID, inout ChildEndings)
            -> Bool
    ) {
        self.mark = mark
        self.end = end
    }
}

/// The place of one child that is there as long as its parent is — a property — or while its parent is in one case of
/// an enum: what ``ChildPlace/init(_:event:work:)-(_,(Child.Event)->Parent.Event,_)`` and
/// ``ChildPlace/init(case:extract:event:work:)`` declare. Never stored: the parent stores the child itself.
public enum SingleChild<Child: ChildState>: ChildHolder where Child.Effect: ComposableEffect {
    public typealias Stored = Child
    public typealias PlaceEvent = Child.Event
    public typealias PlaceAddress = Never?
    public typealias PlaceWork = Child.Effect.Work
    public typealias PlaceEffect = Child.Effect
    public typealias PlaceMessage = Child.Effect.Message

    @inlinable
    public static func _route(_ event: Child.Event, in child: inout Child) -> (Never?, Child.Effect, ChildStamp)? {
        guard let effect = child.handleSharing(event: event) else { return nil }
        return (nil, effect, .identity(of: child))
    }
    @inlinable public static func _event(_ event: Child.Event, at _: Never?) -> Child.Event { event }
    @inlinable public static func _work(_ work: Child.Effect.Work, at _: Never?) -> Child.Effect.Work { work }
    @inlinable public static func _split(work: Child.Effect.Work) -> (Never?, Child.Effect.Work) { (nil, work) }
    @inlinable public static func _split(effect: Child.Effect) -> (Never?, Child.Effect) { (nil, effect) }
    @inlinable public static func _message(_ message: Child.Effect.Message, at _: Never?) -> Child.Effect.Message {
        message
    }
    @inlinable public static func _child(in child: Child) -> Child? { child }
    @inlinable public static var _only: Never?? { .some(nil) }
    @inlinable public static var _ending: ChildEnding<Self> {
        ChildEnding(
            mark: { PlaceMark(single: &$0, leaves: $1) },
            end: { mark, child, scope, endings in mark.end(present: &child, scope: scope(nil), endings: &endings) })
    }
}

// A presentation: `.dismiss` sets it to `nil`; an event for a child that is not there is a late one, and is ignored.
// An alert or a dialog (a ``ButtonPrompt``) goes away with the action it tells.
extension Optional: ChildHolder where Wrapped: ChildState, Wrapped.Effect: ComposableEffect {
    public typealias Child = Wrapped
    public typealias Stored = Wrapped?
    public typealias PlaceEvent = PresentationEvent<Wrapped.Event>
    public typealias PlaceAddress = Never?
    public typealias PlaceWork = Wrapped.Effect.Work
    public typealias PlaceEffect = Wrapped.Effect
    public typealias PlaceMessage = Wrapped.Effect.Message

    @inlinable
    public static func _route(_ event: PresentationEvent<Wrapped.Event>, in slot: inout Wrapped?)
        -> (Never?, Wrapped.Effect, ChildStamp)?
    {
        switch event {
        case .dismiss:
            slot = nil
            return nil
        case .presented(let event):
            guard let effect = slot?.handleSharing(event: event), let child = slot else { return nil }
            if Wrapped.self is any ButtonPrompt.Type, effect.message != nil { slot = nil }
            return (nil, effect, .identity(of: child))
        }
    }
    @inlinable public static func _event(_ event: Wrapped.Event, at _: Never?) -> PresentationEvent<Wrapped.Event> {
        .presented(event)
    }
    @inlinable public static func _work(_ work: Wrapped.Effect.Work, at _: Never?) -> Wrapped.Effect.Work { work }
    @inlinable public static func _split(work: Wrapped.Effect.Work) -> (Never?, Wrapped.Effect.Work) { (nil, work) }
    @inlinable public static func _split(effect: Wrapped.Effect) -> (Never?, Wrapped.Effect) { (nil, effect) }
    @inlinable public static func _message(_ message: Wrapped.Effect.Message, at _: Never?) -> Wrapped.Effect.Message {
        message
    }
    @inlinable public static func _child(in slot: Wrapped?) -> Wrapped? { slot }
    @inlinable public static var _only: Never?? { .some(nil) }
    @inlinable public static var _ending: ChildEnding<Self> {
        ChildEnding(
            mark: { slot, leaves in slot == nil ? .absent(leaves: leaves) : PlaceMark(single: &slot!, leaves: leaves) },
            end: { mark, slot, scope, endings in
                guard slot != nil else {
                    mark.end(absentUnder: scope(nil), endings: &endings)
                    return false
                }
                return mark.end(present: &slot!, scope: scope(nil), endings: &endings)
            })
    }
}

// Rows: the event names its row by id; an event for a row that is gone is ignored.
extension IdentifiedStates: ChildHolder where Element: ChildState, Element.Effect: ComposableEffect {
    public typealias Child = Element
    public typealias Stored = Self
    public typealias PlaceEvent = (Element.ID, Element.Event)
    public typealias PlaceAddress = Element.ID
    public typealias PlaceWork = (Element.ID, Element.Effect.Work)
    public typealias PlaceEffect = (Element.ID, Element.Effect)
    public typealias PlaceMessage = (id: Element.ID, message: Element.Effect.Message)

    @inlinable
    public static func _route(_ event: (Element.ID, Element.Event), in rows: inout Self)
        -> (Element.ID, Element.Effect, ChildStamp)?
    {
        guard let effect = rows.modify(id: event.0, { $0.handleSharing(event: event.1) }) ?? nil else { return nil }
        return (event.0, effect, .journal(rows.journal))
    }
    @inlinable public static func _event(_ event: Element.Event, at id: Element.ID) -> (Element.ID, Element.Event) {
        (id, event)
    }
    @inlinable public static func _work(_ work: Element.Effect.Work, at id: Element.ID) -> PlaceWork { (id, work) }
    @inlinable public static func _split(work: PlaceWork) -> (Element.ID, Element.Effect.Work) { work }
    @inlinable public static func _split(effect: PlaceEffect) -> (Element.ID, Element.Effect) { effect }
    @inlinable public static func _message(_ message: Element.Effect.Message, at id: Element.ID) -> PlaceMessage {
        (id, message)
    }
    @inlinable public static func _child(in _: Self) -> Element? { nil }
    @inlinable public static var _only: Element.ID? { nil }
    @inlinable public static var _ending: ChildEnding<Self> {
        ChildEnding(
            mark: { rows, _ in PlaceMark(rows: &rows) },
            end: { mark, rows, scope, endings in mark.endRows(&rows, scope: scope, endings: &endings) })
    }
}

// A stack: `.popFrom(id:)` pops that screen and every screen above it; an event for a screen that is gone is ignored.
extension ScreenStack: ChildHolder where Screen: ChildState, Screen.Effect: ComposableEffect {
    public typealias Child = Screen
    public typealias Stored = Self
    public typealias PlaceEvent = StackEvent<Screen.Event>
    public typealias PlaceAddress = StackElementID
    public typealias PlaceWork = (StackElementID, Screen.Effect.Work)
    public typealias PlaceEffect = (StackElementID, Screen.Effect)
    public typealias PlaceMessage = (id: StackElementID, message: Screen.Effect.Message)

    @inlinable
    public static func _route(_ event: StackEvent<Screen.Event>, in stack: inout Self)
        -> (StackElementID, Screen.Effect, ChildStamp)?
    {
        switch event {
        case .popFrom(let id):
            stack.pop(from: id)
            return nil
        case .element(let id, let event):
            guard let effect = stack.modify(id: id, { $0.handleSharing(event: event) }) ?? nil else { return nil }
            return (id, effect, .journal(stack.journal))
        }
    }
    @inlinable public static func _event(_ event: Screen.Event, at id: StackElementID) -> StackEvent<Screen.Event> {
        .element(id: id, event)
    }
    @inlinable public static func _work(_ work: Screen.Effect.Work, at id: StackElementID) -> PlaceWork { (id, work) }
    @inlinable public static func _split(work: PlaceWork) -> (StackElementID, Screen.Effect.Work) { work }
    @inlinable public static func _split(effect: PlaceEffect) -> (StackElementID, Screen.Effect) { effect }
    @inlinable public static func _message(_ message: Screen.Effect.Message, at id: StackElementID) -> PlaceMessage {
        (id, message)
    }
    @inlinable public static func _child(in _: Self) -> Screen? { nil }
    @inlinable public static var _only: StackElementID? { nil }
    @inlinable public static var _ending: ChildEnding<Self> {
        ChildEnding(
            mark: { stack, _ in PlaceMark(stack: &stack) },
            end: { mark, stack, scope, endings in mark.endStack(&stack, scope: scope, endings: &endings) })
    }
}
