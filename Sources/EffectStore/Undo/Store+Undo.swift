import Foundation

extension Store {
    /// Starts keeping an undo history of at most `limit` steps, so that ``undo()`` and ``redo()`` can move
    /// between the states it recorded.
    ///
    /// ```swift
    /// let store = Store<DrawingState>()
    /// store.enableUndo(limit: 50)
    /// store.dispatch(event: .addShape(circle))
    /// store.undo()      // back to the drawing without the circle
    /// store.redo()      // the circle again
    /// ```
    ///
    /// ## What is an undo step
    ///
    /// By default, one undo step is one ``dispatch(event:)`` call *and everything its chain does afterwards*: each
    /// dispatched event opens a step that keeps the state from just before it, and the step is recorded at the first
    /// change — made by the event itself or by an event after it, such as its effect's answer. Events that effects
    /// answer with and events from the event source do not open a step of their own; ``undo()`` undoes them
    /// together with the dispatch before them. So undoing a `fetch` that went `idle → loading → loaded` goes back
    /// to `idle`, never to a `loading` with no download behind it; and undoing a `refresh` that changed nothing
    /// itself, but whose answer did, goes back to the state before the refresh, never further. A dispatch that
    /// nothing changes after records no step. Pass `isUndoable` to choose differently, for example only some
    /// events.
    ///
    /// An answer belongs to the dispatch that asked for it, whatever was dispatched in between, so what one undo
    /// reverts never depends on timing: a tap the state ignores, between the `fetch` and its answer, changes nothing
    /// above. An answer that comes after *another* dispatch's step was recorded is a step of its own, so that undoing
    /// that later step never reverts half of the earlier chain.
    ///
    /// ## New events and the redo history
    ///
    /// Any transition that **changes the state** clears the redo history, undoable or not: redoing would
    /// overwrite that change. A transition that leaves an `Equatable` state unchanged — typically a late effect
    /// answer the state ignores — keeps it. (A state that is not `Equatable` counts every event as a change.)
    ///
    /// ## Effects in flight
    ///
    /// Undo and redo replace the state; they never restart or perform effects. An effect in flight when you undo
    /// still answers, and its event is handled by whatever state is current then, like any late answer (the
    /// ``State`` obligation: ignore events that mean nothing now). A ``dispatch(event:)`` future waiting for that
    /// effect still resolves when the chain ends. Restoring a state does not restart the work it describes: if it
    /// says "loading", dispatch the event that loads again.
    ///
    /// Children are the exception, so that removal means one thing (<doc:Navigation#Removal-wins>): a row, a screen
    /// or a presented child that an undo or a redo removes from its declared place (``ChildPlaces``) ends its work,
    /// as a removal, a pop or a dismissal would — the undo's transition carries the cancellations as its effect — and
    /// a screen id is never given twice in a store's life: a stack restored by an undo counts on from the current
    /// one's next id. Rows and screens are compared by id, since an undone collection is the one before, not one made
    /// anew.
    ///
    /// Calling `enableUndo` again starts a new, empty history with the new limit. Undo makes the store observed:
    /// each event then costs what it costs with a transition observer.
    ///
    /// - Parameters:
    ///   - limit: The most undo steps kept; the oldest is dropped beyond it. At least 1: a smaller limit is a
    ///     programmer error and stops with a message.
    ///   - isUndoable: Whether a transition opens an undo step. Runs on the store's queue (see <doc:Threading>), once
    ///     per transition. By default, `origin == .dispatch`.
    public func enableUndo(
        limit: Int = 100,
        isUndoable: @escaping @Sendable (StoreTransition<S>) -> Bool = { $0.origin == .dispatch }
    ) {
        guard limit > 0 else {
            // `fatalError`, not `precondition`: the message must survive release builds.
            fatalError(
                """
                EffectStore: Store<\(S.self)>.enableUndo(limit:) needs a limit of at least 1, not \(limit). To fix, \
                pass the number of undo steps to keep.
                """
            )
        }
        schedule(
            .call { store in
                let extras = store.extras
                extras.history.withLock { $0 = UndoHistory(limit: limit, isUndoable: isUndoable) }
                extras.hasHistory = true
                store.needsTransitions = true
            })
    }

    /// Stops keeping an undo history and forgets it.
    ///
    /// ```swift
    /// store.disableUndo()
    /// store.canUndo   // false
    /// ```
    ///
    /// Ordered with the store's events like ``enableUndo(limit:isUndoable:)``.
    public func disableUndo() {
        schedule(
            .call { store in
                let extras = store.extras
                extras.history.withLock { $0 = nil }
                extras.hasHistory = false
                store.needsTransitions = extras.needsTransitions
            })
    }

