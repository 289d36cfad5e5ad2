import Foundation

// The loop: event → state → effect → event, on the store's queue.
//
// Everything a store does on its queue starts in `schedule(_:)`, which makes the one decision of where the work
// runs; `dispatch(event:)` from outside any store takes the same synchronous route through `DispatchFrame`, which
// skips making a loop item. On the queue, `run(_:)` takes one `LoopItem`; an event goes through
// `runChain(from:origin:)`, which commits each event with `commit(_:origin:)` and follows effects whose answer is
// already there, until the chain finishes, has to wait for an effect, or goes on in a plan; `settle(_:chain:)`
// then hands the rest to the effect runtime (Effects/EffectRuntime.swift). Transition observers and the undo history
// hook in at `commit` (`commitTransition`) and `move(_:)`.

extension Store {
    /// Work for the loop, in the order it was scheduled.
    @usableFromInline
    enum LoopItem: Sendable {
        /// An event from `dispatch(event:)` or the event source, and the promise of its chain if anyone waits for it.
        case event(S.Event, origin: TransitionOrigin, chain: Promise<S>?)
        /// The answer of an effect in flight (a job of the effect runtime), which ends it.
        case answer(S.Event, job: UInt64)
        /// A run finished, or an answer will never come.
        case jobEnded(UInt64)
        /// Runs have left events (or their ends) in the effect runtime's ``RunInbox``: handle them, oldest first.
        case drainRuns
        /// A timer of the effect runtime fired.
        case timerFired(UInt64)
        /// An `undo()` or a `redo()`.
        case move(HistoryMove, Promise<S>)
        /// Store work that is not an event (attaching a subscriber, installing an observer, …). Unlike the other
        /// items, it runs at once when scheduled from inside this store's own loop.
        case call(@Sendable (Store<S>) -> Void)
    }

    /// How a chain ended for now.
    @usableFromInline
    enum ChainEnd {
        /// The chain has finished, with this state.
        case finished(S)
        /// The chain waits for this effect's answer, or for this run (under `EffectRuntime.adoptionID`, if set).
        case waiting(for: Future<S.Event>)
        /// The chain goes on in this effect's plan, for the effect runtime to carry out.
        case planned(S.Effect)
    }

    // MARK: - Where work runs

    /// Where the caller runs, relative to this store (see `LoopMarker`).
    @inlinable
    var context: StoreContext {
        guard let current = LoopMarker.current else { return .outside }
        return current == Unmanaged.passUnretained(self).toOpaque() ? .own : .other
    }

    /// Runs `item` on the store's queue: synchronously from outside any store, after the current item from inside
    /// this store's loop (a `.call` at once), and asynchronously from inside another store's loop, so that two
    /// stores feeding each other never wait on each other. What the item enqueues is drained before the queue is
    /// released.
    @inlinable
    func schedule(_ item: LoopItem) {
        switch context {
        case .outside:
            SyncFrame.run(item, in: self)
        case .own:
            if case .call(let work) = item {
                work(self)
            } else {
                pending.append(item)
            }
        case .other:
            scheduleWithoutWaiting(item)
        }
    }

    /// Runs `item` on the queue without ever waiting for it: after the current item from inside this store's loop,
    /// asynchronously from anywhere else. For callers that must not block (a `deinit`, which may run under any lock).
    @inlinable
    func scheduleWithoutWaiting(_ item: LoopItem) {
        if context == .own {
            pending.append(item)
            return
        }
        noteBlockFromAnotherStore(finished: false)
        queue.async {
            self.runInLoop(item)
            self.noteBlockFromAnotherStore(finished: true)
            if self.needsIdleSignal { self.signalIdleWaitersIfIdle() }
        }
    }

    /// Runs `item` on the queue and drains what it enqueued.
    @inlinable
    func runInLoop(_ item: LoopItem) {
        inLoop {
            run(item)
            drainPending()
        }
        if needsIdleSignal { signalIdleWaitersIfIdle() }
    }

    /// Marks this thread as running this store's loop while `body` runs. Every block the store runs on its queue
    /// goes through here.
    @inlinable
    func inLoop<T>(_ body: () -> T) -> T {
        LoopMarker.marking(Unmanaged.passUnretained(self).toOpaque(), body)
    }

    /// Runs every item enqueued from inside the loop, oldest first, including those that running them adds.
    @inlinable
    func drainPending() {
        assertOnQueue()
        guard !pending.isEmpty else { return }
        while Int(pendingHead) < pending.count {
            let item = pending[Int(pendingHead)]
            pendingHead += 1
            run(item)
        }
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
    }

