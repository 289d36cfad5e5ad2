// How a child's work ends: in one place, by comparing the declared places (`ChildPlaces`) before and after a
// transition. Each kind of place (ChildHolder.swift) marks what it holds before, and says after which children left;
// `ChildEndings` collects their scopes, and `ComposableEffect.ending(_:in:)` turns them into the transition's effect:
// the cancellation of each child that left, first, and the transition's own effect without the work it started for
// a child that left or came and went ("removal wins"). Undo and redo run the same comparison (`restoring`).

extension ChildState {
    /// Handles `event` as a store does: ``handle(event:)``, then the copies of each value declared in
    /// ``sharedValues`` brought in step, then the end of every child that left its place (see ``ChildPlaces``).
    ///
    /// A store, a `TestStore`, a replay and an explorer all run this function, so a test of a parent calls it to see
    /// what the store does — the work of the children that left ends first, in the order of the places:
    ///
    /// ```swift
    /// var list = TodoList(todos: [Todo(id: 3, title: "Milk")])
    /// XCTAssertEqual(list.transition(on: .delete(id: 3)), TodoList.todos.ending(3))
    /// ```
    ///
    /// For a state that declares no places and no shared values, it is `handle(event:)`.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: The effect to perform, or `nil`.
    @inlinable
    public mutating func transition(on event: Event) -> Effect? {
        let places = Self.places
        guard !places.isEmpty || !Self.sharedValues.isEmpty else { return handle(event: event) }
        return transition(on: event, places: places)
    }

    /// ``transition(on:)`` with the places already read, for a state that declares places or shared values.
    @inlinable
    mutating func transition(on event: Event, places: ChildPlaces<Self>) -> Effect? {
        let marks = places.mark(&self)
        let shared = Self.sharedValues
        let effect: Effect?
        if shared.isEmpty {
            effect = handle(event: event)
        } else {
            effect = shared.transition(&self) { $0.handle(event: event) }
        }
        guard !places.isEmpty else { return effect }
        var endings = ChildEndings(restoring: false)
        places.end(marks, &self, &endings)
        return places.ending(endings, in: effect)
    }

    /// `target`, as an undo or a redo restores it over `current`: the children of `current` that `target` does not
    /// hold end, and its stacks count on from `current`'s next ids. Returns the effect that ends them: cancellations
    /// only, or `nil`. Package access: a session's replay restores undo and redo entries the same way.
    package static func restoring(_ target: Self, over current: Self, places: ChildPlaces<Self>) -> (Self, Effect?) {
        guard !places.isEmpty else { return (target, nil) }
        var endings = ChildEndings(restoring: true)
        var current = current
        var after = target
        places.end(places.mark(&current), &after, &endings)
        return (after, places.ending(endings, in: nil))
    }
}

/// The scopes of the children that a transition ended, as the root state's effects name them.
@usableFromInline
struct ChildEndings {
    /// The scopes of the children that were there before the transition and left, in order: each is cancelled first.
    private(set) var ended: [EffectID] = []
    /// Which work the transition started under a scope never starts, by scope: the work of the children that left or
    /// came and went within it, told apart by their stamps from the work of a child that came in their place.
    private(set) var dropped: [EffectID: Dropping] = [:]
    /// Whether the comparison is an undo's or a redo's, which restores an older state: rows and screens are then
    /// compared by id alone, since an undone collection is the one before, not one made anew.
    @usableFromInline let restoring: Bool
    /// The scopes of the children being compared, outermost first: a nested child's scope is seen from the root
    /// wrapped in theirs, as its effects are lifted.
    private var enclosing: [EffectID] = []

    @usableFromInline
    init(restoring: Bool) { self.restoring = restoring }

    /// Whether no child ended and none came and went.
    @usableFromInline var isEmpty: Bool { ended.isEmpty && dropped.isEmpty }

