/// A store's undo and redo stacks, bounded; a plain value, changed only on the store's queue.
///
/// The rules (documented on ``Store/enableUndo(limit:isUndoable:)``):
/// - A transition that `isUndoable` accepts opens a step with the state before it, for its *chain*: the dispatch
///   and every event that its effects answer with afterwards, whenever they come. The chain's first transition that
///   changes the state — that one or a later one — records the step.
/// - A later change by a chain whose step is the last one recorded belongs to that step. A change by a chain whose
///   step was recorded before another one is a step of its own, so that undoing the later step never leaves it
///   half done. Any other change (an event source's, or an answer to a transition that opened no step) belongs to
///   the last step.
/// - So what one undo reverts never depends on when an answer arrives relative to other dispatches.
/// - Any transition that changes the state — undoable or not — clears the redo stack: redoing would overwrite it.
/// - A transition that leaves the state as it was (an ignored late answer, with an `Equatable` state) changes
///   nothing here.
/// - Past `limit` undo steps, the oldest is dropped.
struct UndoHistory<S: State> {
    let limit: Int
    let isUndoable: @Sendable (StoreTransition<S>) -> Bool
    /// States to go back to, oldest first, each with the chain whose step it begins.
    private(set) var past: [S] = []
    private var pastChains: [UInt64?] = []
    /// States to go forward to again, the next one last.
    private(set) var future: [S] = []
    /// The steps opened and not recorded yet, oldest first: the state before the transition that opened each, and
    /// its chain. A chain that never changes anything records no step; the oldest are forgotten past
    /// ``maximumOpenSteps``.
    private var open: [(chain: UInt64?, from: S)] = []

    /// The most steps kept open at once: dispatches whose chains have changed nothing yet.
    static var maximumOpenSteps: Int { 64 }

    init(limit: Int, isUndoable: @escaping @Sendable (StoreTransition<S>) -> Bool) {
        self.limit = limit
        self.isUndoable = isUndoable
    }

    /// Records a transition the store handled on behalf of `chain` (`nil`: none, such as an event source's);
    /// `isUndoable` is the predicate's verdict, taken outside the lock.
    mutating func record(_ transition: StoreTransition<S>, chain: UInt64?, isUndoable: Bool) {
        if isUndoable {
            open.removeAll { $0.chain == chain }
            open.append((chain, transition.from))
            if open.count > Self.maximumOpenSteps { open.removeFirst(open.count - Self.maximumOpenSteps) }
        }
        guard transition.changedState else { return }
        future.removeAll()
        if let index = open.lastIndex(where: { $0.chain == chain }) {
            pushPast(open.remove(at: index).from, chain: chain)
        } else if let chain, chain != pastChains.last, pastChains.contains(chain) {
            pushPast(transition.from, chain: chain)
        }
    }

    /// Goes back one step from `current`: returns the state to restore, or `nil` when there is none.
    mutating func undo(from current: S) -> S? {
        guard let target = past.popLast() else { return nil }
        pastChains.removeLast()
        open.removeAll()
        future.append(current)
        return target
    }

    /// Goes forward one step from `current`: returns the state to restore, or `nil` when there is none.
    mutating func redo(from current: S) -> S? {
        guard let target = future.popLast() else { return nil }
        open.removeAll()
        pushPast(current, chain: nil)
        return target
    }

    private mutating func pushPast(_ state: S, chain: UInt64?) {
        past.append(state)
        pastChains.append(chain)
        if past.count > limit {
            past.removeFirst(past.count - limit)
            pastChains.removeFirst(pastChains.count - limit)
        }
    }
}