    /// Whether an answer may be handled right away: only when nothing else is waiting, so that handling it now is
    /// exactly what enqueuing it and draining would do.
    @inlinable
    var nothingPending: Bool { Int(pendingHead) == pending.count }

    // MARK: - Running items and chains

    /// Runs one item on the queue.
    @inlinable
    func run(_ item: LoopItem) {
        assertOnQueue()
        switch item {
        case .event(let event, let origin, let promise):
            let chainEnd = runChain(from: event, origin: origin)
            if case .finished(let state) = chainEnd {
                promise?.resolve(state)
            } else if let promise {
                guard let chain = continueChain(chainEnd) else {
                    return promise.resolve(stateOnQueue(reading: "Store.dispatch(event:)"))
                }
                effectRuntime.promises[chain] = promise
            } else {
                settle(chainEnd, chain: nil)  // nobody waits for it: no chain to count
            }
        case .answer(let event, let job):
            handleJobEvent(event, job: job, endsJob: true)
        case .jobEnded(let job):
            endJob(job)
        case .drainRuns:
            drainRunInbox()
        case .timerFired(let timer):
            fireTimer(timer)
        case .move(let direction, let promise):
            promise.resolve(move(direction))
        case .call(let work):
            work(self)
        }
    }

    /// Runs the chain of an event dispatched from outside any store, on the queue: the state it finished with, which is
    /// the usual case (the caller makes the resolved future after leaving the queue, so the allocation does not
    /// lengthen the time the queue is held), or the future of a chain that has to wait.
    @inlinable
    func runDispatched(_ event: S.Event) -> DispatchOutcome {
        let chainEnd = runChain(from: event, origin: .dispatch)
        if case .finished(let state) = chainEnd { return .finished(state) }
        // Often the chain still finishes before this returns (effects answered at once): then it needs no promise.
        guard let chain = continueChain(chainEnd) else {
            return .finished(stateOnQueue(reading: "Store.dispatch(event:)"))
        }
        let promise = Promise<S>()
        effectRuntime.promises[chain] = promise
        return .waiting(promise.future)
    }

    /// Runs the chain of an event posted from outside any store (see ``post(_:)``), on the queue: what it leaves
    /// waiting goes to the effect runtime with no chain number, as nobody waits for it.
    @inlinable
    func runPosted(_ event: S.Event) {
        let chainEnd = runChain(from: event, origin: .dispatch)
        if case .finished = chainEnd { return }
        settle(chainEnd, chain: nil)
    }

    /// How a synchronous dispatch's chain ended on the queue.
    @usableFromInline
    enum DispatchOutcome {
        case finished(S)
        case waiting(Future<S>)
    }

    /// The plan `effect` carries; `nil` when it carries none or `S.Effect` is not a ``ComposableEffect``.
    ///
    /// Reads through the effect type's ``ComposableEffect/planReader``, as the scheduler does. Ask only when the
    /// effect runtime's `effectsCarryPlans` is true. Optimized and specialized for a concrete state, the cast below is
    /// decided by the compiler and the default `planReader` is inlined: the plan is read in place, with no closure, no
    /// thunk and no copy of the effect to pass it. A cast that fails, and any cast in unspecialized code (a debug
    /// build), is a conformance look-up at run time, which the flag keeps off the path of effects without plans.
    @inlinable
    @inline(__always)
    static func plan(of effect: S.Effect) -> EffectPlan<S.Effect>? {
        guard let composable = S.Effect.self as? any ComposableEffect.Type else { return nil }
        return composable.plan(in: effect)
    }

    /// Follows one chain: commits `first`, performs its effect, and follows effects whose answer is already there
    /// (when nothing else is waiting, so the order is what enqueuing would give), until the chain finishes or has to
    /// wait for an effect.
    @inlinable
    @inline(__always)
    func runChain(from first: S.Event, origin firstOrigin: TransitionOrigin) -> ChainEnd {
        var event = first
        var origin = firstOrigin
        while true {
            let (state, effect) = commit(event, origin: origin)
            guard let effect else { return .finished(state) }
            let answer: Future<S.Event>
            if effectRuntime.effectsCarryPlans, let plan = Self.plan(of: effect) {
                // A cancellable plain effect answered at once, with nothing else waiting, can be cancelled by nothing
                // before its answer is handled: it is followed here like a plain one, with no job. The rest is the
                // effect runtime's.
                // The id is not bound here: most of these effects never need it. It is read out of the plan again
                // where it is needed.
                guard case .cancellable(let inner, _, let cancelInFlight) = plan, Self.plan(of: inner) == nil
                else { return .planned(effect) }
                if cancelInFlight, case .cancellable(_, let id, _) = plan { cancelEffects(under: id) }
                guard let performed = performEffect?(inner) else { return .finished(state) }
                guard nothingPending, let answered = performed.valueIfResolved, !performed.isRun else {
                    // `settle` adopts it under its id. The id travels in the runtime rather than in `ChainEnd`, which
                    // every dispatch returns: an id there would make it larger, and its copies dearer.
                    if case .cancellable(_, let id, _) = plan { effectRuntime.adoptionID = id }
                    return .waiting(for: performed)
                }
                event = answered
                origin = .effect
                continue
            } else {
                guard let performed = performEffect?(effect) else { return .finished(state) }
                answer = performed
            }
            guard nothingPending, let answered = answer.valueIfResolved, !answer.isRun else {
                return .waiting(for: answer)
            }
            event = answered
            origin = .effect
        }
    }

