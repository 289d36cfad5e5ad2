import Foundation

// The loop: event → state → effect → event, on the store's queue. The article "How the loop works" draws one
// event's trip through this file and Effects/EffectRuntime.swift.
//
// - Onto the queue: `schedule(_:)` decides where work runs — synchronously from outside any store (one `SyncLane`
//   frame), after the current item inside this store's loop, asynchronously from another store's loop. Every block
//   on the queue goes through `enterLoop(_:)`: mark the thread, run, drain what was enqueued, wake idle waiters.
//   `dispatch(event:)`, `post(_:)` and `subscribe(_:)` from outside any store take the same frame with a work of
//   their own, so that none of them makes a loop item (Internal/LoopFrame.swift).
// - On the queue: `process(_:)` takes one `LoopItem`. An event starts a chain with `startChain(_:origin:observed:)`;
//   `followChain(from:origin:)` — the one chain runner — commits each event with `commit(_:origin:)` and follows
//   effects whose answer is already there, until the chain finishes, waits for an effect, or goes on in a plan.
// - What is left goes to the effect runtime (`EffectRuntime.carryOn(_:chain:)`), which performs, stops and times
//   effects itself and comes back through `followChain` with each effect's event. Transition observers and the undo
//   history hook in at `commit` (`commitTransition`) and `move(_:)`.

extension Store {
    /// Work for the loop, in the order it was scheduled.
    @usableFromInline
    enum LoopItem: Sendable {
        /// An event from `dispatch(event:)` or an event source, and the promise of its chain if anyone waits for it.
        case event(S.Event, origin: TransitionOrigin, chain: Promise<S>?)
        /// Work of the effect runtime: an answer, a run's events, a job's end, a timer.
        case effect(EffectRuntime<S>.Work)
        /// An `undo()` or a `redo()`.
        case move(HistoryMove, Promise<S>)
        /// Store work that is not an event (attaching a subscriber, installing an observer, …). Unlike the other
        /// items, it runs at once when scheduled from inside this store's own loop.
        case call(@Sendable (Store<S>) -> Void)
    }

    /// How a chain ended for now.
    @usableFromInline
    enum ChainEnd {
        /// The chain has finished, with the committed state (`committedState`, read only by those who need it: a
        /// copy retains and releases everything the state holds).
        case finished
        /// The chain waits for this effect's answer (under `EffectRuntime.adoptionID`, if set).
        case waiting(for: EffectAnswer<S.Event>)
        /// The chain goes on in this effect's plan, for the effect runtime to carry out.
        case planned(S.Effect)
    }

    /// How a started chain stands once the loop has done what it can at once.
    @usableFromInline
    enum ChainStart {
        /// It has finished, with the committed state (`committedState`).
        case finished
        /// It waits for effects, as this chain of the effect runtime; a promise may wait for it there.
        case waiting(UInt64)
        /// It waits for effects, and nobody waits for it.
        case unobserved
    }

    // MARK: - Onto the queue

    /// Where the caller runs, relative to this store (see `LoopMarker`).
    @inlinable
    var context: StoreContext {
        guard let current = LoopMarker.current else { return .outside }
        return current == Unmanaged.passUnretained(self).toOpaque() ? .own : .other
    }

    /// Runs `item` on the store's queue: synchronously from outside any store, after the current item from inside
    /// this store's loop (a `.call` at once), and asynchronously from inside another store's loop, so that two
    /// stores feeding each other never wait on each other.
    @inlinable
    func schedule(_ item: LoopItem) {
        switch context {
        case .outside:
            enterFromOutside(ItemWork(item: item))
        case .own:
            if case .call(let work) = item {
                work(self)
            } else {
                pending.append(item)
            }
        case .other:
            enqueueAsynchronously(item)
        }
    }

    /// Runs `item` on the queue without ever waiting for it: after the current item from inside this store's loop,
    /// asynchronously from anywhere else. For callers that must not block (a `deinit`, which may run under any lock).
    @inlinable
    func scheduleWithoutWaiting(_ item: LoopItem) {
        if context == .own {
            pending.append(item)
        } else {
            enqueueAsynchronously(item)
        }
    }

    /// Runs `item` on the queue asynchronously. Counted as a block from another store until it has run and what it
    /// enqueued has been drained, so that the store is not idle meanwhile, and a settling wait that sees the block
    /// finished (`waitUntilSettled`, which reads the count off the queue) sees everything it did.
    @inlinable
    func enqueueAsynchronously(_ item: LoopItem) {
        noteBlockFromAnotherStore(finished: false)
        queue.async {
            self.enterLoop {
                self.process(item)
                self.drainPending()
                self.noteBlockFromAnotherStore(finished: true)
            }
        }
    }

