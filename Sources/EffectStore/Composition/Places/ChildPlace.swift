/// One child of a parent feature, described once: where the parent keeps it, and how its events and its work embed in
/// the parent's.
///
/// Declare each place as a `static let` of the parent, list it in the parent's ``ChildState/places``, and everything
/// about the child reads this one value — routing its events (``ChildState/route(_:to:)``), ending its work when it
/// leaves, lifting its effects on the handler side (``answer(_:by:)``), a test's expected effects (``lift(_:)``,
/// ``ending(_:)``) and the view's projection (`ObservableState.scope(_:)`):
///
/// ```swift
/// struct TodoList: State {
///     var todos: IdentifiedStates<Todo> = []
///     var editor: Editor?
///
///     enum Event: Sendable { case todo(id: Todo.ID, Todo.Event), editor(PresentationEvent<Editor.Event>), add }
///     enum Work: Sendable { case todo(id: Todo.ID, Todo.Work), editor(Editor.Work), save }
///     typealias Effect = Planned<Work>
///
///     static let todos = ChildPlace(\TodoList.todos, event: Event.todo, work: Work.todo)
///     static let editor = ChildPlace(\TodoList.editor, event: Event.editor, work: Work.editor)
///     static let places: ChildPlaces<TodoList> = [todos, editor]
///
///     mutating func handle(event: Event) -> Effect? {
///         switch event {
///         case .todo(let id, let event): return route((id, event), to: Self.todos)
///         case .editor(let event): return route(event, to: Self.editor)
///         // …
///         }
///     }
/// }
/// ```
///
/// The key path's type says what kind of place it is (see ``ChildHolder``): a child in a property, a presented child
/// in an optional, rows of an ``IdentifiedStates``, the screens of a ``ScreenStack``; ``init(case:extract:event:work:)``
/// declares the child in one case of an enum state. The parent's work names the child's work one level deep, and the
/// child's plans become the parent's plans.
///
/// A child's effects run under a scope of its own: the place and, for rows and screens, its id, inside the scopes of
/// its ancestors — so two places never share one, at any depth. When a child leaves its place — however: a removal, a
/// dismissal, a pop, the parent leaving an enum case, a collection assigned anew, an undo — its work ends in that
/// transition (<doc:Navigation#How-a-childs-work-ends>). A child in a property never leaves.
///
/// A generic parent, where Swift allows no `static let`, declares its places as computed `static var`s: a place at a
/// key path made anew is the same place. A place in a case of a generic enum cannot be made anew — nothing but the
/// object tells it from another case's — so such an enum is not generic.
///
/// A parent whose children have effects has a ``ComposableEffect`` of its own (a ``Planned`` one), or `Never` when
/// neither it nor its children have any. Routing to a place the parent does not list in ``ChildState/places`` stops
/// with a message in a debug build, the first time.
public final class ChildPlace<Parent: ChildState, Holder: ChildHolder>: AnyChildPlace<Parent>, @unchecked Sendable
where Parent.Effect: ComposableEffect {
    // Unchecked: every stored property is immutable and `Sendable`, but for `declared`, which its lock guards.

    /// How the parent holds what is at the place: at a key path, or in one case of the parent enum.
    @usableFromInline package let read: @Sendable (Parent) -> Holder.Stored?
    @usableFromInline let path: (WritableKeyPath<Parent, Holder.Stored> & Sendable)?
    @usableFromInline let embedCase: (@Sendable (Holder.Stored) -> Parent)?
    /// What the place keeps of the parent before a transition, and which of its children left after it: compiled
    /// for the parent's types, where the place is declared.
    let markPlace: @Sendable (inout Parent) -> PlaceMark
    let endPlace: Ending
    package let embedEvent: @Sendable (Holder.PlaceEvent) -> Parent.Event
    let embedWork: (@Sendable (Holder.PlaceWork) -> Parent.Effect.Work)?
    /// Whether a child can leave the place while the parent stays: all but a property's.
    let leaves: Bool
    /// Whether `Parent.places` lists this place, once checked (debug builds).
    private let declared = LockedBox<Bool>.make(false)

    @usableFromInline
    init(
        name: String,
        read: @escaping @Sendable (Parent) -> Holder.Stored?,
        path: (WritableKeyPath<Parent, Holder.Stored> & Sendable)?,
        embedCase: (@Sendable (Holder.Stored) -> Parent)?,
        leaves: Bool,
        ending: (mark: @Sendable (inout Parent) -> PlaceMark, end: Ending),
        event: @escaping @Sendable (Holder.PlaceEvent) -> Parent.Event,
        work: (@Sendable (Holder.PlaceWork) -> Parent.Effect.Work)?
    ) {
        self.read = read
        self.path = path
        self.embedCase = embedCase
        self.leaves = leaves
        markPlace = ending.mark
        endPlace = ending.end
        embedEvent = event
        embedWork = work
        super.init(name: PlaceName(name, path: path))
        if work == nil, Self.hasWork { fatalError(Self.missingWork(name)) }
    }

    /// The place of the child, presented child, rows or screens at `path`.
    ///
    /// ```swift
    /// static let todos = ChildPlace(\TodoList.todos, event: Event.todo, work: Work.todo)
    /// static let editor = ChildPlace(\TodoList.editor, event: Event.editor, work: Work.editor)
    /// static let path = ChildPlace(\App.path, event: Event.path, work: Work.screen)
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the parent keeps them: an optional child, an ``IdentifiedStates`` or a ``ScreenStack``.
    ///   - event: The parent's event case that carries the place's events, such as `Event.todo` for
    ///     `case todo(id: Todo.ID, Todo.Event)`: what routes reach the place, what a child's effect answers with, and
    ///     what a view sends (see ``ChildHolder`` for each kind's event).
    ///   - work: The parent's work case that carries a child's work, such as `Work.todo` for
    ///     `case todo(id: Todo.ID, Todo.Work)`. Leave it out for a child with no work; a child with work and no
    ///     `work:` stops with a message the first time the place is used.
    @inlinable
    public convenience init(
        _ path: WritableKeyPath<Parent, Holder> & Sendable,
        event: @escaping @Sendable (Holder.PlaceEvent) -> Parent.Event,
        work: (@Sendable (Holder.PlaceWork) -> Parent.Effect.Work)? = nil
    ) where Holder.Stored == Holder {
        self.init(
            name: "\(path)", read: { $0[keyPath: path] }, path: path, embedCase: nil, leaves: true,
            ending: Self.ending(leaves: true, at: path), event: event, work: work)
    }

    /// The place of the child in the property at `path`: there as long as the parent is. Declare it to route to the
    /// child, and to scope its work apart from another child of the same type.
    ///
    /// ```swift
    /// static let profile = ChildPlace(\Settings.profile, event: Event.profile, work: Work.profile)
    /// ```
    ///
    /// - Parameters:
    ///   - path: The parent's property that holds the child.
    ///   - event: The parent's event case that carries the child's events.
    ///   - work: The parent's work case that carries the child's work; leave it out for a child with no work.
    @inlinable
    public convenience init<Child: ChildState>(
        _ path: WritableKeyPath<Parent, Child> & Sendable,
        event: @escaping @Sendable (Child.Event) -> Parent.Event,
        work: (@Sendable (Child.Effect.Work) -> Parent.Effect.Work)? = nil
    ) where Holder == SingleChild<Child> {
        self.init(
            name: "\(path)", read: { $0[keyPath: path] }, path: path, embedCase: nil, leaves: false,
            ending: Self.ending(leaves: false, at: path), event: event, work: work)
    }

    /// The place of the child in one case of this enum state: its work ends when the parent leaves the case, or the
    /// case comes to hold a child of another `id` (for an `Identifiable` child).
    ///
    /// ```swift
    /// enum Screen: ChildState {
    ///     case detail(MeetingDetail), record(MeetingRecording)
    ///     static let detail = ChildPlace(
    ///         case: Screen.detail, extract: { if case .detail(let detail) = $0 { detail } else { nil } },
    ///         event: Event.detail, work: Work.detail)
    ///     // …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - embed: The case that holds the child, such as `Screen.detail`.
    ///   - extract: The case's child, or `nil` when the parent is in another case.
    ///   - event: The parent's event case that carries the child's events.
    ///   - work: The parent's work case that carries the child's work; leave it out for a child with no work.
    @inlinable
    public convenience init<Child: ChildState>(
        case embed: @escaping @Sendable (Child) -> Parent,
        extract: @escaping @Sendable (Parent) -> Child?,
        event: @escaping @Sendable (Child.Event) -> Parent.Event,
        work: (@Sendable (Child.Effect.Work) -> Parent.Effect.Work)? = nil
    ) where Holder == SingleChild<Child> {
        self.init(
            name: "\(Parent.self), case \(Child.self)", read: extract, path: nil, embedCase: embed, leaves: true,
            ending: Self.ending(extract: extract, embed: embed), event: event, work: work)
    }

    /// Records in the endings the children that the parent, after a transition, no longer holds at the place, under
    /// the scope the function gives each; returns whether it changed the parent.
    @usableFromInline
    typealias Ending = @Sendable (PlaceMark, inout Parent, (Holder.PlaceAddress) -> EffectID, inout ChildEndings) -> Bool

    /// The mark and end of a place at `path`, compiled for the parent's types where the place is declared: its kind's,
    /// in place.
    @inlinable
    static func ending(
        leaves: Bool, at path: WritableKeyPath<Parent, Holder.Stored> & Sendable
    ) -> (mark: @Sendable (inout Parent) -> PlaceMark, end: Ending) {
        guard hasWork else { return nothingToEnd }
        let kind = Holder._ending
        return (
            { kind.mark(&$0[keyPath: path], leaves) },
            { mark, parent, scope, endings in kind.end(mark, &parent[keyPath: path], scope, &endings) }
        )
    }

    /// The mark and end of the place of the child in one case of the parent enum, compiled for the parent's types
    /// where the place is declared.
    @inlinable
    static func ending<Child>(
        extract: @escaping @Sendable (Parent) -> Child?, embed: @escaping @Sendable (Child) -> Parent
    ) -> (mark: @Sendable (inout Parent) -> PlaceMark, end: Ending) where Holder == SingleChild<Child> {
        guard hasWork else { return nothingToEnd }
        return (
            { parent in
                guard var child = extract(parent) else { return .absent(leaves: true) }
                return PlaceMark(single: &child, leaves: true)
            },
            { mark, parent, scope, endings in
                guard var child = extract(parent) else {
                    mark.end(absentUnder: scope(nil), endings: &endings)
                    return false
                }
                guard mark.end(present: &child, scope: scope(nil), endings: &endings) else { return false }
                parent = embed(child)
                return true
            }
        )
    }

    /// Whether the place's children have work, which runs under their scope: a child whose work is `Never` has nothing
    /// that could outlive it, so its place ends nothing (and a parent whose `Effect` is `Never` can keep it).
    @inlinable
    static var hasWork: Bool { ObjectIdentifier(Holder.Child.Effect.Work.self) != ObjectIdentifier(Never.self) }

    /// The mark and end of a place whose children have no work.
    @inlinable
    static var nothingToEnd: (mark: @Sendable (inout Parent) -> PlaceMark, end: Ending) {
        ({ _ in .none }, { _, _, _, _ in false })
    }

    /// The message of a place declared without `work:` for a child with work.
    private static func missingWork(_ name: String) -> String {
        """
        ChildPlace(\(name)): \(Holder.Child.self)'s effects carry work (\(Holder.Child.Effect.Work.self)), and the \
        place does not say where it goes in \(Parent.self)'s work. To fix, name the case of \(Parent.self)'s work that \
        carries it: work: Work.caseName.
        """
    }

    // MARK: - What the place gives a parent, a handler and a test

    /// A child's effect as the parent's transition returns it: its work embedded in the parent's, its plans kept
    /// plans with their ids made the child's own, started under the child's scope. What a test writes to compare a
    /// parent's effect with `==`:
    ///
    /// ```swift
    /// XCTAssertEqual(
    ///     list.transition(on: .todo(id: 1, .remind(after: .seconds(60)))),
    ///     TodoList.todos.lift((1, Todo.Effect.work(.notify("Milk")).debounced(id: "reminder", for: .seconds(60))))
    /// )
    /// ```
    ///
    /// - Parameter effect: The child's effect as the child returns it, with its id for rows and screens. Messages
    ///   are not lifted: the parent's `messages` closure receives them.
    /// - Returns: The effect in the parent's type.
    public func lift(_ effect: Holder.PlaceEffect) -> Parent.Effect {
        let (address, effect) = Holder._split(effect: effect)
        var messages: [Holder.Child.Effect.Message] = []
        return lift(effect, at: address, messages: &messages) ?? .all([])
    }

    /// The cancellation that ends the work of the children at `addresses` — what the parent's transition returns
    /// first when they leave. A test compares it with `==`:
    ///
    /// ```swift
    /// XCTAssertEqual(list.transition(on: .delete(id: 3)), TodoList.todos.ending(3))
    /// XCTAssertEqual(detail.transition(on: .editor(.dismiss)), Detail.editor.ending())
    /// ```
    ///
    /// - Parameter addresses: The ids of the rows or screens, in the order they left; none for a place of one child.
    /// - Returns: Their cancellations, in order.
    public func ending(_ addresses: Holder.PlaceAddress...) -> Parent.Effect {
        let ended = addresses.isEmpty ? Holder._only.map { [$0] } ?? [] : addresses
        let cancels = ended.map { Parent.Effect.plan(.cancel(scope($0))) }
        return cancels.count == 1 ? cancels[0] : .all(cancels)
    }

    /// Performs a child's work in the parent's effect handler, and answers with the parent's event: the child's
    /// answer, embedded as ``init(_:event:work:)-(_,(Holder.PlaceEvent)->Parent.Event,_)``'s `event` says.
    ///
    /// ```swift
    /// final class TodoListEffects: PlannedEffectHandler {
    ///     func perform(_ work: TodoList.Work) -> EffectAnswer<TodoList.Event>? {
    ///         switch work {
    ///         case .todo(let id, let work): return TodoList.todos.answer((id, work), by: reminders.perform)
    ///         case .save(let todos): return storage.save(todos)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - work: The child's work, with its id for rows and screens, as the parent's work case holds it.
    ///   - perform: Performs the child's work — the child's handler's `perform` — on the store's queue
    ///     (<doc:Threading>), and answers with a ``Future`` or an ``EffectAnswer`` of the child's event.
    /// - Returns: The answer in the parent's event type; its events come on the thread that resolves the child's.
    public func answer<Answer: EffectAnswerConvertible>(
        _ work: Holder.PlaceWork,
        by perform: (Holder.Child.Effect.Work) -> Answer?
    ) -> EffectAnswer<Parent.Event>? where Answer.Event == Holder.Child.Event {
        let (address, work) = Holder._split(work: work)
        return perform(work)?.effectAnswer.map { [embedEvent] in embedEvent(Holder._event($0, at: address)) }
    }

    // MARK: - Internals: routing, scopes, endings

    /// What a view of the rows or screens of a place reads and sends through: its key path, and its event case.
    @usableFromInline
    package var access: (WritableKeyPath<Parent, Holder.Stored> & Sendable, @Sendable (Holder.PlaceEvent) -> Parent.Event) {
        (storedPath, embedEvent)
    }

    /// The key path of a place declared with one: every place but an enum case's.
    package var storedPath: WritableKeyPath<Parent, Holder.Stored> & Sendable {
        guard let path else { fatalError("EffectStore: the place \(name) of an enum case has no key path.") }
        return path
    }

    /// The scope of the child at `address`; with the stamp of the child routed, when its effects are lifted.
    func scope(_ address: Holder.PlaceAddress, stamp: ChildStamp? = nil) -> EffectID {
        EffectID(PlaceScope(place: name, address: address, stamp: stamp))
    }

    /// `effect`, of the child at `address`, lifted; its messages are added to `messages`.
    @usableFromInline
    func lift(
        _ effect: Holder.Child.Effect,
        at address: Holder.PlaceAddress,
        stamp: ChildStamp? = nil,
        messages: inout [Holder.Child.Effect.Message]
    ) -> Parent.Effect? {
        let scope = scope(address, stamp: stamp)
        guard Self.hasWork else {
            // No work, so no plan that means anything: only the messages.
            _ = Holder.Child.Effect.lifting(effect, scope: scope, messages: &messages) { $0 }
            return nil
        }
        let lifted = Parent.Effect.lifting(effect, scope: scope, messages: &messages) { work in
            // `embedWork` is there for any child with work: the initialiser stopped otherwise.
            guard let embedWork else { preconditionFailure("a child with work and no work case") }
            return embedWork(Holder._work(work, at: address))
        }
        // Work runs under the child's scope, where the child can leave; a cancellation alone has nothing to run.
        guard leaves, let lifted, lifted.startsWork else { return lifted }
        return .plan(.cancellable(lifted, id: scope, cancelInFlight: false))
    }

    /// Hands `event` to the child it names in `parent`: the child's effect lifted, and its messages.
    @inlinable
    func route(_ event: Holder.PlaceEvent, in parent: inout Parent) -> (Parent.Effect?, [Holder.PlaceMessage]) {
        checkDeclared()
        let routed: (Holder.PlaceAddress, Holder.Child.Effect, ChildStamp)?
        if let path {
            routed = Holder._route(event, in: &parent[keyPath: path])
        } else {
            guard var stored = read(parent), let embedCase else { return (nil, []) }
            routed = Holder._route(event, in: &stored)
            parent = embedCase(stored)
        }
        guard let (address, effect, stamp) = routed else { return (nil, []) }
        var messages: [Holder.Child.Effect.Message] = []
        let lifted = lift(effect, at: address, stamp: stamp, messages: &messages)
        return (lifted, messages.map { Holder._message($0, at: address) })
    }

    /// Stops, in a debug build, the first time a parent routes to this place without listing it in its places.
    @usableFromInline
    func checkDeclared() {
        #if DEBUG
            guard !declared.withLock({ $0 }) else { return }
            guard Parent.places.contains(self) else {
                fatalError(
                    """
                    EffectStore: \(Parent.self) routed an event to the place \(name), which \(Parent.self).places \
                    does not list, so its children's work would outlive them. To fix, list it: \
                    static let places: ChildPlaces<\(Parent.self)> = [/* … */, placeName].
                    """)
            }
            declared.withLock { $0 = true }
        #endif
    }

    override func mark(_ parent: inout Parent) -> PlaceMark { markPlace(&parent) }

    override func end(_ mark: PlaceMark, _ parent: inout Parent, _ endings: inout ChildEndings) -> Bool {
        endPlace(mark, &parent, { self.scope($0) }, &endings)
    }

    override func ending(_ endings: ChildEndings, in effect: Parent.Effect?) -> Parent.Effect? {
        Parent.Effect.ending(endings, in: effect)
    }
}
