import Foundation

// The loop: event → state → effect → event, on the store's queue. The article "How the loop works" follows one event
// through this file.
//
// - Onto the queue: `schedule(_:)` — or `dispatch(event:)`, which needs a future back — decides where work runs:
//   synchronously from outside any store (`enterFromOutside`), after the current work from inside this store's loop
//   (`pending`), and asynchronously from another store's loop (`enterAsynchronously`). Both entries go through
//   `enterLoop(_:)`, which marks the thread, runs the work, drains what it enqueued and wakes idle waiters.
// - On the queue: `process(_:)` takes one `Work`. An event runs its chain with the one driver's chain runner
//   (`EffectDriver.runChain`, `Effects/EffectDriver.swift`): commit, notify, and the effect — performed at once when it
//   carries no plan, or handed to the `EffectScheduler`, whose decisions the driver's `carryOut(_:)` performs. An
//   answer that is there at once is followed in the same loop while nothing else waits; any other answer comes back as
//   work (`answer`, a run's events, an end, a timer) and continues its chain from `process(_:)`. The store's side of
//   the driver (commit, perform, listen, stop, timers, finish) is at the end of this file.
// - The books of what is in flight — the scheduler, the runs to stop, the timers to cancel, the dispatches waiting
//   for their chains — are the store's own (`EffectBooks`), touched only here.

extension Store {
    /// Work for the loop, in the order it was scheduled.
    @usableFromInline
    enum Work: Sendable {
        /// An event from `dispatch(event:)`, `post(_:)` or an event source, and the promise of its chain if anyone
        /// waits for it.
        case event(S.Event, origin: TransitionOrigin, promise: Promise<S>?)
        /// The answer of an effect in flight, which ends its job.
        case answer(S.Event, job: UInt64)
        /// An effect's job ended with no answer: its run finished, or its future was released unresolved.
        case ended(UInt64)
        /// Runs have left events (or their ends) in the books' inbox: handle them, oldest first.
        case runEvents
        /// A timer the scheduler set has fired.
        case timerFired(UInt64)
        /// Store work that is not an event (attaching a subscriber, installing an observer): it runs at once when
        /// scheduled from inside this store's own loop, unless `inTurn` (an undo), which waits its turn as events do.
        case call(@Sendable (Store<S>) -> Void, inTurn: Bool = false)
    }

    // MARK: - Onto the queue

    /// Where the caller runs, relative to this store (see ``LoopMarker``).
    @inlinable
    var context: StoreContext {
        switch LoopMarker.running.occupant(comparedWith: self) {
        case .nothing: return .outside
        case .same: return .own
        case .another: return .other
        }
    }

    /// Runs `work` on the store's queue: synchronously from outside any store; after the current work from inside
    /// this store's loop (a `.call` at once); asynchronously from inside another store's loop, so that two stores
    /// feeding each other never wait for each other.
    @inlinable
    func schedule(_ work: Work) {
        switch context {
        case .outside:
            enterFromOutside { process(work) }
        case .own:
            if case .call(let call, inTurn: false) = work { return call(self) }
            pending.append(work)
        case .other:
            enterAsynchronously(work)
        }
    }

    /// Runs `work` on the queue without ever waiting for it: after the current work from inside this store's loop,
    /// asynchronously from anywhere else. For callers that must not block (a `deinit`, which may run under any lock).
    @inlinable
    func scheduleWithoutWaiting(_ work: Work) {
        if context == .own {
            pending.append(work)
        } else {
            enterAsynchronously(work)
        }
    }

    // The three ways onto the queue follow, then `cancel(_:)`, which takes the same routes for a subscriber whose store
    // is not at hand. Nothing else in the package puts work on a store's queue.

    /// Runs `body` on the queue synchronously, inside the loop, for a caller outside any store's loop.
    @inlinable
    func enterFromOutside(_ body: () -> Void) {
        queue.sync { enterLoop(body) }
    }

    /// Runs `work` on the queue asynchronously, inside the loop. Counted as a block from another store until it has
    /// run, so that the store is not idle meanwhile, and a settling wait that sees the block finished
    /// (`waitUntilSettled`) sees everything it did.
    @inlinable
    func enterAsynchronously(_ work: Work) {
        noteBlockFromAnotherStore(finished: false)
        queue.async {
            self.enterLoop {
                self.process(work)
                self.drainPending()
                // Before `enterLoop` asks whether the store is idle, so that the wait this block held wakes now.
                self.noteBlockFromAnotherStore(finished: true)
            }
        }
    }

