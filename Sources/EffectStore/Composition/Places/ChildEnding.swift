// How a removed child's work ends: in one place, by comparing the declared places (`ChildPlaces`) before and after a
// transition. Each kind of place below says which of its children left; `ChildEndings` collects their scopes, and
// `ComposableEffect.ending(_:in:)` turns them into the transition's effect: the cancellation of each child that left,
// first, and the transition's own effect without the work it started under a scope that ended ("removal wins").
// Undo and redo run the same comparison (`Store.move`), so an undone child ends the same way.

/// The scopes of the children that a transition ended, as the root state's effects name them.
struct ChildEndings {
    /// The scopes of the children that were there before the transition and are gone after it, in order: each is
    /// cancelled, and what the transition started under it never starts.
    private(set) var ended: [EffectID] = []
    /// The scopes of children that came and went within the transition: what it started under them never starts.
    private(set) var neverStarted: [EffectID] = []
    /// Whether the comparison is an undo's or a redo's, which restores an older state: rows and screens are then
    /// compared by id alone, since an undone collection is the one before, not one made anew.
    let restoring: Bool
    /// The scopes of the children being compared, outermost first: a nested child's scope is seen from the root
    /// wrapped in theirs, as the routing verbs lift its plans.
    private var enclosing: [EffectID] = []

    init(restoring: Bool) {
        self.restoring = restoring
    }

    /// Whether no child ended and none came and went.
    var isEmpty: Bool { ended.isEmpty && neverStarted.isEmpty }

    /// Records that the child whose effects run under `scope` left its place.
    mutating func end(_ scope: EffectID) { ended.append(seenFromRoot(scope)) }

    /// Records that a child whose effects run under `scope` came and went within the transition.
    mutating func neverStart(_ scope: EffectID) { neverStarted.append(seenFromRoot(scope)) }

    /// Runs `body` for the places of the child whose effects run under `scope`.
    mutating func within(_ scope: EffectID, _ body: (inout ChildEndings) -> Void) {
        enclosing.append(scope)
        body(&self)
        enclosing.removeLast()
    }

    private func seenFromRoot(_ scope: EffectID) -> EffectID {
        enclosing.reversed().reduce(scope) { id, outer in EffectID(ScopedEffectID(scopeID: outer, id: id)) }
    }
}

extension ChildState {
    /// Handles `event` as a store does: ``handle(event:)``, then the end of every child that left its place (see
    /// ``ChildPlaces``). The effect returned cancels the work of each child that left — first, in the order of the
    /// places — and carries the rest of `handle(event:)`'s effect without what it started for a child that left.
    ///
    /// A store, a `TestStore`, a replay and an explorer all run this function, so a unit test of a parent calls it
    /// to see what the store will do:
    ///
    /// ```swift
    /// var board = Board(counters: [Counter(id: 3)])    // static let places: ChildPlaces<Board> = [.rows(\.counters)]
    /// XCTAssertEqual(board.transition(on: .remove(3)), .cancel(id: RowScope(3)))   // handle(event:) returns nil
    /// ```
    ///
    /// It also brings in step the copies of each value the state declares in ``sharedValues``. For a state that
    /// declares no places and no shared values, it is `handle(event:)`; for one whose `Effect` is not a
    /// ``ComposableEffect``, places end nothing.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: The effect to perform, or `nil`.
    public mutating func transition(on event: Event) -> Effect? {
        let places = Self.places
        guard !places.isEmpty || !Self.sharedValues.isEmpty else { return handle(event: event) }
        return transition(on: event, places: places)
    }

    /// ``transition(on:)`` with the places already read, for a state that declares places or shared values.
    @usableFromInline
    mutating func transition(on event: Event, places: ChildPlaces<Self>) -> Effect? {
        let shared = Self.sharedValues
        guard !places.isEmpty, Effect.self is any ComposableEffect.Type else {
            return handle(event: event, sharing: shared)
        }
        let ends = places.watch(self)
        let sharing = shared.watch(self)
        let effect = handle(event: event)
        // The copies are in step before the places compare: a write into a screen is a change in place, no ending.
        sharing?.apply(to: &self)
        var endings = ChildEndings(restoring: false)
        // Moved, not copied: a copy would make the next change of each collection in the state copy it whole.
        var after: Self? = consume self
        for end in ends { end(&after, &endings) }
        self = after.take()!  // the places never set the parent to nil
        return Self.ending(endings, in: effect)
    }

