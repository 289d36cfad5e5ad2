/// What a feature needs to be routed to as a child: events, effects and ``handle(event:)`` — but no initial state.
///
/// Every ``State`` is a `ChildState`. Conform a type to `ChildState` alone when it only exists with data, such as
/// one row of a list: it needs no ``State/initialState`` to invent. The composition tools ask only for this, and
/// are extensions of it, so a row can host children of its own (<doc:BuildingAnAppFromFeatures>):
///
/// ```swift
/// struct Todo: ChildState, Identifiable, Equatable {
///     let id: Int
///     var title: String
///     var isDone = false
///
///     enum Event: Sendable { case toggle }
///     typealias Effect = Never
///
///     mutating func handle(event: Event) -> Effect? {
///         switch event {
///         case .toggle: isDone.toggle(); return nil
///         }
///     }
/// }
/// ```
///
/// The obligations of ``State/handle(event:)`` hold here too: pure, quick, and events that mean nothing now are
/// ignored.
///
/// A parent keeps children in places it declares once each (``ChildPlace``): in a property, presented in an optional,
/// in rows, on a stack, or in a case of an enum parent (<doc:BuildingAnAppFromFeatures>).
public protocol ChildState: Sendable {
    /// What can happen to this state: user actions, effect results, outside notifications.
    associatedtype Event: Sendable
    /// What the state asks the outside world to do next, as an inert value.
    associatedtype Effect: Sendable
    /// Moves to the next state for `event` and returns the effect to perform, if any.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: The effect to perform, or `nil` when nothing should happen.
    mutating func handle(event: Event) -> Effect?

    /// Where this state keeps its children, each place declared once as a ``ChildPlace``, so that a child's work ends
    /// whenever it leaves its place (see ``ChildPlaces``). None by default.
    ///
    /// ```swift
    /// static let todos = ChildPlace(\TodoList.todos, event: Event.todo, work: Work.todo)
    /// static let places: ChildPlaces<TodoList> = [todos]
    /// ```
    static var places: ChildPlaces<Self> { get }

    /// Where this state holds copies of one value — an element in a list and in an open detail — so that every
    /// transition that changes one copy writes it into the others (see ``SharedValues``). None by default.
    ///
    /// ```swift
    /// static let sharedValues: SharedValues<App> = [
    ///     .elements(\.list.meetings),
    ///     .elements(in: \.path, case: Screen.detail, at: \.meeting),
    /// ]
    /// ```
    static var sharedValues: SharedValues<Self> { get }
}

extension ChildState {
    /// No places: a state with no children, or whose children have no work of their own.
    public static var places: ChildPlaces<Self> { ChildPlaces() }

    /// No shared values: a state that holds no copies of a value that other places hold.
    public static var sharedValues: SharedValues<Self> { SharedValues() }

    /// ``handle(event:)``, then the copies of each value declared in ``sharedValues`` brought in step: what routing
    /// calls on a child, so that a child's own declaration holds wherever the child is.
    @inlinable
    mutating func handleSharing(event: Event) -> Effect? {
        let shared = Self.sharedValues
        let effect = shared.isEmpty ? handle(event: event) : handle(event: event, sharing: shared)
        offerCopies()
        return effect
    }

    /// Offers this state, just routed, to the running transition's `SharedEditLog`, which keeps the copies it holds.
    @usableFromInline
    func offerCopies() { SharedEditLog.offer(self) }

    /// ``handleSharing(event:)`` with the declaration already read; for an empty one, `handle(event:)`.
    @inlinable
    mutating func handle(event: Event, sharing shared: SharedValues<Self>) -> Effect? {
        shared.transition(&self) { $0.handle(event: event) }
    }
}