    /// Cancels `subscriber`, which holds its store's queue and not its store (see `Subscriber`): at once inside its
    /// store's loop; otherwise on the queue, waiting for a notification in progress from outside any store's loop, and
    /// asynchronously from inside another one. Where the store is not at hand, the block is released marked as inside
    /// a loop that is no store's, so that what it captured, if its `deinit` uses a store, never waits for this queue.
    ///
    /// Inlined into `Subscriber.cancel()`, which is not compiled for `S`: a call would look up `Store<S>`'s metadata
    /// on every cancel, which only the cast inside a loop needs.
    @inline(__always)
    static func cancel(_ subscriber: Subscriber<S>) {
        guard let running = LoopMarker.running.value else {
            return subscriber.queue.sync {
                LoopMarker.running.withValue(NoStoreLoop.marker) { subscriber.block = nil }
            }
        }
        if let store = running as? Store<S>, store.queue === subscriber.queue {
            return store.detach(subscriber)
        }
        subscriber.queue.async {
            LoopMarker.running.withValue(NoStoreLoop.marker) { subscriber.block = nil }
        }
    }

    /// Every block the store runs on its queue goes through here: marks this thread as running this store's loop
    /// while `body` runs, then runs what `body` enqueued (`drainPending()`), and then wakes the threads waiting for
    /// the store to be idle, if any wait and it is.
    @inlinable
    func enterLoop<T>(_ body: () -> T) -> T {
        let result = LoopMarker.running.withValue(self) { () -> T in
            let result = body()
            drainPending()
            return result
        }
        if needsIdleSignal { signalIdleWaitersIfIdle() }
        return result
    }

    /// Runs every work enqueued from inside the loop, oldest first, including what running them adds.
    @inlinable
    func drainPending() {
        assertOnQueue()
        guard !pending.isEmpty else { return }
        while Int(pendingHead) < pending.count {
            let work = pending[Int(pendingHead)]
            pendingHead += 1
            process(work)
        }
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
    }

    /// Whether nothing waits in `pending`: an answer there at once may then be followed at once, which is exactly
    /// what enqueuing it and draining would do.
    @inlinable
    var nothingPending: Bool { Int(pendingHead) == pending.count }

    // MARK: - Events

    /// `dispatch(event:)` on the queue, from outside any store: runs the event's chain as far as it goes now —
    /// with what it enqueued, such as answers there at once — and says where it ended: finished, or waiting in the
    /// books with a promise.
    @inlinable
    func dispatchOnQueue(_ event: S.Event) -> ChainEnd {
        let chain = runChain(of: event, origin: .dispatch, numbering: true)
        drainPending()
        guard let chain, let effects, effects.scheduler.isWaiting(for: chain) else { return .finished(committedState) }
        let promise = Promise<S>()
        effects.waiting[chain] = promise
        return .waiting(promise.future)
    }

    /// How far a dispatched event's chain went while the dispatch was on the queue: finished, with the state after
    /// it, or waiting for effects, with the future the books will resolve.
    @usableFromInline
    enum ChainEnd {
        case finished(S)
        case waiting(Future<S>)
    }

    /// `dispatch(event:)` for callers inside the library that never read the future (an observable projection's
    /// `send`): the same scheduling and handling, with no future and no promise made.
    @inlinable
    package func post(_ event: S.Event) {
        if context == .own, isHandling { usedFromInsideHandle("dispatch(event:)") }
        schedule(.event(event, origin: .dispatch, promise: nil))
    }

    /// Runs one work, on the queue.
    @inlinable
    func process(_ work: Work) {
        assertOnQueue()
        switch work {
        case .event(let event, let origin, let promise):
            let chain = runChain(of: event, origin: origin, numbering: promise != nil)
            guard let promise else { return }
            if let chain, let effects, effects.scheduler.isWaiting(for: chain) {
                effects.waiting[chain] = promise
            } else {
                promise.resolve(committedState)
            }
        case .answer(let event, let job):
            handle(event, of: job, ending: true)
        case .runEvents:
            handleRunEvents()
        case .ended(let job):
            endJob(job)
        case .timerFired(let timer):
            timerFired(timer)
        case .call(let call, _):
            call(self)
        }
    }

    /// Runs the chain of `event`, which comes from outside the loop (a dispatch, an event source), with the one chain
    /// runner (``EffectDriver/runChain(_:origin:chain:numbering:)``); with `numbering`, the chain is numbered at its
    /// first effect. With undo, a dispatch's chain is numbered before its first transition: each of its answers
    /// belongs to the undo step the dispatch opened (`UndoHistory`). Returns the chain's number.
    @inlinable
    func runChain(of event: S.Event, origin: TransitionOrigin, numbering: Bool) -> UInt64? {
        let chain = origin == .dispatch && needsTransitions ? chainForUndo() : nil
        return runChain(event, origin: origin, chain: chain, numbering: numbering)
    }