    /// `target`, as an undo or a redo restores it over `current`: the children of `current` that `target` does not
    /// hold end, and its stacks count on from `current`'s next ids. Returns the effect that ends them: cancellations
    /// only, or `nil`. Package access: a session's replay restores undo and redo entries the same way.
    package static func restoring(_ target: Self, over current: Self, places: ChildPlaces<Self>) -> (Self, Effect?) {
        guard !places.isEmpty, Effect.self is any ComposableEffect.Type else { return (target, nil) }
        var endings = ChildEndings(restoring: true)
        var after: Self? = target
        for end in places.watch(current) { end(&after, &endings) }
        return (after ?? target, ending(endings, in: nil))
    }

    /// `effect` with `endings` applied, when `Effect` is a ``ComposableEffect`` (the callers checked).
    private static func ending(_ endings: ChildEndings, in effect: Effect?) -> Effect? {
        guard !endings.isEmpty, let composable = Effect.self as? any ComposableEffect.Type else { return effect }
        func apply<E: ComposableEffect>(_: E.Type) -> Effect? {
            // `E` is `Effect` (checked by the cast above): the casts change no value.
            E.ending(endings, in: effect.map { $0 as! E }).map { $0 as! Effect }
        }
        return apply(composable)
    }
}

extension ComposableEffect {
    /// `effect` as the transition that returned it ends the children in `endings`: the cancellation of each child
    /// that left, first, unless `effect` cancels it itself; then `effect` without the work started under the scope of
    /// a child that left or came and went — unless that work comes after an explicit cancellation of the scope in
    /// `effect`, which ends the old child there and leaves what follows to a new child presented in its place.
    static func ending(_ endings: ChildEndings, in effect: Self?) -> Self? {
        guard !endings.ended.isEmpty || effect.map({ $0.plan != nil }) == true else { return effect }
        var effects: [Self] = []
        if let effect {
            if case .all(let all)? = effect.plan { effects = all } else { effects = [effect] }
        }
        // A transition ends a few children at most: the scopes are searched in arrays.
        let ended = endings.ended
        let neverStarted = endings.neverStarted
        // The last explicit cancellation of each ended scope in the effect: what follows it is a new child's.
        var boundaries: [(scope: EffectID, index: Int)] = []
        if !ended.isEmpty {
            for (index, inner) in effects.enumerated() {
                if case .cancel(let id)? = inner.plan, ended.contains(id) { boundaries.append((id, index)) }
            }
        }
        func boundary(of scope: EffectID) -> Int? { boundaries.last { $0.scope == scope }?.index }
        var kept: [Self] = []
        var cancelled: [EffectID] = []
        for scope in ended where boundary(of: scope) == nil && !cancelled.contains(scope) {
            cancelled.append(scope)
            kept.append(.plan(.cancel(scope)))
        }
        var changed = !kept.isEmpty
        for (index, inner) in effects.enumerated() {
            let pruned = inner.pruned { id in
                if neverStarted.contains(id) { return true }
                guard ended.contains(id) else { return false }
                return boundary(of: id).map { index < $0 } ?? true
            }
            switch pruned {
            case nil: kept.append(inner)
            case .some(let rest):
                changed = true
                if let rest { kept.append(rest) }
            }
        }
        guard changed else { return effect }
        switch kept.count {
        case 0: return nil
        case 1: return kept[0]
        default: return .all(kept)
        }
    }
}

extension ComposableEffect {
    /// `nil` when nothing is under an ended id; otherwise what is left, itself `nil` when nothing is.
    fileprivate func pruned(under isEnded: (EffectID) -> Bool) -> Self?? {
        guard let plan = self.plan else { return nil }
        /// `inner` pruned, rebuilt into this plan's shape by `rebuild`.
        func prunedInner(_ inner: Self, _ rebuild: (Self) -> EffectPlan<Self>) -> Self?? {
            switch inner.pruned(under: isEnded) {
            case nil: return nil
            case .some(nil): return .some(nil)
            case .some(.some(let rest)): return .some(.plan(rebuild(rest)))
            }
        }
        switch plan {
        case .cancel:
            return nil
        case .all(let effects):
            var kept: [Self] = []
            var changed = false
            for effect in effects {
                switch effect.pruned(under: isEnded) {
                case nil: kept.append(effect)
                case .some(nil): changed = true
                case .some(.some(let rest)):
                    kept.append(rest)
                    changed = true
                }
            }
            guard changed else { return nil }
            switch kept.count {
            case 0: return .some(nil)
            case 1: return .some(kept[0])
            default: return .some(.all(kept))
            }
        case .cancellable(let inner, let id, let cancelInFlight):
            if isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .cancellable($0, id: id, cancelInFlight: cancelInFlight) }
        case .queued(let inner, let id, let keepingOnlyLatest):
            if isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .queued($0, id: id, keepingOnlyLatest: keepingOnlyLatest) }
        case .debounced(let inner, let id, let interval):
            if isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .debounced($0, id: id, interval: interval) }
        case .throttled(let inner, let id, let interval, let latest):
            if isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .throttled($0, id: id, interval: interval, latest: latest) }
        case .delayed(let inner, let id, let delay):
            if let id, isEnded(id) { return .some(nil) }
            return prunedInner(inner) { .delayed($0, id: id, delay: delay) }
        }
    }
}

