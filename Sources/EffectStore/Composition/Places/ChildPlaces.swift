/// Where a state keeps its children — rows, a presented child, a stack of screens, a child in a field or in an enum
/// case — declared once, so that a child's work ends whenever it leaves its place, however it leaves.
///
/// A parent lists its places in ``ChildState/places``. After every transition the store compares each place before
/// and after: a row whose id is gone, a presented child that is dismissed or replaced, a popped screen, or a whole
/// collection made anew (built, decoded, assigned) has left its place, and everything it started — runs, timers,
/// queued and debounced effects — is cancelled in that very transition. What the transition itself returned for a
/// child that left never starts. It does not matter how the child left: the collection's own `remove(id:)`, plain
/// assignment, a decoded path, a pop, an undo. The rules are in <doc:Navigation>, "How a child's work ends".
///
/// ```swift
/// struct TodoList: State {
///     var todos: IdentifiedStates<Todo> = []
///     var editor: Editor?
///
///     static let places: ChildPlaces<TodoList> = [.rows(\.todos), .presented(\.editor)]
///     // …
/// }
/// ```
///
/// Declare it with `static let`: a store reads it at every transition. The cancellations are part of the
/// transition's effect as ``ChildState/transition(on:)`` returns it, which is what a store, a `TestStore` and a
/// replay run, so a test sees them as values: `.cancel(id: RowScope(3))`. Places end work only for a parent whose
/// `Effect` is a ``ComposableEffect``: only there does a child's work run under an id of its own.
public struct ChildPlaces<Parent: ChildState>: Sendable {
    /// The places, in the order declared.
    @usableFromInline let places: [DeclaredPlace<Parent>]

    /// No places: what a state with no children declares, the default.
    public init() { places = [] }

    init(_ place: DeclaredPlace<Parent>) { places = [place] }

    /// Whether no place is declared: then a transition is the state's ``ChildState/handle(event:)`` alone.
    @inlinable var isEmpty: Bool { places.isEmpty }

    /// Whether a case holding a `Child` is declared (``case(_:identifiedBy:)``): its effects then run under ``CaseScope``.
    func declaresCase<Child>(of _: Child.Type) -> Bool {
        places.contains { $0.caseChild == ObjectIdentifier(Child.self) }
    }
}

extension ChildPlaces: ExpressibleByArrayLiteral {
    /// The places of all of `elements`, in order: `[.rows(\.todos), .presented(\.editor)]`.
    ///
    /// - Parameter elements: The places.
    public init(arrayLiteral elements: ChildPlaces...) {
        places = elements.flatMap(\.places)
    }
}

extension ChildPlaces {
    /// The rows of an ``IdentifiedStates``: a row's work ends when its id leaves the collection, or when the
    /// collection is made anew — built from elements, decoded, or assigned from another — since its rows are then new
    /// rows, even those that have an id the old ones had.
    ///
    /// ```swift
    /// static let places: ChildPlaces<TodoList> = [.rows(\.todos)]
    /// ```
    ///
    /// A row's effects run under ``RowScope`` of its id (see ``ChildState/handle(_:in:effect:)``); its own
    /// places, if it declares any, are compared too.
    ///
    /// - Parameter rows: Where the parent keeps its rows.
    public static func rows<Row: ChildState & Identifiable>(
        _ rows: KeyPath<Parent, IdentifiedStates<Row>> & Sendable
    ) -> ChildPlaces where Row.ID: Sendable {
        ChildPlaces(DeclaredPlace { before in RowsPlace(rows: rows, before: before[keyPath: rows]).end })
    }

    /// A presented child — a sheet, an alert, a destination — in an optional: its work ends when the optional becomes
    /// `nil`, or holds a child of another identity.
    ///
    /// ```swift
    /// static let places: ChildPlaces<MeetingDetail> = [.presented(\.destination, identifiedBy: \.kind)]
    /// ```
    ///
    /// Two values of one identity are one presentation: an edit that changes the child keeps its work. A child's
    /// effects run under ``PresentationScope`` of the slot (see ``ChildState/handle(_:in:effect:)``).
    ///
    /// - Parameters:
    ///   - slot: Where the parent keeps the child.
    ///   - identity: What tells two presentations apart. By default, the child's `id` when it is `Identifiable`,
    ///     and otherwise only whether a child is there.
    public static func presented<Child: ChildState, Identity: Equatable & Sendable>(
        _ slot: KeyPath<Parent, Child?> & Sendable,
        identifiedBy identity: @escaping @Sendable (Child) -> Identity
    ) -> ChildPlaces {
        ChildPlaces(
            DeclaredPlace { before in
                PresentedPlace(slot: slot, identity: identity, before: before[keyPath: slot]).end
            })
    }

    /// ``presented(_:identifiedBy:)`` for a child whose presentations are told apart by whether it is there.
    ///
    /// - Parameter slot: Where the parent keeps the child.
    public static func presented<Child: ChildState>(_ slot: KeyPath<Parent, Child?> & Sendable) -> ChildPlaces {
        presented(slot, identifiedBy: { _ in true })
    }

    /// ``presented(_:identifiedBy:)`` for an `Identifiable` child: a child with another id is another presentation.
    ///
    /// - Parameter slot: Where the parent keeps the child.
    public static func presented<Child: ChildState & Identifiable>(
        _ slot: KeyPath<Parent, Child?> & Sendable
    ) -> ChildPlaces where Child.ID: Sendable {
        presented(slot, identifiedBy: { $0.id })
    }

