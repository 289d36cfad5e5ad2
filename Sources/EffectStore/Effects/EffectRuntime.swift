/// A store's effects in flight, and what carries them out: the ``EffectScheduler`` that decides, the runs to stop,
/// the timers to cancel, the dispatch promises waiting for their chains, and the inbox runs leave their events in.
///
/// In the manner of swift-async-algorithms' channel storage: the store's loop hands the runtime what a chain left
/// waiting (`carryOn(_:chain:)`) and the work that comes back for it (`process(_:)`: answers, a run's events, ends,
/// timers), and the runtime does the rest itself — it asks its scheduler, performs effects with the store's effect
/// handler, and starts and stops runs and timers. It comes back to the loop through one entry: each event an effect
/// answers with goes through `Store.followChain(from:origin:)`, with origin `.effect`, on behalf of its job's chain.
///
/// Made by the store on its first effect that does not finish at once (or carries a plan); owned by the store and
/// confined to its queue, like the store's own `var`s. Ended by the store's `deinit` (`endAll(with:)`). A chain is a
/// number handed out when a dispatch has to wait; its future, if anyone waits for it, is kept here until the
/// scheduler says the chain is finished, and resolved then.
///
/// `@exclusivity(unchecked)`: its `var`s are confined to the store's queue, touched one block at a time, so overlapping
/// accesses cannot happen, and a dynamic check per access would be paid on every effect.
@usableFromInline
final class EffectRuntime<S: State> {
    @usableFromInline typealias Job = EffectScheduler<S.Effect, UInt64>.Job
    @usableFromInline typealias Timer = EffectScheduler<S.Effect, UInt64>.Timer

    /// Work for the runtime that comes to it through the loop (``Store/LoopItem/effect(_:)``), in order with events.
    @usableFromInline
    enum Work: Sendable {
        /// The answer of an effect in flight, which ends its job.
        case answer(S.Event, job: UInt64)
        /// A run finished, or an answer will never come.
        case ended(UInt64)
        /// Runs have left events (or their ends) in the ``RunInbox``: handle them, oldest first.
        case drainInbox
        /// A timer fired.
        case timerFired(UInt64)
    }

    /// The store that owns this runtime, unretained: the store outlives its runtime (it ends it in `deinit`), and the
    /// runtime touches it only on its queue, from inside its loop. Read through `loop`, which lends it with no retain:
    /// an `unowned(unsafe)` reference read into a local is retained for the call, and a store that has ever been
    /// referenced weakly (the runtime's own `WeakStore`) takes the slow path on every retain and release.
    @usableFromInline let owner: Unmanaged<Store<S>>
    @exclusivity(unchecked) @usableFromInline var scheduler: EffectScheduler<S.Effect, UInt64>
    /// Whether `S.Effect` is a ``ComposableEffect``, whose effects may carry plans: asked once, so that a store whose
    /// effects cannot carry plans never looks for one (see `Store.plan(of:)`).
    @usableFromInline let effectsCarryPlans: Bool
    @usableFromInline let clock: any EffectClock
    /// The futures of chains someone waits for, by chain number, to resolve when the chain finishes: the futures
    /// themselves rather than promises of them, which would be one more object per waiting dispatch.
    @exclusivity(unchecked) @usableFromInline var promises = NumberTable<Future<S>>()
    /// Runs in flight, to stop when their job is cancelled.
    @exclusivity(unchecked) @usableFromInline var runs = NumberTable<EffectRun<S.Event>>()
    /// Timers set, to cancel.
    @exclusivity(unchecked) @usableFromInline var timers = NumberTable<@Sendable () -> Void>()
    @exclusivity(unchecked) @usableFromInline var nextChain: UInt64 = 1
    /// How many answers are being handled inline, one inside the other; past a bound they go through the queue, so
    /// that a long run of effects answered at once cannot overflow the stack.
    @exclusivity(unchecked) @usableFromInline var inlineDepth = 0
    /// Whether `drainInbox` is running, and whether a drain was asked for meanwhile (see there).
    @exclusivity(unchecked) @usableFromInline var isDrainingInbox = false
    @exclusivity(unchecked) @usableFromInline var drainsInboxAgain = false
    /// The id of the cancellable effect whose answer the chain runner could not follow, for `adopt` to take it under;
    /// `nil` otherwise. Set and taken on the queue, in one step of the loop.
    @exclusivity(unchecked) @usableFromInline var adoptionID: EffectID?

