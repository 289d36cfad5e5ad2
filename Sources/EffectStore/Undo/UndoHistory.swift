/// A store's undo and redo stacks, bounded; a plain value, changed only on the store's queue.
///
/// The rules (documented on ``Store/enableUndo(limit:isUndoable:)``):
/// - A transition that `isUndoable` accepts opens a step with the state before it; the first transition that
///   changes the state from then on — that one or a later one — records the open step: one undo step.
/// - Any transition that changes the state — undoable or not — clears the redo stack: redoing would overwrite it.
/// - A transition that leaves the state as it was (an ignored late answer, with an `Equatable` state) changes
///   nothing here.
/// - Past `limit` undo steps, the oldest is dropped.
struct UndoHistory<S: State> {
    let limit: Int
    let isUndoable: @Sendable (StoreTransition<S>) -> Bool
    /// States to go back to, oldest first.
    private(set) var past: [S] = []
    /// States to go forward to again, the next one last.
    private(set) var future: [S] = []
    /// The state before the last transition that opened a step, until a change records it.
    private var openStep: S?

    init(limit: Int, isUndoable: @escaping @Sendable (StoreTransition<S>) -> Bool) {
        self.limit = limit
        self.isUndoable = isUndoable
    }

    /// Records a transition the store handled; `isUndoable` is the predicate's verdict, taken outside the lock.
    mutating func record(_ transition: StoreTransition<S>, isUndoable: Bool) {
        if isUndoable { openStep = transition.from }
        guard transition.changedState else { return }
        future.removeAll()
        if let step = openStep {
            pushPast(step)
            openStep = nil
        }
    }

    /// Goes back one step from `current`: returns the state to restore, or `nil` when there is none.
    mutating func undo(from current: S) -> S? {
        guard let target = past.popLast() else { return nil }
        openStep = nil
        future.append(current)
        return target
    }

    /// Goes forward one step from `current`: returns the state to restore, or `nil` when there is none.
    mutating func redo(from current: S) -> S? {
        guard let target = future.popLast() else { return nil }
        openStep = nil
        pushPast(current)
        return target
    }

    private mutating func pushPast(_ state: S) {
        past.append(state)
        if past.count > limit { past.removeFirst(past.count - limit) }
    }
}