    /// Carries on a chain that did not finish in `runChain`, under a new chain number: returns the number while the
    /// chain still waits, for a promise to wait on it, or `nil` when it finished meanwhile (its plan started nothing
    /// that lasts, or its effects were answered at once).
    @inlinable
    func continueChain(_ chainEnd: ChainEnd) -> UInt64? {
        let runtime = effectRuntime
        let chain = runtime.makeChain()
        settle(chainEnd, chain: chain)
        return runtime.scheduler.isWaiting(for: chain) ? chain : nil
    }

    /// Hands the rest of a chain to the effect runtime, on behalf of `chain` (`nil` when nobody waits for it): the
    /// effect to wait for, or the plan to carry out. Nothing is left to do for a chain that finished.
    @inlinable
    func settle(_ chainEnd: ChainEnd, chain: UInt64?) {
        switch chainEnd {
        case .finished:
            break
        case .waiting(let answer):
            adopt(answer, chain: chain)
        case .planned(let effect):
            startPlan(effect, chain: chain)
        }
    }

    /// Starts `effect`, which carries a plan, on behalf of `chain`. Kept out of line: inlined, the scheduler's
    /// interpretation of plans made every caller of `settle` larger, and a run's events measurably slower.
    @inlinable
    @inline(never)
    func startPlan(_ effect: S.Effect, chain: UInt64?) {
        carryOut(effectRuntime.scheduler.start(effect, chain: chain))
    }

    // MARK: - Committing

    /// Handles one event: the next state under the lock, then transition observers and subscribers. Returns the
    /// committed state and the effect.
    ///
    /// `origin` matters only to transition observers and the undo history: with neither installed it is never
    /// read, and the only work for them is the `needsTransitions` check.
    @inlinable
    func commit(_ event: S.Event, origin: TransitionOrigin) -> (S, S.Effect?) {
        assertOnQueue()
        if needsTransitions { return commitTransition(event, origin: origin) }
        isHandling = true
        // `handle` mutates the committed state in place, under the lock, and no other copy of the state is alive
        // meanwhile: copy-on-write storage in the state is not copied per event.
        let (state, effect) = stateBox.withLock { committed -> (S, S.Effect?) in
            let effect = committed.state.handle(event: event)
            return (committed.state, effect)
        }
        isHandling = false
        if !subscribers.isEmpty { notify(state, to: subscribers) }
        return (state, effect)
    }

    /// `commit(_:origin:)` while transitions are needed: also makes the transition, updates the undo history and
    /// tells observers, before subscribers. Keeps the previous state, so a copy-on-write state is copied.
    @inlinable
    func commitTransition(_ event: S.Event, origin: TransitionOrigin) -> (S, S.Effect?) {
        isHandling = true
        let (previous, state, effect, extras) = stateBox.withLock {
            committed -> (S, S, S.Effect?, StoreExtras<S>?) in
            let previous = committed.state
            let effect = committed.state.handle(event: event)
            return (previous, committed.state, effect, committed.extras)
        }
        isHandling = false
        guard let extras else { preconditionFailure("EffectStore: a store that needs transitions has no extras") }
        let transition = StoreTransition(
            sequenceNumber: extras.takeSequenceNumber(), time: Date(), origin: origin, event: event,
            from: previous, to: state, effect: effect,
            changedState: extras.changed(from: previous, to: state)
        )
        publish(transition, extras: extras, recordingInHistory: true)
        return (state, effect)
    }