    /// The store, weakly, for the callbacks of its effects (a run's events above all) to find it from any thread.
    @usableFromInline let store: WeakStore<S>
    /// Where runs leave their events for the loop.
    @usableFromInline let inbox = RunInbox<S>()
    /// What every run this runtime takes sends its signals to, with its job: made on the first run (in `listen`, so
    /// compiled for `S`; made here, in `init`, it would run unspecialised code for every event).
    @exclusivity(unchecked) @usableFromInline var runReceiver: (@Sendable (RunSignal<S.Event>, UInt64) -> Void)?

    @usableFromInline
    init(store: Store<S>, clock: any EffectClock) {
        let planOf = planExtractor(for: S.Effect.self)
        self.owner = Unmanaged.passUnretained(store)
        self.effectsCarryPlans = planOf != nil
        self.clock = clock
        self.store = WeakStore(store)
        self.scheduler = EffectScheduler(planOf: { planOf?($0) })
    }

    /// Runs `body` with the store that owns this runtime, lent with no retain (see `owner`).
    @inlinable
    @inline(__always)
    func loop<T>(_ body: (Store<S>) -> T) -> T {
        owner._withUnsafeGuaranteedRef(body)
    }

    /// A new chain number.
    @inlinable
    func makeChain() -> UInt64 {
        defer { nextChain += 1 }
        return nextChain
    }

    /// A future of `chain`'s last state, for a dispatch that waits for it.
    @inlinable
    func future(of chain: UInt64) -> Future<S> {
        let future = Future<S>.pendingForWaitingDispatch()
        promises[chain] = future
        return future
    }

    // MARK: - From the loop

    /// Does work that came through the loop.
    @inlinable
    func process(_ work: Work) {
        switch work {
        case .answer(let event, let job):
            handleJobEvent(event, job: job, endsJob: true)
        case .ended(let job):
            endJob(job)
        case .drainInbox:
            drainInbox()
        case .timerFired(let timer):
            fireTimer(timer)
        }
    }

    /// Takes over the rest of a chain, on behalf of `chain` (`nil` when nobody waits for it): the effect to wait for,
    /// or the plan to carry out. Nothing is left to do for a chain that finished.
    @inlinable
    func carryOn(_ end: Store<S>.ChainEnd, chain: UInt64?) {
        switch end {
        case .finished:
            break
        case .waiting(let answer):
            adopt(answer, chain: chain)
        case .planned(let effect):
            startPlan(effect, chain: chain)
        }
    }

    /// Cancels every effect under `id`, if any.
    @inlinable
    func cancelEffects(under id: EffectID) {
        guard scheduler.hasMembers(id) else { return }
        // The chain goes on after this (its effect is performed next): nothing may be answered inline here.
        carryOut(scheduler.cancel(id), mayAnswerLastInline: false)
    }

    /// Ends every effect when the store is released: stops runs, cancels timers, and resolves waiting dispatch futures
    /// with `state`. In the store's `deinit`, when nothing else can touch the runtime.
    func endAll(with state: S) {
        _ = scheduler.cancelAll()
        // Oldest first, as the scheduler's `cancelAll` lists them.
        for job in runs.allKeys.sorted() { runs[job]?.cancel() }
        for timer in timers.allKeys.sorted() { timers[timer]?() }
        for chain in promises.allKeys.sorted() { promises[chain]?.resolve(with: state) }
        runs.removeAll()
        timers.removeAll()
        promises.removeAll()
    }