    /// Whether ``undo()`` would go back now: undo is enabled and there is at least one step to undo.
    ///
    /// Safe from any thread. Observers and subscribers called for a transition see it already updated for that
    /// transition, so they can enable an undo button from it.
    public var canUndo: Bool {
        stateBox.withLock { $0.extras }?.history.withLock { !($0?.past.isEmpty ?? true) } ?? false
    }

    /// Whether ``redo()`` would go forward now: there is an undone step that no change has overwritten since.
    ///
    /// Safe from any thread, and up to date in observers and subscribers, as ``canUndo`` is.
    public var canRedo: Bool {
        stateBox.withLock { $0.extras }?.history.withLock { !($0?.future.isEmpty ?? true) } ?? false
    }

    /// Goes back to the state before the last undo step, as a transition of its own.
    ///
    /// ```swift
    /// store.undo()           // from outside any store: undone when this returns
    /// let restored = store.state
    /// ```
    ///
    /// The undo is ordered with events exactly like ``dispatch(event:)``: from outside any store it has happened
    /// when `undo()` returns; from inside this store's callbacks it happens after the current event; from inside
    /// another store's, asynchronously. Observers see it as a ``StoreTransition`` with origin
    /// ``TransitionOrigin/undo`` and no event; subscribers receive the restored state like any other. It performs
    /// no effect; see ``enableUndo(limit:isUndoable:)`` for effects in flight. With nothing to undo, nothing happens.
    ///
    /// Calling it on a store whose undo is not enabled is a programmer error and stops with a message.
    ///
    /// - Returns: A future of the state after the undo (the current state when there was nothing to undo). Its
    ///   callbacks run as those of ``dispatch(event:)``'s future.
    @discardableResult
    public func undo() -> Future<S> {
        moveRequest(.undo)
    }

    /// Goes forward again to the state the last ``undo()`` left, as a transition of its own.
    ///
    /// ```swift
    /// store.undo()
    /// store.redo()   // back where we were, unless a change came in between
    /// ```
    ///
    /// Ordered, observed and notified like ``undo()``, with origin ``TransitionOrigin/redo``. A change to the state
    /// since the undo clears what there was to redo (see ``enableUndo(limit:isUndoable:)``); then nothing happens.
    ///
    /// - Returns: A future of the state after the redo (the current state when there was nothing to redo).
    @discardableResult
    public func redo() -> Future<S> {
        moveRequest(.redo)
    }

    private func moveRequest(_ direction: TransitionOrigin) -> Future<S> {
        let promise = Promise<S>()
        schedule(.call({ store in promise.resolve(store.move(direction)) }, inTurn: true))
        return promise.future
    }

    /// Performs an undo or a redo and returns the state after it (the current state when there is nothing to move
    /// to). On the queue.
    func move(_ direction: TransitionOrigin) -> S {
        assertOnQueue()
        let current = stateOnQueue(reading: "Store.\(direction.rawValue)()")
        guard let extras = stateBox.withLock({ $0.extras }), extras.history.withLock({ $0 != nil }) else {
            fatalError(
                """
                EffectStore: Store<\(S.self)>.\(direction.rawValue)() was called, but undo is not enabled for this store. \
                To fix, call enableUndo(limit:) on the store before undo() or redo().
                """
            )
        }
        let found = extras.history.withLock { history -> S? in
            direction == .undo ? history?.undo(from: current) : history?.redo(from: current)
        }
        guard let found else { return current }
        // Children the undo removes end their work, and screen ids stay new: the declared places, compared as after
        // any transition (`ChildEnding.swift`).
        let (target, ending) = S.restoring(found, over: current, places: S.places)
        stateBox.withLock { $0.state = target }
        if let ending, let effects {
            carryOut(effects.scheduler.start(ending, chain: nil))
        }
        let transition = StoreTransition(
            sequenceNumber: extras.takeSequenceNumber(), time: Date(), origin: direction, event: nil,
            from: current, to: target, effect: ending, changedState: extras.changed(from: current, to: target)
        )
        publish(transition, extras: extras, recordingInHistory: false)
        return target
    }

    /// Updates the undo history, if any, for a transition the store just committed. On the queue.
    func recordInHistory(_ transition: StoreTransition<S>, chain: UInt64?, extras: StoreExtras<S>) {
        guard let isUndoable = extras.history.withLock({ $0?.isUndoable }) else { return }
        let undoable = isUndoable(transition)  // user code: outside the lock
        extras.history.withLock { $0?.record(transition, chain: chain, isUndoable: undoable) }
    }
}