// MARK: - The kinds of place

extension ChildPlaces {
    /// Records in `endings` the children of `old`, a child that stayed in its place, that `new` no longer holds.
    func compare(_ old: Parent, _ new: Parent, into endings: inout ChildEndings) {
        var after: Parent? = new
        for end in watch(old) { end(&after, &endings) }
    }
}

/// An ``IdentifiedStates``'s rows, as they were before a transition.
struct RowsPlace<Parent, Row: ChildState & Identifiable>: Sendable where Row.ID: Sendable {
    let rows: KeyPath<Parent, IdentifiedStates<Row>> & Sendable
    let origin: UInt64
    let mark: ChangeJournalMark
    let positions: [Row.ID: Int]
    /// The rows themselves, kept only when a row has places of its own to compare.
    let before: IdentifiedStates<Row>?

    init(rows: KeyPath<Parent, IdentifiedStates<Row>> & Sendable, before: IdentifiedStates<Row>) {
        self.rows = rows
        origin = before.journal.origin
        mark = before.journal.mark
        positions = before.positions
        self.before = Row.places.isEmpty ? nil : before
    }

    func end(_ after: inout Parent?, _ endings: inout ChildEndings) {
        guard !positions.isEmpty else { return }
        guard let now = after?[keyPath: rows], endings.restoring || now.journal.origin == origin else {
            // The parent is gone, or the collection was made anew: every row before is gone.
            for id in idsInOrder(positions.keys) { endings.end(EffectID(RowScope(id))) }
            return
        }
        var changed: [Row.ID] = []
        var reshaped = false
        let known = now.journal.forEachEntry(since: mark) { entry in
            switch entry {
            case .changed(let id): changed.append(id)
            case .inserted, .reordered: reshaped = true
            }
        }
        if !known || reshaped {
            let gone = positions.keys.filter { now.positions[$0] == nil }
            for id in idsInOrder(gone) { endings.end(EffectID(RowScope(id))) }
        }
        guard let before else { return }
        // Rows that stayed and may have changed: their own places.
        let candidates: [Row.ID] = known ? changed : Array(positions.keys)
        var seen = Set<Row.ID>()
        for id in candidates where seen.insert(id).inserted {
            guard let old = before[id: id], let new = now[id: id] else { continue }
            endings.within(EffectID(RowScope(id))) { Row.places.compare(old, new, into: &$0) }
        }
    }

    /// `ids` in the order the rows had before the transition.
    private func idsInOrder(_ ids: some Sequence<Row.ID>) -> [Row.ID] {
        ids.sorted { positions[$0, default: 0] < positions[$1, default: 0] }
    }
}

/// A presented child's identity, as it was before a transition.
struct PresentedPlace<Parent, Child: ChildState, Identity: Equatable>: @unchecked Sendable {
    // Unchecked: built and used within one transition, on the thread that runs it; never shared.
    let slot: KeyPath<Parent, Child?> & Sendable
    let identity: (Child) -> Identity
    let before: Identity?
    /// What the child's own places keep, when it has any.
    let childEnds: [PlaceEnd<Child>]

    init(slot: KeyPath<Parent, Child?> & Sendable, identity: @escaping (Child) -> Identity, before: Child?) {
        self.slot = slot
        self.identity = identity
        self.before = before.map(identity)
        childEnds = before.map { Child.places.watch($0) } ?? []
    }

    func end(_ after: inout Parent?, _ endings: inout ChildEndings) {
        let scope = EffectID(PresentationScope(slot))
        let now = after?[keyPath: slot] ?? nil
        guard let before else {
            // Nothing was presented: a child presented and dismissed within the transition starts nothing.
            if now == nil { endings.neverStart(scope) }
            return
        }
        guard let now, identity(now) == before else { return endings.end(scope) }
        guard !childEnds.isEmpty else { return }
        endings.within(scope) { endings in
            var child: Child? = now
            for end in childEnds { end(&child, &endings) }
        }
    }
}

