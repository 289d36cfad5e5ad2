extension ChildState {
    /// Hands a row's event to the row with `id` in the collection at `rows`, and lifts the row's effect with the id.
    ///
    /// A list feature keeps its rows in an ``IdentifiedStates`` and wraps their events and effects in cases that
    /// carry the row's id; routing is one line:
    ///
    /// ```swift
    /// struct TodoList: State {
    ///     var todos: IdentifiedStates<Todo> = []
    ///
    ///     enum Event: Sendable { case todo(id: Todo.ID, Todo.Event) /* … */ }
    ///     enum Effect: ComposableEffect { case todo(id: Todo.ID, Todo.Effect), plan(EffectPlan<Effect>) /* … */ }
    ///
    ///     mutating func handle(event: Event) -> Effect? {
    ///         switch event {
    ///         case .todo(let id, let event):
    ///             return handle(event, forRow: id, in: \.todos, effect: Effect.todo)
    ///         // …
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The row is changed in place. An event for an id that is not in the collection — a late answer for a row
    /// removed meanwhile — is ignored: nothing changes and the result is `nil`.
    ///
    /// When this state's `Effect` is a ``ComposableEffect``, the row's effect is started under an id of the row's
    /// own, `RowEffects(id)`, so that whatever the row has in flight ends when the row leaves the collection —
    /// however it leaves — since the parent declares its rows among its places (``ChildPlaces/rows(_:)``). When the row's
    /// `Effect` is a ``ComposableEffect`` too, its plans are lifted as well, and the ids in them are the row's own:
    /// two rows that debounce under `"save"` do not cancel each other. Otherwise the effect is lifted as it is.
    /// A test writes the lifted effect with those ids, ``RowScopedID``, and compares it with `==`:
    /// `Effect.todo(id: 1, .notify).debounced(id: RowScopedID(row: 1, id: "save"), for: .seconds(1))
    /// .cancellable(id: RowEffects(1))`.
    ///
    /// - Parameters:
    ///   - event: The row's event.
    ///   - id: The row's id.
    ///   - rows: Where this state keeps its rows.
    ///   - lift: Embeds the row's id and effect in this state's effect type, usually an enum case such as
    ///     `Effect.todo`.
    /// - Returns: The row's effect, lifted, or `nil` when the row has none or is not there.
    @inlinable
    public mutating func handle<Row: ChildState & Identifiable>(
        _ event: Row.Event,
        forRow id: Row.ID,
        in rows: WritableKeyPath<Self, IdentifiedStates<Row>>,
        effect lift: (Row.ID, Row.Effect) -> Effect
    ) -> Effect? where Row.ID: Sendable, Row.Message == Never {
        guard let answer = self[keyPath: rows].modify(id: id, { $0.handle(event: event) }), let effect = answer
        else { return nil }
        return liftRowEffect(effect, row: id, lift: lift)
    }
}

/// The id under which every effect of one row of an ``IdentifiedStates`` runs, when the parent's effect is a
/// ``ComposableEffect``: cancelling it cancels all the row's effects.
///
/// A row that leaves a declared ``ChildPlaces/rows(_:)`` place ends with this cancellation; name it yourself to stop
/// a row's effects while the row stays, or to compare effects in a test:
///
/// ```swift
/// XCTAssertEqual(list.transition(on: .delete(id: 3)), .cancel(id: RowEffects(3)))
/// ```
public struct RowEffects<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The row's id.
    public let id: ID

    /// The id of the effects of the row with `id`.
    ///
    /// - Parameter id: The row's id.
    public init(_ id: ID) { self.id = id }
}

/// An id that a row's own plan wrote, as its parent runs it: made the row's own, so that two rows that debounce,
/// queue or cancel under the same id never touch each other's effects.
///
/// ``ChildState/handle(_:forRow:in:effect:)`` rewrites every id in a row's plan — of a cancellable, delayed, queued,
/// debounced or throttled effect, and of a cancellation — into `RowScopedID(row: id, id: idTheRowWrote)`, then starts
/// the whole effect under the row's ``RowEffects`` id. Write the same value to compare a parent's effect with `==`
/// in a test; a row that returns `Effect.tick.delayed(by: .seconds(1), id: TimerID.timer)` gives its parent:
///
/// ```swift
/// XCTAssertEqual(
///     board.handle(event: .counter(id: 1, .start)),
///     Board.Effect.counter(id: 1, .tick)
///         .delayed(by: .seconds(1), id: RowScopedID(row: 1, id: TimerID.timer))   // the row's timer
///         .cancellable(id: RowEffects(1))                                          // the row's effects
/// )
/// ```
///
/// The row's id must have the row's `ID` type (an `Int` literal is an `Int`). Rows of rows scope twice: the
/// outer row's `RowScopedID` wraps the inner row's, `RowScopedID(row: 1, id: RowScopedID(row: 7, id: TimerID.timer))`,
/// and the inner row's ``RowEffects`` id becomes `RowScopedID(row: 1, id: RowEffects(7))`.
public struct RowScopedID: Hashable, Sendable, CustomStringConvertible {
    /// The row's ``RowEffects`` id.
    let row: EffectID
    /// The id the row wrote.
    let id: EffectID

    /// The id `id`, written in the plan of the row with id `row`, as the row's parent runs it.
    ///
    /// - Parameters:
    ///   - row: The row's id, of the row's `ID` type.
    ///   - id: The id the row's plan wrote, as it wrote it: `TimerID.timer`, `"save"`.
    public init<RowID: Hashable & Sendable, ID: Hashable & Sendable>(row: RowID, id: ID) {
        self.init(rowEffects: EffectID(RowEffects(row)), id: EffectID(id))
    }

