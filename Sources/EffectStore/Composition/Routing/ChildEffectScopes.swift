// The ids a child's effects run under at its place, and how a child's effect is lifted into its parent's: started
// under its place's scope, with the ids in its plans made the child's own. ChildState+Routing.swift calls these; the
// removal of a child (Places/ChildEnding.swift) cancels the same scopes.

/// The id under which every effect of one row of an ``IdentifiedStates`` runs, when the parent's effect is a
/// ``ComposableEffect``: cancelling it cancels all the row's effects.
///
/// A row that leaves a declared ``ChildPlaces/rows(_:)`` place ends with this cancellation; name it yourself to stop
/// a row's effects while the row stays, or to compare effects in a test:
///
/// ```swift
/// XCTAssertEqual(list.transition(on: .delete(id: 3)), .cancel(id: RowScope(3)))
/// ```
// `@unchecked Sendable`: made only with a `Sendable` id (the public init), or by the routing with the id of a row,
// read from the row — a `ChildState`, so `Sendable`, whose stored properties the compiler checked are `Sendable`.
public struct RowScope<ID: Hashable>: Hashable, @unchecked Sendable {
    /// The row's id.
    public let id: ID

    /// The id of the effects of the row with `id`.
    ///
    /// - Parameter id: The row's id.
    public init(_ id: ID) where ID: Sendable { self.id = id }

    /// The scope of the row whose id is `id`, read from the row.
    init(rowOf id: ID) { self.id = id }
}

/// An id that a row's own plan wrote, as its parent runs it: made the row's own, so that two rows that debounce,
/// queue or cancel under the same id never touch each other's effects.
///
/// ``ChildState/handle(_:in:effect:)`` rewrites every id in a row's plan — of a cancellable, delayed, queued,
/// debounced or throttled effect, and of a cancellation — into `ScopedEffectID(row: id, id: idTheRowWrote)`, then starts
/// the whole effect under the row's ``RowScope`` id. Write the same value to compare a parent's effect with `==`
/// in a test; a row that returns `Effect.tick.delayed(by: .seconds(1), id: TimerID.timer)` gives its parent:
///
/// ```swift
/// XCTAssertEqual(
///     board.handle(event: .counter(id: 1, .start)),
///     Board.Effect.counter(id: 1, .tick)
///         .delayed(by: .seconds(1), id: ScopedEffectID(row: 1, id: TimerID.timer))   // the row's timer
///         .cancellable(id: RowScope(1))                                          // the row's effects
/// )
/// ```
///
/// The row's id must have the row's `ID` type (an `Int` literal is an `Int`). Rows of rows scope twice: the
/// outer row's `ScopedEffectID` wraps the inner row's, `ScopedEffectID(row: 1, id: ScopedEffectID(row: 7, id: TimerID.timer))`,
/// and the inner row's ``RowScope`` id becomes `ScopedEffectID(row: 1, id: RowScope(7))`.
public struct ScopedEffectID: Hashable, Sendable, CustomStringConvertible {
    /// The scope of the child's place: a ``RowScope``, ``PresentationScope`` or ``ScreenScope`` id.
    let scope: EffectID
    /// The id the child wrote.
    let id: EffectID

    /// The id `id`, written in the plan of the row with id `row`, as the row's parent runs it.
    ///
    /// - Parameters:
    ///   - row: The row's id, of the row's `ID` type.
    ///   - id: The id the row's plan wrote, as it wrote it: `TimerID.timer`, `"save"`.
    public init<RowID: Hashable & Sendable, ID: Hashable & Sendable>(row: RowID, id: ID) {
        self.init(scopeID: EffectID(RowScope(row)), id: EffectID(id))
    }

    /// The id `id`, written in the plan of a presented child or a stack element, as its parent runs it: `scope` is the
    /// presentation's ``PresentationScope`` or the element's ``ScreenScope`` (or a row's ``RowScope``,
    /// which ``init(row:id:)`` writes for you).
    ///
    /// ```swift
    /// ScopedEffectID(scope: PresentationScope(\Detail.editor), id: "autosave")
    /// ScopedEffectID(scope: ScreenScope(\App.path, 0), id: Recording.ID.timer)
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The id every effect of the child runs under.
    ///   - id: The id the child's plan wrote, as it wrote it.
    public init<Scope: Hashable & Sendable, ID: Hashable & Sendable>(scope: Scope, id: ID) {
        self.init(scopeID: EffectID(scope), id: EffectID(id))
    }

    /// `id`, scoped to the place whose scope id is `scopeID`: a row's ``RowScope``, a presentation's, a screen's.
    init(scopeID: EffectID, id: EffectID) {
        self.scope = scopeID
        self.id = id
    }