    /// Runs `work` on the queue synchronously, from outside any store, and returns it with what it wrote. The work
    /// travels in a frame on the caller's stack (see ``SyncLane``): nothing is allocated to get onto the queue.
    @inlinable
    @inline(__always)
    @discardableResult
    func enterFromOutside<Work: LoopWork>(_ work: Work) -> Work where Work.S == S {
        var frame = LoopFrame(store: self, work: work)
        SyncLane.run(&frame, on: queue)
        return frame.work
    }

    /// The one way into the loop: every block the store runs on its queue goes through here. Marks this thread as
    /// running this store's loop while `body` runs, then runs what `body` enqueued (`drainPending()`), and then wakes
    /// the threads waiting for the store to be idle, if any wait and it is.
    @inlinable
    @inline(__always)
    func enterLoop<T>(_ body: () -> T) -> T {
        let result = LoopMarker.marking(Unmanaged.passUnretained(self).toOpaque()) { () -> T in
            let result = body()
            drainPending()
            return result
        }
        if needsIdleSignal { signalIdleWaitersIfIdle() }
        return result
    }

    /// Runs every item enqueued from inside the loop, oldest first, including those that running them adds.
    @inlinable
    func drainPending() {
        assertOnQueue()
        guard !pending.isEmpty else { return }
        while Int(pendingHead) < pending.count {
            let item = pending[Int(pendingHead)]
            pendingHead += 1
            process(item)
        }
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
    }

    /// Whether an answer may be handled right away: only when nothing else is waiting, so that handling it now is
    /// exactly what enqueuing it and draining would do.
    @inlinable
    var nothingPending: Bool { Int(pendingHead) == pending.count }

    // MARK: - Dispatching from the front

    /// `dispatch(event:)`'s work once the caller's context is known.
    @inlinable
    @inline(__always)
    func dispatchInContext(_ event: S.Event) -> Future<S> {
        switch context {
        case .outside:
            // The future is made after the queue is left; a promise only if the chain has to wait for an effect.
            switch enterFromOutside(DispatchWork(event: event)).outcome {
            case .finished(let state):
                return .resolvedForFinishedDispatch(state)
            case .waiting(let future):
                return future
            case nil:
                preconditionFailure("EffectStore: queue.sync returned without running its work")
            }
        case .own where isHandling:
            // On this store's own loop, so `isHandling` is this thread's to read.
            readFromInsideHandle("dispatch(event:)")
        case .own, .other:
            let promise = Promise<S>()
            schedule(.event(event, origin: .dispatch, chain: promise))
            return promise.future
        }
    }

    /// `dispatch(event:)` for callers inside the library that never read the future (an observable projection's
    /// `send`): the same scheduling and the same handling, but no future and no promise are made.
    @inlinable
    func post(_ event: S.Event) {
        switch context {
        case .outside:
            enterFromOutside(PostWork(event: event))
        case .own where isHandling:
            readFromInsideHandle("dispatch(event:)")
        case .own, .other:
            schedule(.event(event, origin: .dispatch, chain: nil))
        }
    }

    /// Attaches `subscriber` on the queue: from outside any store synchronously, from inside this store's loop at
    /// once, from inside another store's loop asynchronously (see `schedule(_:)`). (Cancelling goes through the
    /// subscriber: see `Subscriber.cancel()`.)
    @inlinable
    func attachFromFront(_ subscriber: Subscriber<S>) {
        guard context == .outside else {
            schedule(.call { $0.attach(subscriber) })
            return
        }
        enterFromOutside(SubscriptionWork(subscriber: subscriber))
    }

    // MARK: - Running items and chains

    /// Runs one item on the queue.
    @inlinable
    func process(_ item: LoopItem) {
        assertOnQueue()
        switch item {
        case .event(let event, let origin, let promise):
            switch startChain(event, origin: origin, observed: promise != nil) {
            case .finished:
                promise?.resolve(committedState)
            case .waiting(let chain):
                if let promise { runtime?.promises[chain] = promise.future }
            case .unobserved:
                break
            }
        case .effect(let work):
            runtime?.process(work)
        case .move(let direction, let promise):
            promise.resolve(move(direction))
        case .call(let work):
            work(self)
        }
    }