    /// A stack of screens: a screen's work ends when it is popped, however — ``ScreenStack/pop(from:)``, a new path
    /// set with ``ScreenStack/setScreens(_:)``, a stack assigned or decoded in its place, an undo — and a screen pushed
    /// and popped within one transition starts nothing.
    ///
    /// ```swift
    /// static let places: ChildPlaces<App> = [.stack(\.path)]
    /// ```
    ///
    /// A stack assigned in place of another counts on from the other's next id, so that a screen id is never given
    /// twice in a store's life. A screen's effects run under ``ScreenScope`` of its id.
    ///
    /// - Parameter stack: Where the parent keeps the stack.
    public static func stack<Screen: ChildState>(
        _ stack: WritableKeyPath<Parent, ScreenStack<Screen>> & Sendable
    ) -> ChildPlaces {
        ChildPlaces(DeclaredPlace { before in StackPlace(stack: stack, before: before[keyPath: stack]).end })
    }

    /// A child in a stored property, whose own places are compared: for a child that keeps rows, sheets or stacks of
    /// its own. A child with no places of its own needs no declaration.
    ///
    /// ```swift
    /// static let places: ChildPlaces<AppState> = [.child(\.inbox)]   // the inbox declares its rows
    /// ```
    ///
    /// - Parameter child: Where the parent keeps the child.
    public static func child<Child: ChildState>(_ child: KeyPath<Parent, Child> & Sendable) -> ChildPlaces {
        ChildPlaces(
            DeclaredPlace { before in NestedPlace(read: { $0[keyPath: child] }, before: before[keyPath: child]).end })
    }

    /// A child in a case of this enum state: its work ends when the state leaves the case, or the case comes to hold a
    /// child of another identity — however that happens: a `self = …` in ``ChildState/handle(event:)``, the parent
    /// assigning the enum, an undo — and its own places are compared while it stays, as ``child(_:)`` compares a
    /// field's.
    ///
    /// ```swift
    /// static let places: ChildPlaces<Flow> = [
    ///     .case { if case .signIn(let form) = $0 { form } else { nil } },
    /// ]
    /// ```
    ///
    /// A declared case's child, routed with ``ChildState/handle(_:of:as:effect:)``, runs its effects under
    /// ``CaseScope`` of its type: the child's end cancels that id, and what the ending transition started under it
    /// never starts (<doc:Navigation#Removal-wins>). A case that is not declared runs its child's effects unscoped, and
    /// they outlive the case.
    ///
    /// - Parameters:
    ///   - extract: The case's child, or `nil` when the state is in another case.
    ///   - identity: What tells two children of the case apart: an edit that keeps it keeps the child's work. By
    ///     default, the child's `id` when it is `Identifiable`, and otherwise only whether the case holds a child.
    public static func `case`<Child: ChildState, Identity: Equatable & Sendable>(
        _ extract: @escaping @Sendable (Parent) -> Child?,
        identifiedBy identity: @escaping @Sendable (Child) -> Identity
    ) -> ChildPlaces {
        let scope = EffectID(CaseScope(Child.self, in: Parent.self))
        return ChildPlaces(
            DeclaredPlace(caseChild: ObjectIdentifier(Child.self)) { before in
                NestedPlace(read: extract, before: extract(before), caseScope: scope, identity: identity).end
            })
    }

    /// ``case(_:identifiedBy:)`` for a child told apart only by whether the case holds it.
    ///
    /// - Parameter extract: The case's child, or `nil` when the state is in another case.
    public static func `case`<Child: ChildState>(_ extract: @escaping @Sendable (Parent) -> Child?) -> ChildPlaces {
        `case`(extract, identifiedBy: { _ in true })
    }

    /// ``case(_:identifiedBy:)`` for an `Identifiable` child: a child with another id is another child.
    ///
    /// - Parameter extract: The case's child, or `nil` when the state is in another case.
    public static func `case`<Child: ChildState & Identifiable>(
        _ extract: @escaping @Sendable (Parent) -> Child?
    ) -> ChildPlaces where Child.ID: Sendable {
        `case`(extract, identifiedBy: { $0.id })
    }
}

/// One declared place: given the parent before a transition, keeps what it needs of the place and returns the
/// function that, given the parent after it, records the children that left (see ``ChildEndings``).
@usableFromInline
struct DeclaredPlace<Parent>: Sendable {
    /// The type of the child of a declared enum case (``ChildPlaces/case(_:identifiedBy:)``): the routing scopes its effects.
    let caseChild: ObjectIdentifier?
    let watch: @Sendable (Parent) -> PlaceEnd<Parent>

    init(caseChild: ObjectIdentifier? = nil, watch: @escaping @Sendable (Parent) -> PlaceEnd<Parent>) {
        self.caseChild = caseChild
        self.watch = watch
    }
}

/// What a place does after a transition: records in the endings the children that `after` no longer holds — all of
/// them when `after` is `nil`, the parent itself gone — and may change `after` to keep a stack's ids new.
typealias PlaceEnd<Parent> = (_ after: inout Parent?, _ endings: inout ChildEndings) -> Void

extension ChildPlaces {
    /// What each place keeps of `before`, to compare after the transition.
    func watch(_ before: Parent) -> [PlaceEnd<Parent>] {
        places.map { $0.watch(before) }
    }
}