    /// How it is written, as failure messages and logs show ids: `ScopedEffectID(row: 1, id: "save")`,
    /// `ScopedEffectID(row: 1, id: .timer)`.
    public var description: String {
        let written = described
        guard let rowID = (scope.base as? any RowScopeID)?.rowID else {
            return "ScopedEffectID(scope: \(written(scope.base)), id: \(written(id.base)))"
        }
        return "ScopedEffectID(row: \(written(rowID)), id: \(written(id.base)))"
    }
}

/// A ``RowScope`` of any row type, for ``ScopedEffectID``'s description.
private protocol RowScopeID {
    var rowID: Any { get }
}

extension RowScope: RowScopeID {
    fileprivate var rowID: Any { id }
}

/// `effect` lifted by `lift`; when `effect` carries a plan, the plan is lifted effect by effect, with its ids scoped
/// to the place — a row, a presentation, a screen — whose scope id is `scope`.
func liftScopedPlan<ChildEffect, Parent: ComposableEffect>(
    _ effect: ChildEffect,
    scope: EffectID,
    lift: (ChildEffect) -> Parent
) -> Parent {
    guard let composable = ChildEffect.self as? any ComposableEffect.Type else { return lift(effect) }
    func lifted<C: ComposableEffect>(_: C.Type) -> Parent {
        // `C` is `ChildEffect` (checked by the cast above).
        liftPlan(effect as! C, scope: scope) { lift($0 as! ChildEffect) }
    }
    return lifted(composable)
}

/// `effect`'s plan, if it has one, rebuilt in the parent's effect type with every id scoped to `scope`.
func liftPlan<Child: ComposableEffect, Parent: ComposableEffect>(
    _ effect: Child,
    scope: EffectID,
    lift: (Child) -> Parent
) -> Parent {
    guard let plan = effect.plan else { return lift(effect) }
    func scoped(_ id: EffectID) -> EffectID { EffectID(ScopedEffectID(scopeID: scope, id: id)) }
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

/// The id under which every effect of a child presented at one optional property runs: cancelling it ends them all.
///
/// ``ChildState/handle(_:in:effect:)`` starts the presented child's effects
/// under it, and scopes the ids in the child's plans to it (``ScopedEffectID/init(scope:id:)``), so that a child's
/// `"autosave"` debounce never meets its parent's. The presentation ends — and this id is cancelled — in the
/// transition that dismisses or replaces the child, when the parent declares the slot among its places
/// (``ChildPlaces/presented(_:identifiedBy:)``); what that transition returns under it never starts
/// (<doc:Navigation#Removal-wins>). A test writes the same value:
///
/// ```swift
/// XCTAssertEqual(
///     detail.handle(event: .editor(.presented(.titleChanged("Daily")))),
///     Detail.Effect.editor(.validate("Daily")).cancellable(id: PresentationScope(\Detail.editor))
/// )
/// XCTAssertEqual(detail.transition(on: .editor(.dismiss)), .cancel(id: PresentationScope(\Detail.editor)))
/// ```
///
/// The property is named by its key path, which must be a plain stored or computed property path (key paths with
/// subscripts work too, when their arguments are `Sendable`).
public struct PresentationScope: Hashable, Sendable, CustomStringConvertible {
    /// Where the parent keeps the presented child.
    let slot: AnyKeyPath & Sendable

    /// The id of the effects of the child presented at `slot`.
    ///
    /// - Parameter slot: The parent's optional property that holds the child, such as `\Detail.editor`.
    public init<Parent, Child>(_ slot: KeyPath<Parent, Child?> & Sendable) {
        self.slot = slot
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        // One key path literal is one object: the identity check settles the usual case without walking it.
        lhs.slot === rhs.slot || lhs.slot == rhs.slot
    }

    /// Hashes the key path's type alone: hashing a key path walks its components, and a parent's presentations
    /// mostly differ in type; `==` tells apart two of one type.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type(of: slot))) }

    /// `PresentationScope(\Detail.editor)`.
    public var description: String { "PresentationScope(\(slot))" }
}

/// The id under which every effect of one screen of a ``ScreenStack`` runs: cancelling it ends them all, the
/// screen's own presentations' included.
///
/// ``ChildState/handle(_:in:effect:)`` starts a screen's effects under it and scopes
/// the ids of the screen's plans to it (``ScopedEffectID/init(scope:id:)``); a pop cancels it when the parent declares
/// the stack among its places (``ChildPlaces/stack(_:)``), and what the popping transition returns under it never
/// starts (<doc:Navigation#Removal-wins>). A test writes the same value:
///
/// ```swift
/// XCTAssertEqual(
///     app.handle(event: .path(.element(id: 1, .record(.start)))),
///     App.Effect.work(.screen(1, .work(.record(.work(.tick)))))
///         .delayed(by: .seconds(1), id: ScopedEffectID(scope: ScreenScope(\App.path, 1), id: "timer"))
///         .cancellable(id: ScreenScope(\App.path, 1))
/// )
/// ```
public struct ScreenScope: Hashable, Sendable, CustomStringConvertible {
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

    /// `ScreenScope(\App.path, 1)`.
    public var description: String { "ScreenScope(\(stack), \(id))" }
}

/// The id under which every effect of the child in a declared case of an enum state runs: the state leaving the case
/// cancels it, and so ends all the child's work.
///
/// ``ChildState/handle(_:of:as:effect:)`` starts the child's effect under it when the enum declares the case among
/// its places (``ChildPlaces/case(_:identifiedBy:)``); the ids in the child's plans stay as it wrote them, since the enum holds one
/// case at a time. The scope is named by the child's type and the enum's, so two cases that hold the same type share
/// it: moving from one to the other in one transition ends the first like a replaced presentation
/// (<doc:Navigation#Removal-wins>). A test writes the same value:
///
/// ```swift
/// XCTAssertEqual(
///     flow.handle(event: .signIn(.emailChanged("a@b.c"))),
///     Flow.Effect.signIn(.validate("a@b.c")).cancellable(id: CaseScope(SignIn.self, in: Flow.self))
/// )
/// XCTAssertEqual(flow.transition(on: .skip), .cancel(id: CaseScope(SignIn.self, in: Flow.self)))
/// ```
public struct CaseScope: Hashable, Sendable, CustomStringConvertible {
    let child: Any.Type
    let parent: Any.Type

    /// The id of the effects of the `Child` held in a case of the enum `Parent`.
    ///
    /// - Parameters:
    ///   - child: The type of the case's child, such as `SignIn.self`.
    ///   - parent: The enum state, such as `Flow.self`.
    public init<Child, Parent>(_ child: Child.Type, in parent: Parent.Type) {
        self.child = child
        self.parent = parent
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.child == rhs.child && lhs.parent == rhs.parent }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(child))
        hasher.combine(ObjectIdentifier(parent))
    }

    /// `CaseScope(SignIn.self, in: Flow.self)`.
    public var description: String { "CaseScope(\(child).self, in: \(parent).self)" }
}