    /// Which of the work started under a scope in the transition belongs to a child that is gone.
    @usableFromInline
    enum Dropping {
        /// All of it: no child is at the address now.
        case all
        /// The work of the child with this identity (the hash of its `id`): another has its place now.
        case identity(Int)
        /// The work routed before this position of the journal of origin `origin`: the row left there, and a row with
        /// its id came back after.
        case before(origin: UInt64, version: Int)
        /// The work routed in the collection of this origin: a collection made anew is in its place now.
        case origin(UInt64)

        /// Whether the work stamped `stamp` goes.
        func drops(_ stamp: ChildStamp?) -> Bool {
            guard let stamp else { return true }
            switch self {
            case .all: return true
            case .identity(let hash): return stamp.origin == 0 && stamp.version == hash
            case .before(let origin, let version): return stamp.origin == origin && stamp.version <= version
            case .origin(let origin): return stamp.origin == origin
            }
        }
    }

    /// Records that the child whose effects run under `scope` left its place: it is cancelled first, and the work the
    /// transition started for it — as `dropping` says — never starts.
    @usableFromInline
    mutating func end(_ scope: EffectID, dropping: Dropping = .all) {
        let scope = seenFromRoot(scope)
        if dropped.updateValue(dropping, forKey: scope) == nil { ended.append(scope) }
    }

    /// Records that a child whose effects run under `scope` came and went within the transition.
    @usableFromInline
    mutating func neverStart(_ scope: EffectID) { dropped[seenFromRoot(scope)] = .all }

    /// Whether `id`, the scope of work the transition started, is one of a child that is gone.
    func drops(_ id: EffectID) -> Bool {
        guard let dropping = dropped[id] else { return false }
        return dropping.drops(id.childStamp)
    }

    /// Runs `body` for the places of the child whose effects run under `scope`.
    @usableFromInline
    mutating func within<Result>(_ scope: EffectID, _ body: (inout ChildEndings) -> Result) -> Result {
        enclosing.append(scope)
        defer { enclosing.removeLast() }
        return body(&self)
    }

    private func seenFromRoot(_ scope: EffectID) -> EffectID {
        enclosing.reversed().reduce(scope) { id, outer in EffectID(ScopedEffectID(scope: outer, id: id)) }
    }
}

extension ComposableEffect {
    /// `effect` as the transition that returned it ends the children in `endings`: the cancellation of each child
    /// that left, first, unless `effect` cancels it itself; then `effect` without the work it started under the scope
    /// of a child that left or came and went.
    static func ending(_ endings: ChildEndings, in effect: Self?) -> Self? {
        guard !endings.isEmpty else { return effect }
        let effects: [Self] = effect.map { if case .all(let all)? = $0.plan { all } else { [$0] } } ?? []
        var cancelled = Set<EffectID>()
        for inner in effects { if case .cancel(let id)? = inner.plan { cancelled.insert(id) } }
        var kept: [Self] = []
        for scope in endings.ended where !cancelled.contains(scope) { kept.append(.plan(.cancel(scope))) }
        var changed = !kept.isEmpty
        for inner in effects {
            guard !endings.dropped.isEmpty, let pruned = inner.pruned(under: endings.drops) else {
                kept.append(inner)
                continue
            }
            changed = true
            if let pruned { kept.append(pruned) }
        }
        guard changed else { return effect }
        switch kept.count {
        case 0: return nil
        case 1: return kept[0]
        default: return .all(kept)
        }
    }