    // MARK: - Committing

    /// Handles one event: the next state under the lock, then transition observers and subscribers. Returns the
    /// effect; the state committed is ``committedState`` until the next commit.
    @inlinable
    package func commit(_ event: S.Event, origin: TransitionOrigin, chain: UInt64?) -> S.Effect? {
        assertOnQueue()
        if needsTransitions { return commitTransition(event, origin: origin, chain: chain) }
        isHandling = true
        // `handle` mutates the committed state in place, under the lock, and no other copy of the state is alive
        // meanwhile: copy-on-write storage in the state is not copied per event. A state that declares places is
        // compared before and after, to end the children that left (`ChildEnding.swift`); one that declares shared
        // values has their copies brought in step (`SharedValues.swift`).
        let places = S.places
        let effect =
            places.isEmpty && S.sharedValues.isEmpty
            ? stateBox.withLock { $0.state.handle(event: event) }
            : stateBox.withLock { $0.state.transition(on: event, places: places) }
        isHandling = false
        if !subscribers.isEmpty { notify(committedState, to: subscribers) }
        return effect
    }

    /// The state last committed. On the queue, outside `handle(event:)`, where no writer can run concurrently.
    @inlinable
    var committedState: S { stateBox.unsynchronizedValue.state }

    /// `commit(_:origin:chain:)` while transitions are needed: also makes the transition, updates the undo history
    /// (on behalf of `chain`) and tells observers, before subscribers. Keeps the previous state, so a copy-on-write
    /// state is copied.
    @usableFromInline
    func commitTransition(_ event: S.Event, origin: TransitionOrigin, chain: UInt64?) -> S.Effect? {
        isHandling = true
        let (previous, state, effect, extras) = stateBox.withLock {
            committed -> (S, S, S.Effect?, StoreExtras<S>?) in
            let previous = committed.state
            let effect = committed.state.transition(on: event)
            return (previous, committed.state, effect, committed.extras)
        }
        isHandling = false
        guard let extras else { fatalError("EffectStore: a store that needs transitions has no extras") }
        let transition = StoreTransition(
            sequenceNumber: extras.takeSequenceNumber(), time: Date(), origin: origin, event: event,
            from: previous, to: state, effect: effect,
            changedState: extras.changed(from: previous, to: state)
        )
        publish(transition, extras: extras, recordingInHistory: true, chain: chain)
        return effect
    }

    /// A chain number for a dispatch, taken before its first transition when the store keeps an undo history; `nil`
    /// otherwise.
    @usableFromInline
    func chainForUndo() -> UInt64? {
        guard stateBox.withLock({ $0.extras })?.hasHistory == true else { return nil }
        return (effects ?? makeEffects()).scheduler.takeNumber()
    }

    /// Tells the undo history (unless the transition is an undo or a redo, which the history made itself) on behalf
    /// of `chain`, the transition observers and then the subscribers about a committed transition.
    func publish(
        _ transition: StoreTransition<S>, extras: StoreExtras<S>, recordingInHistory: Bool, chain: UInt64? = nil
    ) {
        // The subscribers as they are now: one that an observer adds receives the new state when it is attached,
        // and must not receive it twice.
        let listeners = subscribers
        if recordingInHistory, extras.hasHistory { recordInHistory(transition, chain: chain, extras: extras) }
        extras.deliver(transition)
        notify(transition.to, to: listeners)
    }

    // MARK: - Subscribers

    /// Calls each active subscriber of `listeners` — a snapshot, since a block may subscribe or cancel meanwhile —
    /// with `state`.
    @inlinable
    func notify(_ state: S, to listeners: SubscriberList<S>) {
        if let only = listeners.only {
            only.block?(state)
            return
        }
        var cancelled = 0
        for subscriber in listeners.many {
            if let block = subscriber.block { block(state) } else { cancelled += 1 }
        }
        if cancelled != 0, cancelled * 2 >= listeners.many.count { subscribers.removeCancelled() }
    }

    /// Adds `subscriber` on the queue, as `schedule(_:)` would a `.call` (from outside any store with no work made
    /// for it).
    @inlinable
    func add(_ subscriber: Subscriber<S>) {
        if context == .outside {
            enterFromOutside { attach(subscriber) }
        } else {
            schedule(.call { $0.attach(subscriber) })
        }
    }