/// Lifts a child's `effect` into its parent's effect type with `lift`: when the parent's effect is a
/// ``ComposableEffect``, the child's plans stay plans, and with a `scope` (a presentation's, a row's, a screen's) the
/// whole effect runs under it and the ids in its plans are scoped to it; otherwise the effect is lifted as it is.
@usableFromInline
func liftChildEffect<ChildEffect, Parent>(
    _ effect: ChildEffect,
    scope: @autoclosure () -> EffectID?,
    lift: (ChildEffect) -> Parent
) -> Parent {
    guard let composable = Parent.self as? any ComposableEffect.Type else { return lift(effect) }
    func lifted<P: ComposableEffect>(_: P.Type) -> Parent {
        // `P` is `Parent` (checked by the cast above): the casts change no value.
        guard let scope = scope() else { return liftKeepingPlan(effect) { lift($0) as! P } as! Parent }
        return liftScoped(effect, scope: scope) { lift($0) as! P } as! Parent
    }
    return lifted(composable)
}

/// `effect`, lifted by `lift` with the ids of its plans scoped to `scope`, started under `scope`.
func liftScoped<ChildEffect, Parent: ComposableEffect>(
    _ effect: ChildEffect,
    scope: EffectID,
    lift: (ChildEffect) -> Parent
) -> Parent {
    .plan(.cancellable(liftScopedPlan(effect, scope: scope, lift: lift), id: scope, cancelInFlight: false))
}

/// `effect` lifted by `lift`; when `effect` is a ``ComposableEffect`` too, with its plan kept (see
/// ``ComposableEffect/lifting(_:into:under:)``).
func liftKeepingPlan<ChildEffect, Parent: ComposableEffect>(
    _ effect: ChildEffect,
    lift: (ChildEffect) -> Parent
) -> Parent {
    guard let composable = ChildEffect.self as? any ComposableEffect.Type else { return lift(effect) }
    func lifted<C: ComposableEffect>(_: C.Type) -> Parent {
        // `C` is `ChildEffect` (checked by the cast above): the casts change no value.
        Parent.liftingPlan(effect as! C) { lift($0 as! ChildEffect) }
    }
    return lifted(composable)
}