    /// Starts the chain of `event`: follows it as far as it goes at once, and hands the rest to the effect runtime —
    /// under a chain number of its own when someone waits for it (`observed`), so that they learn when it finishes.
    @inlinable
    @inline(__always)
    func startChain(_ event: S.Event, origin: TransitionOrigin, observed: Bool) -> ChainStart {
        let end = followChain(from: event, origin: origin)
        if case .finished = end { return .finished }
        let runtime = effectRuntime
        guard observed else {
            runtime.carryOn(end, chain: nil)
            return .unobserved
        }
        let chain = runtime.makeChain()
        runtime.carryOn(end, chain: chain)
        // Often the chain has finished meanwhile (its effects were answered at once): then nobody needs a promise.
        guard runtime.scheduler.isWaiting(for: chain) else {
            return .finished
        }
        return .waiting(chain)
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

    /// The chain runner: commits `first`, performs its effect, and follows effects whose answer is already there
    /// (when nothing else is waiting, so the order is what enqueuing would give), until the chain finishes, has to
    /// wait for an effect, or goes on in a plan. Every event the store handles — dispatched, from an event source,
    /// or an effect's answer coming back from the effect runtime — goes through here.
    @inlinable
    @inline(__always)
    func followChain(from first: S.Event, origin firstOrigin: TransitionOrigin) -> ChainEnd {
        var event = first
        var origin = firstOrigin
        while true {
            guard let effect = commit(event, origin: origin) else { return .finished }
            let answer: EffectAnswer<S.Event>
            if effectRuntime.effectsCarryPlans, let plan = Self.plan(of: effect) {
                // A cancellable plain effect answered at once, with nothing else waiting, can be cancelled by nothing
                // before its answer is handled: it is followed here like a plain one, with no job. The rest is the
                // effect runtime's.
                // The id is not bound here: most of these effects never need it. It is read out of the plan again
                // where it is needed.
                guard case .cancellable(let inner, _, let cancelInFlight) = plan, Self.plan(of: inner) == nil
                else { return .planned(effect) }
                if cancelInFlight, case .cancellable(_, let id, _) = plan { effectRuntime.cancelEffects(under: id) }
                guard let performed = performEffect?(inner) else { return .finished }
                guard nothingPending, let answered = performed.eventIfReady else {
                    // The runtime adopts it under its id. The id travels in the runtime rather than in `ChainEnd`,
                    // which every dispatch returns: an id there would make it larger, and its copies dearer.
                    if case .cancellable(_, let id, _) = plan { effectRuntime.adoptionID = id }
                    return .waiting(for: performed)
                }
                event = answered
                origin = .effect
                continue
            } else {
                guard let performed = performEffect?(effect) else { return .finished }
                answer = performed
            }
            guard nothingPending, let answered = answer.eventIfReady else {
                return .waiting(for: answer)
            }
            event = answered
            origin = .effect
        }
    }

    // MARK: - Committing

    /// Handles one event: the next state under the lock, then transition observers and subscribers. Returns the
    /// effect; the state committed is ``committedState`` until the next commit.
    ///
    /// `origin` matters only to transition observers and the undo history: with neither installed it is never
    /// read, and the only work for them is the `needsTransitions` check.
    @inlinable
    func commit(_ event: S.Event, origin: TransitionOrigin) -> S.Effect? {
        assertOnQueue()
        if needsTransitions { return commitTransition(event, origin: origin) }
        isHandling = true
        // `handle` mutates the committed state in place, under the lock, and no other copy of the state is alive
        // meanwhile: copy-on-write storage in the state is not copied per event. No copy is taken out either, unless
        // subscribers need one: an event with an effect goes on with no use for it, and a copy retains and releases
        // everything the state holds.
        let effect = stateBox.withLock { $0.state.handle(event: event) }
        isHandling = false
        if !subscribers.isEmpty { notify(committedState, to: subscribers) }
        return effect
    }

    /// The state last committed. On the queue, outside `handle(event:)`, where no writer can run concurrently: the
    /// loop's own reads, which cannot come from inside `handle(event:)`; others go through `stateOnQueue(reading:)`,
    /// which checks that first.
    @inlinable
    var committedState: S { stateBox.unsynchronizedValue.state }

    /// `commit(_:origin:)` while transitions are needed: also makes the transition, updates the undo history and
    /// tells observers, before subscribers. Keeps the previous state, so a copy-on-write state is copied.
    @inlinable
    func commitTransition(_ event: S.Event, origin: TransitionOrigin) -> S.Effect? {
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
        return effect
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
        return committedState
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