    /// Adds `subscriber` and gives it the current state. On the queue.
    @inlinable
    func attach(_ subscriber: Subscriber<S>) {
        assertOnQueue()
        guard let block = subscriber.block else { return }  // cancelled before this queued registration ran
        subscribers.append(subscriber)
        block(stateOnQueue(reading: "Store.subscribe(_:)"))
    }

    /// Marks `subscriber` cancelled, releasing its block; the only subscriber is dropped from the list at once, one of
    /// many when the list is next compacted (see ``SubscriberList``). On the queue.
    func detach(_ subscriber: Subscriber<S>) {
        assertOnQueue()
        subscriber.block = nil
        if subscribers.only === subscriber { subscribers.only = nil }
    }

    // MARK: - Effects in flight

    /// The books, made on the first effect.
    @usableFromInline
    func makeEffects() -> EffectBooks<S> {
        let made = EffectBooks<S>(clock: clock)
        effects = made
        return made
    }

    /// Ends `job`, whose run finished or whose answer will never come.
    @inlinable
    func endJob(_ job: UInt64) {
        guard let effects else { return }
        effects.runs[job] = nil
        carryOut(effects.scheduler.ended(job))
    }

    /// A timer the scheduler set has fired: what it started, unless it was cancelled meanwhile.
    @usableFromInline
    func timerFired(_ timer: UInt64) {
        guard let effects, effects.timers.removeValue(forKey: timer) != nil else { return }
        carryOut(effects.scheduler.timerFired(timer))
    }

    /// Leaves a run's event or end in the inbox for the loop, on the run's thread, and makes sure a drain of the
    /// inbox is on its way (see ``RunInbox``).
    @inlinable
    func deliver(_ entry: RunInbox<S>.Entry, to inbox: RunInbox<S>) {
        if context == .own {
            // From inside this store's loop: handled after the current work, as an event dispatched here would be.
            _ = inbox.deposit(entry, fromTheLoop: true)
            pending.append(.runEvents)
            return
        }
        let (putDrain, confirm, isFull) = inbox.deposit(entry)
        if putDrain {
            scheduleWithoutWaiting(.runEvents)
            if let confirm { inbox.drainIsOnTheQueue(afterTakes: confirm) }
        }
        // Full: a sender outside any store waits behind the drains on the queue, as a dispatch would.
        if isFull, context == .outside { schedule(.runEvents) }
    }

    /// Handles what the runs left in the inbox, in order.
    ///
    /// When it is the last thing the loop has to do, each entry is handled as if it had come in a block of its own:
    /// what it enqueues runs before the next entry. When other work waits behind it, that work keeps its place. A drain
    /// asked for while one runs (a send from inside the loop) is folded into it, so a run's events stay in the order
    /// sent. The chain of the events being handled stays held across consecutive events of that chain
    /// (``EffectDriver/handle(_:of:holding:)``), and is let go before anything else can run or end: an entry of
    /// another chain, a run's end, pending work, the end of the drain.
    @inlinable
    func handleRunEvents() {
        guard let effects else { return }
        guard !effects.isDrainingInbox else {
            effects.drainsInboxAgain = true
            return
        }
        effects.isDrainingInbox = true
        defer { effects.isDrainingInbox = false }
        let eachAsABlock = nothingPending
        var held: UInt64?
        repeat {
            effects.drainsInboxAgain = false
            for entry in effects.inbox.take() {
                switch entry {
                case .event(let event, let job):
                    handle(event, of: job, holding: &held)
                case .ended(let job):
                    letGo(&held)
                    endJob(job)
                }
                if eachAsABlock, !nothingPending {
                    letGo(&held)
                    drainPending()
                }
            }
            letGo(&held)
        } while effects.drainsInboxAgain
    }

    /// Ends every effect when the store is released, as the scheduler decides: stops runs, cancels timers, and
    /// resolves the waiting dispatches' futures with the committed state, oldest first. In `deinit`, when nothing else
    /// can touch the books.
    func endEffects() {
        guard let effects else { return }
        carryOut(effects.scheduler.cancelAll())
    }

    // MARK: - Checks

    @inlinable
    func assertOnQueue() {
        #if DEBUG
            dispatchPrecondition(condition: .onQueue(queue))
        #endif
    }

    /// The committed state, read on the queue, where no writer can run concurrently.
    @inlinable
    func stateOnQueue(reading what: @autoclosure () -> String) -> S {
        assertOnQueue()
        if isHandling { usedFromInsideHandle(what()) }
        return committedState
    }

    /// Stops with the message for a use of the store from inside `S.handle(event:)`: a programmer error.
    @usableFromInline
    func usedFromInsideHandle(_ what: String) -> Never {
        fatalError(
            """
            EffectStore: \(what) was used from inside \(S.self).handle(event:). handle(event:) must be pure \
            and must not use its store. To fix, read `self` (it is the state being handled) and return an \
            effect for anything the store should do.
            """
        )
    }
}