    /// The id `id`, written in the plan of a presented child or a stack element, as its parent runs it: `scope` is the
    /// presentation's ``PresentationEffects`` or the element's ``StackElementEffects`` (or a row's ``RowEffects``,
    /// which ``init(row:id:)`` writes for you).
    ///
    /// ```swift
    /// RowScopedID(scope: PresentationEffects(\Detail.editor), id: "autosave")
    /// RowScopedID(scope: StackElementEffects(\App.path, 0), id: Recording.ID.timer)
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The id every effect of the child runs under.
    ///   - id: The id the child's plan wrote, as it wrote it.
    public init<Scope: Hashable & Sendable, ID: Hashable & Sendable>(scope: Scope, id: ID) {
        self.init(rowEffects: EffectID(scope), id: EffectID(id))
    }

    /// `id`, scoped to the row whose ``RowEffects`` id is `rowEffects` (or to any other scope id).
    init(rowEffects: EffectID, id: EffectID) {
        self.row = rowEffects
        self.id = id
    }

    /// How it is written, as failure messages and logs show ids: `RowScopedID(row: 1, id: "save")`,
    /// `RowScopedID(row: 1, id: .timer)`.
    public var description: String {
        let written = described
        guard let rowID = (row.base as? any RowEffectsID)?.rowID else {
            return "RowScopedID(scope: \(written(row.base)), id: \(written(id.base)))"
        }
        return "RowScopedID(row: \(written(rowID)), id: \(written(id.base)))"
    }
}

/// A ``RowEffects`` of any row type, for ``RowScopedID``'s description.
private protocol RowEffectsID {
    var rowID: Any { get }
}

extension RowEffects: RowEffectsID {
    fileprivate var rowID: Any { id }
}

/// Lifts a row's effect into the parent's effect type: as it is, or — when the parent's effect is a
/// ``ComposableEffect`` — cancellable under the row's ``RowEffects`` id, with the row's own plans lifted.
@usableFromInline
func liftRowEffect<RowEffect, ID: Hashable & Sendable, Parent>(
    _ effect: RowEffect,
    row id: ID,
    lift: (ID, RowEffect) -> Parent
) -> Parent {
    guard let composable = Parent.self as? any ComposableEffect.Type else { return lift(id, effect) }
    func cancellable<P: ComposableEffect>(_: P.Type) -> Parent {
        let rowID = EffectID(RowEffects(id))
        // `P` is `Parent` (checked by the cast above): the casts below change no value.
        let lifted = liftRowPlan(effect, scope: rowID) { lift(id, $0) as! P }
        return P.plan(.cancellable(lifted, id: rowID, cancelInFlight: false)) as! Parent
    }
    return cancellable(composable)
}

/// `effect` lifted by `lift`; when `effect` carries a plan, the plan is lifted effect by effect, with its ids scoped
/// to the row (or presentation, or stack element) whose scope id is `scope`. Inlinable, so that it is compiled for the
/// client's types: unspecialised, it built tuple type metadata at run time on every routed event that had an effect.
func liftRowPlan<RowEffect, Parent: ComposableEffect>(
    _ effect: RowEffect,
    scope: EffectID,
    lift: (RowEffect) -> Parent
) -> Parent {
    guard let composable = RowEffect.self as? any ComposableEffect.Type else { return lift(effect) }
    func lifted<C: ComposableEffect>(_: C.Type) -> Parent {
        // `C` is `RowEffect` (checked by the cast above).
        liftPlan(effect as! C, scope: scope) { lift($0 as! RowEffect) }
    }
    return lifted(composable)
}

/// `effect`'s plan, if it has one, rebuilt in the parent's effect type with every id scoped to the row.
func liftPlan<Child: ComposableEffect, Parent: ComposableEffect>(
    _ effect: Child,
    scope: EffectID,
    lift: (Child) -> Parent
) -> Parent {
    guard let plan = effect.plan else { return lift(effect) }
    func scoped(_ id: EffectID) -> EffectID { EffectID(RowScopedID(rowEffects: scope, id: id)) }
    switch plan {
    case .all(let effects):
        return .plan(.all(effects.map { liftPlan($0, scope: scope, lift: lift) }))
    case .cancellable(let inner, let id, let cancelInFlight):
        return .plan(
            .cancellable(liftPlan(inner, scope: scope, lift: lift), id: scoped(id), cancelInFlight: cancelInFlight)
        )
    case .cancel(let id):
        return .plan(.cancel(scoped(id)))
    case .queued(let inner, let id, let keepingOnlyLatest):
        return .plan(
            .queued(liftPlan(inner, scope: scope, lift: lift), id: scoped(id), keepingOnlyLatest: keepingOnlyLatest)
        )
    case .debounced(let inner, let id, let interval):
        return .plan(.debounced(liftPlan(inner, scope: scope, lift: lift), id: scoped(id), interval: interval))
    case .throttled(let inner, let id, let interval, let latest):
        return .plan(
            .throttled(liftPlan(inner, scope: scope, lift: lift), id: scoped(id), interval: interval, latest: latest)
        )
    case .delayed(let inner, let id, let delay):
        return .plan(.delayed(liftPlan(inner, scope: scope, lift: lift), id: id.map(scoped), delay: delay))
    }
}