    // MARK: - Carrying out the scheduler's decisions

    /// Takes on an effect the handler has performed and whose answer is not there yet.
    @inlinable
    func adopt(_ answer: EffectAnswer<S.Event>, chain: UInt64?) {
        let id = adoptionID
        adoptionID = nil
        let (job, actions) = scheduler.adopt(chain: chain, id: id)
        carryOut(actions)
        listen(to: answer, job: job, mayAnswerInline: false)
    }

    /// Starts `effect`, which carries a plan, on behalf of `chain`. Out of line: the scheduler's interpretation of
    /// plans, inlined, would make every caller larger and a run's events slower.
    @inlinable
    @inline(never)
    func startPlan(_ effect: S.Effect, chain: UInt64?) {
        carryOut(scheduler.start(effect, chain: chain))
    }

    /// Does what the scheduler decided, in order.
    @inlinable
    func carryOut(_ actions: consuming [EffectScheduler<S.Effect, UInt64>.Action], mayAnswerLastInline: Bool = true) {
        guard !actions.isEmpty else { return }
        // A loop, not recursion: what an effect with no answer lets start (the next one in its queue) is appended.
        var actions = actions
        defer { scheduler.recycle(&actions) }
        var index = 0
        while index < actions.count {
            let action = actions[index]
            index += 1
            switch action {
            case .perform(let effect, let job):
                guard let answer = loop({ $0.performEffect?(effect) }) else {
                    actions += scheduler.ended(job)
                    continue
                }
                // Only the last action may be answered inline: the ones before it must all have started first.
                listen(to: answer, job: job, mayAnswerInline: mayAnswerLastInline && index == actions.count)
            case .stop(let job):
                runs.removeValue(forKey: job)?.cancel()
            case .startTimer(let timer, let delay):
                let store = self.store
                timers[timer] = clock.schedule(after: delay) {
                    store.store?.schedule(.effect(.timerFired(timer)))
                }
            case .cancelTimer(let timer):
                timers.removeValue(forKey: timer)?()
            case .finish(let chain):
                promises.removeValue(forKey: chain)?.resolve(with: loop { $0.committedState })
            }
        }
    }

    /// Feeds `job`'s answer — one event, or a run's events and its end — back into the loop. An answer that is
    /// there already is handled at once when `mayAnswerInline` and nothing else waits (what enqueuing it and draining
    /// would do), up to a bounded depth; otherwise it is enqueued.
    @inlinable
    func listen(to answer: EffectAnswer<S.Event>, job: UInt64, mayAnswerInline: Bool) {
        let future: Future<S.Event>
        switch answer.kind {
        case .run(let run):
            runs[job] = run
            let connected = run.connect(to: .shared(sharedRunReceiver, job: job))
            precondition(
                connected,
                """
                EffectStore: Store<\(S.self)> was handed a run that had already started. To fix, return a new run \
                from handle(effect:) each time (and add no callbacks to a run returned as a future).
                """
            )
            return
        case .ready(let event):
            return answerNow(event, job: job, mayAnswerInline: mayAnswerInline)
        case .future(let pending):
            future = pending
        }
        if let value = future.valueIfResolved {
            return answerNow(value, job: job, mayAnswerInline: mayAnswerInline)
        }
        let ticket = loop { AnswerTicket(store: $0, job: job) }
        let store = self.store
        future.onComplete { event in
            ticket.isAnswered = true
            store.store?.schedule(.effect(.answer(event, job: job)))
        }
    }

    /// ``runReceiver``, made on first use.
    @inlinable
    var sharedRunReceiver: @Sendable (RunSignal<S.Event>, UInt64) -> Void {
        if let runReceiver { return runReceiver }
        let store = self.store
        let inbox = self.inbox
        let made: @Sendable (RunSignal<S.Event>, UInt64) -> Void = { signal, job in
            switch signal {
            case .event(let event): Self.deliver(.event(event, job: job), to: inbox, of: store)
            case .finished: Self.deliver(.ended(job), to: inbox, of: store)
            }
        }
        runReceiver = made
        return made
    }