    /// Performs an undo or a redo and returns the state after it (the current state when there is nothing to move
    /// to).
    @usableFromInline
    func move(_ direction: HistoryMove) -> S {
        assertOnQueue()
        let current = stateOnQueue(reading: "Store.\(direction)()")
        guard let extras = stateBox.withLock({ $0.extras }), extras.history.withLock({ $0 != nil }) else {
            preconditionFailure(
                """
                EffectStore: Store<\(S.self)>.\(direction)() was called, but undo is not enabled for this store. \
                To fix, call enableUndo(limit:) on the store before undo() or redo().
                """
            )
        }
        let target = extras.history.withLock { history -> S? in
            switch direction {
            case .undo: return history?.undo(from: current)
            case .redo: return history?.redo(from: current)
            }
        }
        guard let target else { return current }
        stateBox.withLock { $0.state = target }
        let transition = StoreTransition(
            sequenceNumber: extras.takeSequenceNumber(), time: Date(), origin: direction.origin, event: nil,
            from: current, to: target, effect: nil, changedState: extras.changed(from: current, to: target)
        )
        publish(transition, extras: extras, recordingInHistory: false)
        return target
    }

    /// Tells the undo history (unless the transition is an undo or a redo, which the history made itself), the
    /// transition observers and then the subscribers about a committed transition.
    @usableFromInline
    func publish(_ transition: StoreTransition<S>, extras: StoreExtras<S>, recordingInHistory: Bool) {
        // The subscribers as they are now: one that an observer adds receives the new state when it is attached,
        // and must not receive it twice.
        let listeners = subscribers
        if recordingInHistory, extras.hasHistory { recordInHistory(transition, extras: extras) }
        extras.deliver(transition)
        if !listeners.isEmpty { notify(transition.to, to: listeners) }
    }

    // MARK: - Subscribers

    /// Calls each active subscriber of `listeners` — a snapshot, since a block may subscribe or cancel meanwhile.
    @inlinable
    func notify(_ state: S, to listeners: SubscriberList<S>) {
        if let block = listeners.only?.block { block(state) }
        var cancelled = 0
        for subscriber in listeners.many {
            if let block = subscriber.block { block(state) } else { cancelled &+= 1 }
        }
        // A cancelled subscriber (but the only one) stays in the list (see `SubscriberList`) until compacted.
        if cancelled != 0, cancelled * 2 >= listeners.many.count { compactSubscribers() }
    }

    /// Drops the cancelled subscribers from `subscribers`. Out of line: `notify` is on every event's path.
    @inlinable
    @inline(never)
    func compactSubscribers() {
        guard !subscribers.many.isEmpty else { return }  // compacted meanwhile, by a block that cancelled
        subscribers.removeCancelled()
    }

    /// `@inlinable`, like `detach`, so that subscribing and cancelling run code specialised for `S`.
    @inlinable
    func attach(_ subscriber: Subscriber<S>) {
        assertOnQueue()
        guard let block = subscriber.block else { return }  // cancelled before this queued registration ran
        subscribers.append(subscriber)
        block(stateOnQueue(reading: "Store.subscribe(_:)"))
    }

    /// Marks `subscriber` cancelled, releasing its block: constant time, whatever the order of cancels. The only
    /// subscriber is dropped at once; one of many stays in the list, as one cancelled from outside the loop does,
    /// until `notify` or `append` compacts the list (see ``SubscriberList``).
    @inlinable
    func detach(_ subscriber: Subscriber<S>) {
        assertOnQueue()
        guard subscriber.block != nil else { return }
        subscriber.block = nil
        if subscribers.only === subscriber { subscribers.only = nil }
    }

    // MARK: - Checks

    @inlinable
    @inline(__always)
    func assertOnQueue() {
        #if DEBUG
            dispatchPrecondition(condition: .onQueue(queue))
        #endif
    }

    /// The committed state, read on the queue, where no writer can run concurrently.
    @inlinable
    func stateOnQueue(reading what: @autoclosure () -> String) -> S {
        assertOnQueue()
        if isHandling { readFromInsideHandle(what()) }
        return stateBox.unsynchronizedValue.state
    }

    /// Stops with the message for a read of the store from inside `S.handle(event:)`.
    @usableFromInline
    func readFromInsideHandle(_ what: String) -> Never {
        preconditionFailure(
            """
            EffectStore: \(what) was used from inside \(S.self).handle(event:). handle(event:) must be pure \
            and must not use its store. To fix, read `self` (it is the state being handled) and return an \
            effect for anything the store should do.
            """
        )
    }
}

/// An `undo()` or a `redo()`.
@usableFromInline
enum HistoryMove: Sendable, CustomStringConvertible {
    case undo
    case redo

    /// The origin its transition has.
    @usableFromInline
    var origin: TransitionOrigin {
        switch self {
        case .undo: return .undo
        case .redo: return .redo
        }
    }

    @usableFromInline
    var description: String { origin.rawValue }
}