/// A stack's screens, as they were before a transition.
struct StackPlace<Parent, Screen: ChildState>: Sendable {
    let stack: WritableKeyPath<Parent, ScreenStack<Screen>> & Sendable
    let origin: UInt64
    let mark: ChangeJournalMark
    let ids: [StackElementID]
    let nextID: StackElementID
    /// The screens themselves, kept only when a screen has places of its own to compare.
    let before: ScreenStack<Screen>?

    init(stack: WritableKeyPath<Parent, ScreenStack<Screen>> & Sendable, before: ScreenStack<Screen>) {
        self.stack = stack
        origin = before.journal.origin
        mark = before.journal.mark
        ids = before.ids
        nextID = before.nextID
        self.before = Screen.places.isEmpty ? nil : before
    }

    func end(_ after: inout Parent?, _ endings: inout ChildEndings) {
        guard var now = after?[keyPath: stack] else {
            for id in ids.reversed() { endings.end(scope(id)) }
            return
        }
        // A stack never changed since it was made empty (origin 0) has no history to continue.
        let madeAnew = origin != 0 && now.journal.origin != origin && !endings.restoring
        if (madeAnew || endings.restoring) && now.nextID < nextID {
            // A stack assigned, decoded or restored in place of this one counts on from it: a screen id is never
            // given twice in a store's life.
            now.continueCounting(from: nextID)
            after?[keyPath: stack] = now
        }
        // The usual transition changes screens in place only, which the journal tells without comparing ids.
        var changed: [StackElementID] = []
        var reshaped = false
        let known =
            !madeAnew && !endings.restoring
            && now.journal.forEachEntry(since: mark) { entry in
                if case .changed(let id) = entry { changed.append(id) } else { reshaped = true }
            }
        if !known || reshaped {
            let remaining = Set(now.ids)
            for id in ids.reversed() where madeAnew || !remaining.contains(id) { endings.end(scope(id)) }
            if !madeAnew {
                // Screens pushed within the transition and popped again.
                for number in nextID.rawValue..<max(now.nextID.rawValue, nextID.rawValue) {
                    let id = StackElementID(rawValue: number)
                    if !remaining.contains(id) { endings.neverStart(scope(id)) }
                }
            }
        }
        guard let before, !madeAnew else { return }
        // Screens that stayed and may have changed: their own places.
        for id in known ? changed : ids {
            guard let old = before[id: id], let new = now[id: id] else { continue }
            endings.within(scope(id)) { Screen.places.compare(old, new, into: &$0) }
        }
    }

    private func scope(_ id: StackElementID) -> EffectID { EffectID(ScreenScope(stack, id)) }
}

/// The places of a child held in a field or an enum case, as they were before a transition; for a declared case, the
/// case's child itself too.
struct NestedPlace<Parent, Child: ChildState>: @unchecked Sendable {
    // Unchecked: built and used within one transition, on the thread that runs it; never shared.
    let read: (Parent) -> Child?
    /// For a declared enum case, the ``CaseScope`` its child's effects run under; `nil` for a field.
    let caseScope: EffectID?
    /// For a declared enum case, whether a child is the one that was there before; `nil` when none was.
    let isSameChild: ((Child) -> Bool)?
    let childEnds: [PlaceEnd<Child>]

    /// A child in a field.
    init(read: @escaping (Parent) -> Child?, before: Child?) {
        self.read = read
        caseScope = nil
        isSameChild = nil
        childEnds = before.map { Child.places.watch($0) } ?? []
    }

    /// The child of a declared enum case, whose effects run under `caseScope`, told apart by `identity`.
    init<Identity: Equatable>(
        read: @escaping (Parent) -> Child?, before: Child?, caseScope: EffectID, identity: @escaping (Child) -> Identity
    ) {
        self.read = read
        self.caseScope = caseScope
        isSameChild = before.map { before in
            let old = identity(before)
            return { identity($0) == old }
        }
        childEnds = before.map { Child.places.watch($0) } ?? []
    }

    func end(_ after: inout Parent?, _ endings: inout ChildEndings) {
        var child = after.flatMap(read)
        if let caseScope {
            guard let isSameChild else {
                // No child was there: one that came and went within the transition started nothing.
                if child == nil { endings.neverStart(caseScope) }
                return
            }
            // The state left the case, or the case holds another child: the scope ends, and everything under it.
            guard let now = child, isSameChild(now) else { return endings.end(caseScope) }
        }
        guard !childEnds.isEmpty else { return }
        for end in childEnds { end(&child, &endings) }
    }
}