    /// Handles the answer `value` of `job` at once when `mayAnswerInline` and nothing else waits, up to a bounded
    /// depth; otherwise enqueues it.
    @inlinable
    func answerNow(_ value: S.Event, job: UInt64, mayAnswerInline: Bool) {
        if mayAnswerInline, loop({ $0.nothingPending }), inlineDepth < 16 {
            inlineDepth += 1
            handleJobEvent(value, job: job, endsJob: true)
            inlineDepth -= 1
        } else {
            loop { $0.schedule(.effect(.answer(value, job: job))) }
        }
    }

    /// Leaves a run's event or end in `inbox` for the loop; on the run's thread (see ``RunInbox``). The store is looked
    /// up only to schedule a drain — once per batch — so most events cost no weak load.
    @inlinable
    static func deliver(_ entry: RunInbox<S>.Entry, to inbox: RunInbox<S>, of store: WeakStore<S>) {
        if let marker = LoopMarker.current, UInt(bitPattern: marker) == store.address, store.store != nil {
            // In this store's own loop, so this is its queue: the drain goes after the current item, whether or not
            // one is scheduled from elsewhere (which would come only after this block). The weak load rules out
            // another store made at the address of this one after it was released, whose loop this would be.
            inbox.contents.withLock { $0.entries.append(entry) }
            Unmanaged<Store<S>>.fromOpaque(marker)._withUnsafeGuaranteedRef { $0.pending.append(.effect(.drainInbox)) }
            return
        }
        let (deposit, isFull) = inbox.deposit(entry)
        switch deposit {
        case .nothing:
            if !isFull { return }
        case .enqueueDrain(let generation):
            store.store?.scheduleWithoutWaiting(.effect(.drainInbox))
            inbox.markEnqueued(generation: generation)
        case .enqueueAnotherDrain:
            store.store?.scheduleWithoutWaiting(.effect(.drainInbox))
        }
        // Full: waits behind the drains on the queue, and drains what came after them.
        if isFull, let store = store.store, store.context == .outside { store.schedule(.effect(.drainInbox)) }
    }

    /// Handles what the runs left in the inbox, in order. On the queue.
    ///
    /// When the drain is the last thing the loop has to do, each entry is handled as if it had come in a block of its
    /// own: what it enqueues runs before the next entry. When other items wait behind the drain (it was queued from
    /// inside the loop), they keep their place: the entries are handled one after the other, then those items.
    /// A drain asked for while one runs (a send from inside the loop, during an entry) is folded into it: the running
    /// drain takes the new entries after the ones it holds, so a run's events stay in the order sent.
    @inlinable
    func drainInbox() {
        guard !isDrainingInbox else {
            drainsInboxAgain = true
            return
        }
        isDrainingInbox = true
        defer { isDrainingInbox = false }
        let eachAsABlock = loop { $0.nothingPending }
        repeat {
            drainsInboxAgain = false
            for entry in inbox.take() {
                switch entry {
                case .event(let event, let job):
                    handleJobEvent(event, job: job, endsJob: false)
                case .ended(let job):
                    endJob(job)
                }
                if eachAsABlock { loop { $0.drainPending() } }
            }
        } while drainsInboxAgain
    }

    /// Handles an event of `job`: an answer (which ends it) or a run's event. Dropped when the job is no longer live:
    /// it was cancelled, and its events must not reach the state.
    @inlinable
    func handleJobEvent(_ event: S.Event, job: UInt64, endsJob: Bool) {
        guard let chain = scheduler.liveChain(of: job) else { return }
        scheduler.hold(chain)  // its event may cancel this very job: the chain must not finish meanwhile
        carryOn(loop { $0.followChain(from: event, origin: .effect) }, chain: chain)
        if endsJob { carryOut(scheduler.ended(job)) }
        carryOut(scheduler.unhold(chain))
    }