// The store as the driver of its effects (`Effects/EffectDriver.swift`, which runs its chains and carries out its
// scheduler's decisions): it performs effects with its handler, listens to their answers on its queue, and keeps the
// runs, timers and waiting dispatches in its books. On the queue.
extension Store: EffectDriver {
    @inlinable
    package func withScheduler<R>(_ body: (inout EffectScheduler<S.Effect>) -> R) -> R {
        body(&(effects ?? makeEffects()).scheduler)
    }

    @inlinable
    package func perform(_ effect: S.Effect) -> EffectAnswer<S.Event>? { performEffect?(effect) }

    /// An answer there at once, while nothing else waits: following it now is exactly what enqueuing it would do.
    @inlinable
    package func eventToFollow(_ answer: EffectAnswer<S.Event>) -> S.Event? {
        nothingPending ? answer.eventIfReady : nil
    }

    /// Feeds `job`'s answer — one event, or a run's events and its end — back into the loop as work.
    @inlinable
    package func listen(to answer: EffectAnswer<S.Event>, job: UInt64) {
        switch answer.kind {
        case .ready(let event):
            pending.append(.answer(event, job: job))
        case .future(let future):
            listen(to: future, job: job)
        case .run(let run):
            guard let effects else { return }
            effects.runs[job] = run
            let inbox = effects.inbox
            let connected = run.connect { [weak self] signal in
                switch signal {
                case .event(let event): self?.deliver(.event(event, job: job), to: inbox)
                case .finished: self?.deliver(.ended(job), to: inbox)
                }
            }
            guard connected else {
                fatalError(
                    """
                    EffectStore: Store<\(S.self)> was handed a run that had already started. To fix, return a new \
                    run from handle(effect:) (perform(_:) in a PlannedEffectHandler) each time.
                    """
                )
            }
        }
    }

    /// `listen(to:job:)` for a future's answer. A future released unanswered ends the job, so that its chain does not
    /// wait forever.
    @usableFromInline
    func listen(to future: Future<S.Event>, job: UInt64) {
        let ticket = AnswerTicket { [weak self] in self?.scheduleWithoutWaiting(.ended(job)) }
        future.onComplete { [weak self] event in
            ticket.isAnswered = true
            self?.schedule(.answer(event, job: job))
        }
    }

    @usableFromInline
    package func stop(_ job: UInt64) {
        effects?.runs.removeValue(forKey: job)?.cancel()
    }

    @usableFromInline
    package func startTimer(_ timer: UInt64, after delay: EffectDuration) {
        guard let effects else { return }
        effects.timers[timer] = effects.clock.schedule(after: delay) { [weak self] in
            self?.schedule(.timerFired(timer))
        }
    }

    @usableFromInline
    package func cancelTimer(_ timer: UInt64) {
        effects?.timers.removeValue(forKey: timer)?()
    }

    /// Resolves the promise of the dispatch waiting for `chain`, if any, with the committed state.
    @inlinable
    package func finish(_ chain: UInt64) {
        effects?.waiting.removeValue(forKey: chain)?.resolve(committedState)
    }
}

extension Store {
    /// What `deinit` ends in a store that has extras or effects.
    func endExtrasAndEffects() {
        let committed = stateBox.unsynchronizedValue
        committed.extras?.lifetime.end()  // cancels async effects' tasks and finishes `states` streams
        endEffects()
        // Nothing is in flight any more: wake the threads waiting for this store to settle (they hold it weakly).
        if let extras = committed.extras {
            for waiter in extras.idleWaiters { waiter.signal() }
            extras.idleWaiters = []
        }
        // A derived state may keep the box, for the last state; not the observers, the undo history or the event
        // source. They are taken out under the lock and released after it: their `deinit` may read this box.
        let released = stateBox.withLock { committed -> (AnyObject?, AnyObject?) in
            let tail = committed.tail
            committed.tail = nil
            guard let extras = tail as? StoreExtras<S> else { return (tail, nil) }
            defer { extras.creationEventSource = nil }
            return (tail, extras.creationEventSource)
        }
        withExtendedLifetime((committed, released)) {}
    }

    /// The end of `init`: keeps `clock`, if given, for effects that wait, and notes an event source for `deinit`.
    @usableFromInline
    func finishSetUp(clock: (any EffectClock)?, hasEventSource: Bool) {
        if hasEventSource { hasExtras = true }
        if let clock { extras.clock = clock }
    }
}
