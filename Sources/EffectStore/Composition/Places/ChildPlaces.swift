/// The places where a state keeps its children, each a ``ChildPlace`` declared once: what every transition compares
/// before and after, so that a child's work ends whenever it leaves its place, however it leaves.
///
/// ```swift
/// struct TodoList: State {
///     static let todos = ChildPlace(\TodoList.todos, event: Event.todo, work: Work.todo)
///     static let editor = ChildPlace(\TodoList.editor, event: Event.editor, work: Work.editor)
///     static let places: ChildPlaces<TodoList> = [todos, editor]
///     // …
/// }
/// ```
///
/// Declare it with `static let`: a store reads it at every transition. The cancellations are part of the
/// transition's effect as ``ChildState/transition(on:)`` returns it — what a store, a `TestStore`, a replay and an
/// explorer run — so a test sees them as values (``ChildPlace/ending(_:)``). The rules are in <doc:Navigation>,
/// "How a child's work ends".
public struct ChildPlaces<Parent: ChildState>: Sendable, ExpressibleByArrayLiteral {
    /// The places, in the order declared.
    @usableFromInline let places: [AnyChildPlace<Parent>]

    /// No places: what a state with no children declares, the default.
    public init() { places = [] }

    /// The places written, in order: `[todos, editor]`.
    ///
    /// - Parameter places: The parent's ``ChildPlace``s.
    public init(arrayLiteral places: AnyChildPlace<Parent>...) {
        self.places = places
    }

    /// Whether no place is declared: then a transition is the state's ``ChildState/handle(event:)`` alone.
    @inlinable var isEmpty: Bool { places.isEmpty }

    /// Whether `place` is one of these.
    func contains(_ place: AnyChildPlace<Parent>) -> Bool { places.contains { $0.name == place.name } }

    /// What each place keeps of `parent` before a transition.
    @inlinable
    func mark(_ parent: inout Parent) -> [PlaceMark] { places.map { $0.mark(&parent) } }

    /// Records in `endings` the children of the places `marks` kept that `parent`, after the transition, no longer
    /// holds; returns whether a place changed `parent` (a stack made anew counts on from the one it replaced).
    @inlinable @discardableResult
    func end(_ marks: [PlaceMark], _ parent: inout Parent, _ endings: inout ChildEndings) -> Bool {
        var wrote = false
        for (place, mark) in zip(places, marks) where place.end(mark, &parent, &endings) { wrote = true }
        return wrote
    }

    /// `effect` as a transition that ended the children in `endings` returns it.
    @inlinable
    func ending(_ endings: ChildEndings, in effect: Parent.Effect?) -> Parent.Effect? {
        guard let place = places.first, !endings.isEmpty else { return effect }
        return place.ending(endings, in: effect)
    }
}

/// A ``ChildPlace`` of any kind: what ``ChildPlaces`` lists. You never make one: write the place itself.
public class AnyChildPlace<Parent: ChildState>: @unchecked Sendable {
    // Unchecked: immutable, here and in its one subclass, ChildPlace.
    /// The place as written, shared by its children's scopes.
    let name: PlaceName

    init(name: PlaceName) { self.name = name }

    /// What the place keeps of `parent` before a transition.
    @usableFromInline
    func mark(_ parent: inout Parent) -> PlaceMark { .none }

    /// Records in `endings` the children `mark` kept that `parent` no longer holds; returns whether it changed `parent`.
    @usableFromInline
    func end(_ mark: PlaceMark, _ parent: inout Parent, _ endings: inout ChildEndings) -> Bool { false }

    /// `effect` with `endings` applied: the parent's effect is a ``ComposableEffect`` wherever a place exists.
    @usableFromInline
    func ending(_ endings: ChildEndings, in effect: Parent.Effect?) -> Parent.Effect? { effect }
}