    /// Ends `job`: its run finished, or its answer will never come.
    @inlinable
    func endJob(_ job: UInt64) {
        runs[job] = nil
        carryOut(scheduler.ended(job))
    }

    /// A timer the scheduler set has fired.
    @inlinable
    func fireTimer(_ timer: UInt64) {
        guard timers.removeValue(forKey: timer) != nil else { return }
        carryOut(scheduler.timerFired(timer))
    }
}

/// The events a store's runs have sent that its loop has not handled yet, in the order sent.
///
/// A run's `send` leaves its event here and returns; it does not wait for the store's queue. The first event after a
/// drain schedules one drain on the queue (``EffectRuntime/Work/drainInbox``), which handles everything left by then;
/// so a run that sends faster than the loop handles pays one queue hop per batch, not per event, and its thread and the
/// store's queue work at the same time. A run's end comes through here too, after its events.
///
/// Order: entries are handled in the order deposited. A `send` returns only once a drain that will take its event is
/// on the store's queue: the deposit that finds no drain scheduled enqueues one (after the lock, then marks it
/// enqueued), and a deposit that finds one scheduled but not yet marked enqueued — its sender may not have got to the
/// queue yet — enqueues one of its own, which then finds what the first left, or nothing. So whatever the sending
/// thread puts on the queue after `send` returns (a `dispatch`, say) runs after that drain: from one thread, "send,
/// then dispatch" is handled in that order. A send from inside the store's own loop always queues a drain after the
/// current item, as an event dispatched from there would be.
///
/// Bound: when ``limit`` entries wait, a sender outside any store then waits for the queue to drain them, as a
/// dispatch would, so that a run faster than its store waits instead of filling memory. (Inside a store's loop a send
/// never waits, as nothing there does.)
///
/// Thread-safety: the entries and the drain's state live in a `LockedBox`: deposited from any thread, taken on the
/// store's queue. A drain is marked enqueued only if no drain has taken the entries since it was scheduled (the
/// generation), so a late mark cannot claim a drain for entries that came after it.
@usableFromInline
final class RunInbox<S: State>: Sendable {
    @usableFromInline
    enum Entry: Sendable {
        /// An event `job`'s run sent.
        case event(S.Event, job: UInt64)
        /// `job`'s run finished.
        case ended(UInt64)
    }

    @usableFromInline
    struct Contents: Sendable {
        @usableFromInline var entries: [Entry] = []
        /// A sender has taken on enqueuing a drain for what waits.
        @usableFromInline var drainIsScheduled = false
        /// That drain is on the queue.
        @usableFromInline var drainIsEnqueued = false
        /// How many times the entries were taken: which schedule a mark of "enqueued" belongs to.
        @usableFromInline var generation: UInt64 = 0

        @usableFromInline
        init() {}
    }

    /// What a sender must do after depositing.
    @usableFromInline
    enum Deposit {
        /// Nothing: a drain is on the queue.
        case nothing
        /// Enqueue a drain, then mark it enqueued for this generation.
        case enqueueDrain(generation: UInt64)
        /// Enqueue a drain of its own: one is scheduled but may not be on the queue yet.
        case enqueueAnotherDrain
    }

    /// How many entries may wait before a sender outside any store waits for them to be handled.
    @usableFromInline static var limit: Int { 1024 }

    @usableFromInline let contents = LockedBox.make(Contents())

    @usableFromInline
    init() {}