    /// `nil` when nothing is under an ended id; otherwise what is left, itself `nil` when nothing is.
    fileprivate func pruned(under isEnded: (EffectID) -> Bool) -> Self?? {
        guard let plan else { return nil }
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

// MARK: - What each kind of place keeps before a transition

/// What a place kept of its children before a transition, to tell after it which left. Made and read by the kinds of
/// place (ChildHolder.swift), compiled for the parent's types.
@usableFromInline
enum PlaceMark {
    /// Nothing to compare: a place of one child that never leaves, whose child has no places of its own.
    case none
    /// A place of one child: whether the child was there, what tells it from another (its `id`, when it is
    /// `Identifiable` and can leave), and the marks of its own places.
    case single(present: Bool, identity: AnyHashable?, nested: [PlaceMark])
    /// Rows or screens: where their journal stood, the next screen id, what they were — the rows' positions by id, the
    /// screens' ids — and the children themselves when they have places of their own.
    case collection(origin: UInt64, journal: ChangeJournalMark, nextID: Int, before: Any, children: Any?)

    /// No child at a place of one child; `leaves` is whether a child can leave the place at all.
    @inlinable
    static func absent(leaves: Bool) -> PlaceMark {
        leaves ? .single(present: false, identity: nil, nested: []) : .none
    }

    @inlinable
    init<Child: ChildState>(single child: inout Child, leaves: Bool) {
        let places = Child.places
        let nested = places.isEmpty ? [] : places.mark(&child)
        guard leaves || !nested.isEmpty else {
            self = .none
            return
        }
        self = .single(present: true, identity: leaves ? identity(of: child) : nil, nested: nested)
    }

    @inlinable
    init<Row: ChildState & Identifiable>(rows: inout IdentifiedStates<Row>) {
        self = .collection(
            origin: rows.journal.origin, journal: rows.journal.mark, nextID: 0, before: rows.positions,
            children: Row.places.isEmpty ? nil : rows)
    }

    @inlinable
    init<Screen: ChildState>(stack: inout ScreenStack<Screen>) {
        self = .collection(
            origin: stack.journal.origin, journal: stack.journal.mark, nextID: stack.nextID.rawValue,
            before: stack.ids, children: Screen.places.isEmpty ? nil : stack)
    }

    /// The end of a place of one child that holds a child after the transition: the one before was replaced, or
    /// stayed and its own places compare (in place).
    @inlinable
    func end<Child: ChildState>(present child: inout Child, scope: EffectID, endings: inout ChildEndings) -> Bool {
        guard case .single(let present, let identity, let nested) = self, present else { return false }
        if let identity, EffectStore.identity(of: child) != identity {
            endings.end(scope, dropping: .identity(identity.hashValue))
            return false
        }
        guard !nested.isEmpty else { return false }
        return endings.within(scope) { Child.places.end(nested, &child, &$0) }
    }

    /// The end of a place of one child that holds none after the transition: the child before left, or one came and
    /// went within it.
    @inlinable
    func end(absentUnder scope: EffectID, endings: inout ChildEndings) {
        guard case .single(let present, _, _) = self else { return }
        if present { endings.end(scope) } else { endings.neverStart(scope) }
    }

    /// The end of rows: those the journal says were removed — also when another row came back under the same id —
    /// or, when the journal cannot tell, those whose id is gone; every row when the collection was made anew.
    @inlinable
    func endRows<Row: ChildState & Identifiable>(
        _ now: inout IdentifiedStates<Row>,
        scope: (Row.ID) -> EffectID,
        endings: inout ChildEndings
    ) -> Bool {
        guard case .collection(let origin, let journal, _, let before, let children) = self else { return false }
        guard endings.restoring || now.journal.origin == origin else {
            // The collection was made anew: every row before is gone, and what the transition started for the rows of
            // the old collection with it.
            let positions = before as? [Row.ID: Int] ?? [:]
            for id in Self.inOrder(positions) { endings.end(scope(id), dropping: .origin(origin)) }
            return false
        }
        // The rows before are read (cast from `Any`) only when one left, the journal cannot tell, or they have places.
        let old = Row.places.isEmpty ? nil : children as? IdentifiedStates<Row>
        var changed: [Row.ID] = []
        // Each id removed, with the journal's version right after its last removal.
        var removed: [(id: Row.ID, version: Int)] = []
        var version = journal.version
        let known =
            !endings.restoring
            && now.journal.forEachEntry(since: journal) { entry in
                version += 1
                switch entry {
                case .changed(let id): if old != nil { changed.append(id) }
                case .removed(let id): removed.append((id, version))
                case .inserted, .reordered: break
                }
            }
        guard !known || !removed.isEmpty || old != nil else { return false }
        let positions = before as? [Row.ID: Int] ?? [:]
        if known {
            var ending: [Row.ID: Int] = [:]  // the last removal of each id
            for (id, version) in removed { ending[id] = version }
            for (id, version) in removed where ending[id] == version {
                if positions[id] != nil {
                    // A row with its id back in the transition is another row: it keeps the work routed to it since.
                    let dropping: ChildEndings.Dropping =
                        now.contains(id: id) ? .before(origin: origin, version: version) : .all
                    endings.end(scope(id), dropping: dropping)
                } else if !now.contains(id: id) {
                    endings.neverStart(scope(id))  // added and removed within the transition
                }
            }
        } else {
            for id in Self.inOrder(positions) where !now.contains(id: id) { endings.end(scope(id)) }
        }
        // Rows that stayed and may have changed: their own places.
        guard let old else { return false }
        var wrote = false
        var seen = Set<Row.ID>()
        for id in known ? changed : old.ids where seen.insert(id).inserted {
            guard var before = old[id: id], now.contains(id: id) else { continue }
            let marks = Row.places.mark(&before)
            if now.modify(id: id, { row in endings.within(scope(id)) { Row.places.end(marks, &row, &$0) } }) == true {
                wrote = true
            }
        }
        return wrote
    }

    /// The end of a stack's screens: those popped, however; every screen when the stack was made anew, which then
    /// counts on from the next id of the one it replaced, so that an id is never given twice.
    @inlinable
    func endStack<Screen: ChildState>(
        _ now: inout ScreenStack<Screen>,
        scope: (StackElementID) -> EffectID,
        endings: inout ChildEndings
    ) -> Bool {
        guard case .collection(let origin, let journal, let nextID, let before, let children) = self,
            let ids = before as? [StackElementID]
        else { return false }
        // A stack never changed since it was made empty (origin 0) has no history to continue.
        let madeAnew = origin != 0 && now.journal.origin != origin && !endings.restoring
        var wrote = false
        if (madeAnew || endings.restoring) && now.nextID.rawValue < nextID {
            now.continueCounting(from: StackElementID(rawValue: nextID))
            wrote = true
        }
        // The usual transition changes screens in place only, which the journal tells without comparing ids.
        let old = children as? ScreenStack<Screen>
        var changed: [StackElementID] = []
        var reshaped = false
        let known =
            !madeAnew && !endings.restoring
            && now.journal.forEachEntry(since: journal) { entry in
                if case .changed(let id) = entry {
                    if old != nil { changed.append(id) }
                } else {
                    reshaped = true
                }
            }
        if !known || reshaped {
            let remaining = Set(now.ids)
            for id in ids.reversed() where madeAnew || !remaining.contains(id) {
                endings.end(scope(id), dropping: madeAnew ? .origin(origin) : .all)
            }
            // Screens pushed within the transition and popped again.
            for number in madeAnew ? nextID..<nextID : nextID..<max(now.nextID.rawValue, nextID) {
                let id = StackElementID(rawValue: number)
                if !remaining.contains(id) { endings.neverStart(scope(id)) }
            }
        }
        // Screens that stayed and may have changed: their own places.
        if let old, !madeAnew {
            for id in known ? changed : ids {
                guard var before = old[id: id] else { continue }
                let marks = Screen.places.mark(&before)
                let changed = now.modify(id: id) { screen in
                    endings.within(scope(id)) { Screen.places.end(marks, &screen, &$0) }
                }
                if changed == true { wrote = true }
            }
        }
        return wrote
    }

    /// The ids of `positions`, in the order of their positions.
    @inlinable
    static func inOrder<ID>(_ positions: [ID: Int]) -> [ID] {
        var ordered = [ID?](repeating: nil, count: positions.count)
        for (id, position) in positions where position < ordered.count { ordered[position] = id }
        return ordered.compactMap { $0 }
    }
}

/// What tells one child at a place from the next: its `id` when it is `Identifiable` (a child replaced by one with
/// another `id` is another child), and nothing otherwise (a child stays one until it goes away).
@inlinable
package func identity<Child>(of child: Child) -> AnyHashable? {
    func id<Item: Identifiable>(of item: Item) -> AnyHashable { AnyHashable(item.id) }
    return (child as? any Identifiable).map { id(of: $0) }
}
