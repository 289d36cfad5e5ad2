// The forms a child was described with before ``ChildPlace``, kept only as compile errors that say what to write
// instead (they were never released; the release notes list each). None can be called.

extension ChildState {
    /// Removed: a child is routed through its place. Declare `static let editor = ChildPlace(\Parent.editor, event:
    /// Event.editor, work: Work.editor)`, list it in `places`, and route with `route(_:to:)`.
    @available(
        *, unavailable,
        message: "declare the child's place, static let x = ChildPlace(\\Parent.x, event: Event.x, work: Work.x), list it in places, and route with route(event, to: Self.x)"
    )
    public mutating func handle<Place>(_ event: Any, in place: WritableKeyPath<Self, Place>) -> Effect? {
        fatalError("unavailable")
    }

    /// Removed: a child is routed through its place, which lifts its effects (see `handle(_:in:)`).
    @available(
        *, unavailable,
        message: "declare the child's place, static let x = ChildPlace(\\Parent.x, event: Event.x, work: Work.x), list it in places, and route with route(event, to: Self.x); its work case replaces effect:"
    )
    public mutating func handle<Place, Lifted>(
        _ event: Any, in place: WritableKeyPath<Self, Place>, effect: (Lifted) -> Effect
    ) -> Effect? {
        fatalError("unavailable")
    }

    /// Removed: the child of an enum case is routed through its place (see `handle(_:in:)`).
    @available(
        *, unavailable,
        message: "declare the case's place, static let x = ChildPlace(case: Self.x, extract: { if case .x(let child) = $0 { child } else { nil } }, event: Event.x), list it in places, and route with route(event, to: Self.x)"
    )
    public mutating func handle<Child, Lifted>(
        _ event: Any, of child: Child, as embed: (Child) -> Self, effect: (Lifted) -> Effect
    ) -> Effect? {
        fatalError("unavailable")
    }
}

extension AnyChildPlace {
    /// Removed: a place is a `ChildPlace` the parent declares once and lists in `places`.
    @available(
        *, unavailable,
        message: "declare the place once, static let x = ChildPlace(\\Parent.x, event: Event.x, work: Work.x), and list it: static let places: ChildPlaces<Parent> = [x]"
    )
    public static func presented<Child>(_ slot: KeyPath<Parent, Child?>) -> AnyChildPlace { fatalError("unavailable") }

    /// Removed: a place is a `ChildPlace` (see `presented(_:)`).
    @available(
        *, unavailable,
        message: "declare the place once, static let x = ChildPlace(\\Parent.x, event: Event.x, work: Work.x), and list it: static let places: ChildPlaces<Parent> = [x]"
    )
    public static func rows<Row>(_ rows: KeyPath<Parent, IdentifiedStates<Row>>) -> AnyChildPlace {
        fatalError("unavailable")
    }

    /// Removed: a place is a `ChildPlace` (see `presented(_:)`).
    @available(
        *, unavailable,
        message: "declare the place once, static let x = ChildPlace(\\Parent.x, event: Event.x, work: Work.x), and list it: static let places: ChildPlaces<Parent> = [x]"
    )
    public static func stack<Screen>(_ stack: KeyPath<Parent, ScreenStack<Screen>>) -> AnyChildPlace {
        fatalError("unavailable")
    }

    /// Removed: a place is a `ChildPlace` (see `presented(_:)`).
    @available(
        *, unavailable,
        message: "declare the place once, static let x = ChildPlace(\\Parent.x, event: Event.x, work: Work.x), and list it: static let places: ChildPlaces<Parent> = [x]"
    )
    public static func child<Child>(_ child: KeyPath<Parent, Child>) -> AnyChildPlace { fatalError("unavailable") }
}