    /// Leaves `entry` for the loop; from any thread outside the store's loop. Also says whether `limit` entries wait.
    @inlinable
    func deposit(_ entry: Entry) -> (Deposit, isFull: Bool) {
        contents.withLock { contents in
            contents.entries.append(entry)
            let isFull = contents.entries.count >= Self.limit
            if contents.drainIsEnqueued { return (.nothing, isFull) }
            if contents.drainIsScheduled { return (.enqueueAnotherDrain, isFull) }
            contents.drainIsScheduled = true
            return (.enqueueDrain(generation: contents.generation), isFull)
        }
    }

    /// Marks the drain scheduled in `generation` as on the queue, unless the entries were taken meanwhile.
    @inlinable
    func markEnqueued(generation: UInt64) {
        contents.withLock { contents in
            if contents.generation == generation, contents.drainIsScheduled { contents.drainIsEnqueued = true }
        }
    }

    /// Takes every entry, oldest first; the next deposit schedules a new drain. On the store's queue.
    @inlinable
    func take() -> [Entry] {
        contents.withLock { contents in
            contents.generation &+= 1
            contents.drainIsScheduled = false
            contents.drainIsEnqueued = false
            defer { contents.entries = [] }
            return contents.entries
        }
    }
}

/// A weak reference to a store that closures share, rather than each capturing `[weak store]`: a weak capture is a
/// mutable box, and every read of it pays Swift's dynamic exclusivity check, once per event of a run; a `weak let`
/// pays none.
@usableFromInline
final class WeakStore<S: State>: Sendable {
    @usableFromInline weak let store: Store<S>?
    /// The store's address, to compare with the loop marker: whether a caller runs in this store's loop, without
    /// loading the weak reference. Never dereferenced through this but from inside that loop, where the store is
    /// alive. A bit pattern, so that the class stays `Sendable`.
    @usableFromInline let address: UInt

    @usableFromInline
    init(_ store: Store<S>) {
        self.store = store
        self.address = UInt(bitPattern: Unmanaged.passUnretained(store).toOpaque())
    }
}

/// Reads the plan out of an effect of type `E` with its ``ComposableEffect/planReader``, when `E` is a
/// ``ComposableEffect``; `nil` otherwise. Asked once per store, for its effect runtime and scheduler (and per
/// `TestStore`, in EffectStoreTesting), so the dynamic cast is not paid per effect there. The store's loop reads plans
/// with `Store.plan(of:)` instead, through the same `planReader`.
package func planExtractor<E>(for type: E.Type) -> ((E) -> EffectPlan<E>?)? {
    guard let composable = type as? any ComposableEffect.Type else { return nil }
    func extractor<C: ComposableEffect>(_: C.Type) -> (E) -> EffectPlan<E>? {
        // `C` is `E` (checked by the cast above), so the two function types are one. `planReader` is compiled for the
        // concrete type where it conforms; a closure made here would read every plan through generic code.
        unsafeBitCast(C.planReader, to: ((E) -> EffectPlan<E>?).self)
    }
    return extractor(composable)
}

extension Store {
    /// The effect runtime, made on first use. On the queue.
    @inlinable
    var effectRuntime: EffectRuntime<S> {
        if let runtime { return runtime }
        let made = EffectRuntime<S>(store: self, clock: clock)
        runtime = made
        return made
    }
}

/// Tells the store that a job's answer will never come, when the future that would have carried it is released
/// unanswered: its chain then ends (as "no answer") instead of keeping its dispatch future waiting forever.
@usableFromInline
final class AnswerTicket<S: State>: @unchecked Sendable {
    // Safe because: `store` is weak and written once; `isAnswered` is written by the answer's callback, which runs
    // before the future releases the callback (and so this ticket) — the release orders the write before `deinit`.
    private weak var store: Store<S>?
    private let job: UInt64
    @usableFromInline var isAnswered = false

    @usableFromInline
    init(store: Store<S>, job: UInt64) {
        self.store = store
        self.job = job
    }

    deinit {
        guard !isAnswered else { return }
        store?.scheduleWithoutWaiting(.effect(.ended(job)))  // never waits: a promise may be released under any lock
    }
}
