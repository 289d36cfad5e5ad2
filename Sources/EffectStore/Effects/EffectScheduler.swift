/// What the effect runtime decides, as a plain value: which effects to perform, which to stop, which timers to set,
/// and when a dispatch's chain has nothing left to wait for.
///
/// Both the ``Store`` and `TestStore` (in EffectStoreTesting) drive one: the store performs its actions with the
/// real effect handler and clock, the test store records them, so the rules of ``EffectPlan`` are written once.
/// Every method is a pure transition that returns the actions to take, in order; nothing here runs effects, reads a
/// clock or takes a lock. The owner confines it (the store to its queue).
///
/// Numbers name jobs (performed effects) and timers; both come from one counter, so an id's members are one set.
/// A *chain* is the number the owner gives a dispatch that waits (the store: from 1 up; never 0): it counts the jobs,
/// timers and queued effects started on its behalf, and ``Action/finish(_:)`` says when that count is back to zero.
@usableFromInline
package struct EffectScheduler<Effect: Sendable, Chain: FixedWidthInteger> {
    @usableFromInline package typealias Job = UInt64
    @usableFromInline package typealias Timer = UInt64

    /// What the owner must do.
    @usableFromInline
    package enum Action {
        /// Perform `effect` with the effect handler; `job` names it from now on. End it with ``ended(_:)``.
        case perform(Effect, job: Job)
        /// Tell `job`'s work to stop: it was cancelled. Its events must not be handled any more.
        case stop(Job)
        /// Call ``timerFired(_:)`` with `timer` once `delay` has passed.
        case startTimer(Timer, delay: EffectDuration)
        /// `timer` is no longer needed.
        case cancelTimer(Timer)
        /// Nothing started on behalf of `chain` is left: its dispatch's future may resolve.
        case finish(Chain)
    }

    /// An effect waiting for its time or its turn, and what it will run under.
    @usableFromInline
    struct Deferred {
        @usableFromInline var effect: Effect
        @usableFromInline var chain: Chain?
        @usableFromInline var ids: [EffectID]
        @usableFromInline var queue: EffectID?

        @inlinable
        init(effect: Effect, chain: Chain?, ids: [EffectID], queue: EffectID?) {
            self.effect = effect
            self.chain = chain
            self.ids = ids
            self.queue = queue
        }
    }

    @usableFromInline
    enum TimerRecord {
        /// Starts the effect when it fires.
        case start(Deferred)
        /// Ends a throttle's interval.
        case throttleWindow(EffectID)
    }

    @usableFromInline
    struct Queue {
        /// Its jobs in flight, and the timers of its effects that wait for their time: while any is left, the
        /// next effect waits.
        @usableFromInline var running: Set<UInt64> = []
        /// The effects waiting for their turn: `waiting[head...]`, oldest first. A head index, so that taking the
        /// next one costs constant time.
        @usableFromInline var waiting: [Deferred] = []
        @usableFromInline var head = 0

        @inlinable
        init() {}

        @inlinable
        var waitingEffects: ArraySlice<Deferred> { waiting[head...] }

        /// Takes the oldest waiting effect; compacts the list once half of it has been taken.
        @inlinable
        mutating func popWaiting() -> Deferred? {
            guard head < waiting.count else { return nil }
            let next = waiting[head]
            head += 1
            if head * 2 >= waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            return next
        }

        /// Replaces the waiting effects.
        @inlinable
        mutating func setWaiting(_ effects: [Deferred]) {
            waiting = effects
            head = 0
        }
    }

    @usableFromInline
    struct Throttle {
        @usableFromInline var window: Timer
        @usableFromInline var interval: EffectDuration
        @usableFromInline var trailing: Deferred?

        @inlinable
        init(window: Timer, interval: EffectDuration, trailing: Deferred?) {
            self.window = window
            self.interval = interval
            self.trailing = trailing
        }
    }

    @usableFromInline let planOf: (Effect) -> EffectPlan<Effect>?
    @usableFromInline var nextNumber: UInt64 = 1
    /// The jobs in flight and the chain each counts towards. Only the chain, a trivial value, so that the look-up made
    /// for every event of a run (``liveChain(of:)``) copies no array or existential.
    @usableFromInline var jobs = NumberTable<Chain?>()
    /// The ids and queue of the jobs in ``jobs`` that run under any.
    @usableFromInline var jobKeys = NumberTable<JobKeys>()
    /// The job ``liveChain(of:)`` found last, while it is in ``jobs``.
    @usableFromInline var lastFound: (job: Job, chain: Chain?)?
    @usableFromInline var timers = NumberTable<TimerRecord>()
    @usableFromInline var members = EffectIDTable<Members>()
    /// How many jobs, timers and queued effects each chain waits for, by the chain's number (``key(of:)``): a
    /// ``NumberTable``, as a `Dictionary` would hash the chain with SipHash twice per effect started and ended.
    @usableFromInline var outstanding = NumberTable<Int>()
    @usableFromInline var queues: [EffectID: Queue] = [:]
    @usableFromInline var throttles: [EffectID: Throttle] = [:]
    @usableFromInline var actions: [Action] = []
    /// Chains the owner holds (``hold(_:)``), innermost last: one whose count reaches zero meanwhile does not finish
    /// until its hold ends.
    @usableFromInline var pinned: [Chain] = []
    /// Pinned chains whose count reached zero.
    @usableFromInline var finishedWhilePinned: [Chain] = []

    /// Creates an empty scheduler.
    ///
    /// - Parameter planOf: The plan an effect carries, or `nil` for an effect the handler performs.
    @inlinable
    package init(planOf: @escaping (Effect) -> EffectPlan<Effect>?) {
        self.planOf = planOf
    }

    /// For a live `job` (in flight: not ended, not cancelled), the chain it was started for — itself optional; `nil`
    /// when the job is not live.
    ///
    /// A run sends many events in a row, so the last job found is remembered with its chain (and forgotten when it
    /// ends), which spares hashing the job for every event.
    @inlinable
    package mutating func liveChain(of job: Job) -> Chain?? {
        if let found = lastFound, found.job == job { return .some(found.chain) }
        guard let chain = jobs[job] else { return nil }
        lastFound = (job, chain)
        return .some(chain)
    }

    /// Whether anything started on behalf of `chain` is still in flight or waiting.
    ///
    /// `mutating` though it changes nothing: called on a class's stored scheduler, a non-mutating method was called on
    /// a copy of the whole scheduler, made and destroyed through its value witnesses (1.3k instructions per waiting
    /// dispatch, callgrind `--push-pop N`); a mutating one is called on the scheduler in place.
    @inlinable
    package mutating func isWaiting(for chain: Chain) -> Bool { outstanding[Self.key(of: chain)] != nil }

    /// Whether anything is in flight or waiting: jobs, timers, queued effects.
    @inlinable
    package var isIdle: Bool { jobs.isEmpty && timers.isEmpty && queues.isEmpty }

    /// The jobs in flight, oldest first.
    @inlinable
    package var liveJobs: [Job] { jobs.allKeys.sorted() }

    /// Starts `effect` — a plan or an effect to perform — on behalf of `chain`.
    @inlinable
    package mutating func start(_ effect: Effect, chain: Chain?) -> [Action] {
        // Held while interpreting: dropping a replaced or cancelled effect of this chain must not finish it midway.
        hold(chain)
        interpret(effect, chain: chain, ids: [], queue: nil)
        return unhold(chain)
    }

    /// Keeps `chain` from finishing while the owner handles an event of one of its jobs (which may cancel that job).
    @inlinable
    package mutating func hold(_ chain: Chain?) {
        // A pin rather than a count: it costs nothing unless the chain's count reaches zero while pinned.
        guard let chain else { return }
        pinned.append(chain)
    }

    /// Ends a ``hold(_:)``: a chain whose count reached zero meanwhile, and that nothing else holds, finishes now.
    @inlinable
    package mutating func unhold(_ chain: Chain?) -> [Action] {
        guard let chain else { return takeActions() }
        if pinned.last == chain {
            pinned.removeLast()  // the usual case: holds end innermost first
        } else if let index = pinned.lastIndex(of: chain) {
            pinned.remove(at: index)
        } else {
            return takeActions()
        }
        if !finishedWhilePinned.isEmpty, let zero = finishedWhilePinned.firstIndex(of: chain), !pinned.contains(chain) {
            finishedWhilePinned.remove(at: zero)
            if outstanding[Self.key(of: chain)] == nil { actions.append(.finish(chain)) }
        }
        return takeActions()
    }

    /// Starts a job for an effect the owner has already performed (its answer was not there at once), under `id` if it
    /// was cancellable.
    @inlinable
    package mutating func adopt(chain: Chain?, id: EffectID? = nil) -> (Job, [Action]) {
        let job: Job
        if let id {
            job = newJob(chain: chain, id: id)
        } else {
            job = newJob(chain: chain, ids: [], queue: nil)
        }
        return (job, takeActions())
    }

    /// Whether anything may run or wait under `id` (`false` only when surely nothing does).
    @inlinable
    package func hasMembers(_ id: EffectID) -> Bool {
        // Effects waiting in a queue or behind a throttle may be under any id: with any queue or throttle, say yes.
        members.slot(of: id) != nil || !queues.isEmpty || !throttles.isEmpty
    }

    /// `job` has finished: its answer was handled (and the effects that answer produced were started), its run
    /// finished, or it ended with no answer. Ignored for a job that is no longer live.
    @inlinable
    package mutating func ended(_ job: Job) -> [Action] {
        removeJob(job)
        return takeActions()
    }

    /// `timer` has fired. Ignored for a timer that was cancelled meanwhile.
    @inlinable
    package mutating func timerFired(_ timer: Timer) -> [Action] {
        guard let record = timers.removeValue(forKey: timer) else { return [] }
        switch record {
        case .start(let deferred):
            for id in deferred.ids { removeMember(timer, of: id) }
            startDeferred(deferred)
            if let queue = deferred.queue {
                queues[queue]?.running.remove(timer)
                startNextIfIdle(queue)
            }
            release(deferred.chain)
        case .throttleWindow(let id):
            guard let throttle = throttles.removeValue(forKey: id) else { break }
            if let trailing = throttle.trailing {
                startDeferred(trailing)
                release(trailing.chain)
                openWindow(for: id, interval: throttle.interval)
            }
        }
        return takeActions()
    }

    /// Cancels everything under `id`.
    @inlinable
    package mutating func cancel(_ id: EffectID) -> [Action] {
        cancelMembers(of: id)
        return takeActions()
    }

    /// Cancels everything: every job is stopped, every timer cancelled, every chain finished.
    @inlinable
    package mutating func cancelAll() -> [Action] {
        for job in jobs.allKeys.sorted() { actions.append(.stop(job)) }
        for timer in timers.allKeys.sorted() { actions.append(.cancelTimer(timer)) }
        let chains = outstanding.allKeys.sorted().map { Chain(truncatingIfNeeded: $0) }
        jobs.removeAll()
        jobKeys.removeAll()
        lastFound = nil
        timers.removeAll()
        members.removeAll()
        queues = [:]
        throttles = [:]
        outstanding.removeAll()
        let finishedWhileHeld = finishedWhilePinned
        pinned = []
        finishedWhilePinned = []
        for chain in chains + finishedWhileHeld { actions.append(.finish(chain)) }
        return takeActions()
    }

    // MARK: - Interpreting plans

    @inlinable
    mutating func interpret(_ effect: Effect, chain: Chain?, ids: [EffectID], queue: EffectID?) {
        guard let plan = planOf(effect) else {
            let job = newJob(chain: chain, ids: ids, queue: queue)
            actions.append(.perform(effect, job: job))
            return
        }
        switch plan {
        case .all(let effects):
            for effect in effects { interpret(effect, chain: chain, ids: ids, queue: queue) }
        case .cancellable(let effect, let id, let cancelInFlight):
            if cancelInFlight { cancelMembers(of: id) }
            guard ids.isEmpty, queue == nil, planOf(effect) == nil else {
                interpret(effect, chain: chain, ids: ids + [id], queue: queue)
                return
            }
            // The usual cancellable effect — one id around an effect to perform — under its id with no array of ids
            // made for it: spares an allocation per effect (a screen's or a child's, scoped by its parent).
            let job = newJob(chain: chain, id: id)
            actions.append(.perform(effect, job: job))
        case .cancel(let id):
            cancelMembers(of: id)
        case .queued, .debounced, .throttled, .delayed:
            interpretTimed(plan, chain: chain, ids: ids, queue: queue)
        }
    }

    /// ``interpret(_:chain:ids:queue:)`` for the plans that wait — for their turn, their time or a throttle's
    /// window. Out of line: inlined, their code made `interpret` several kilobytes long, and a push and pop of a
    /// screen, which needs none of it, missed the instruction cache all the more (cachegrind, `--push-pop N`).
    @inlinable
    @inline(never)
    mutating func interpretTimed(_ plan: EffectPlan<Effect>, chain: Chain?, ids: [EffectID], queue: EffectID?) {
        switch plan {
        case .all, .cancellable, .cancel:
            preconditionFailure("EffectStore: interpretTimed(_:) is only for plans that wait")
        case .queued(let effect, let id, let keepingOnlyLatest):
            let deferred = Deferred(effect: effect, chain: chain, ids: ids + [id], queue: id)
            if queues[id] != nil {
                // Changed in place: a copy of the queue would copy its waiting list on every append.
                if keepingOnlyLatest {
                    for dropped in queues[id]!.waitingEffects { release(dropped.chain) }
                    queues[id]!.setWaiting([])
                }
                queues[id]!.waiting.append(deferred)
                retain(chain)
            } else {
                queues[id] = Queue()
                startDeferred(deferred)
                startNextIfIdle(id)
            }
        case .debounced(let effect, let id, let interval):
            cancelMembers(of: id)
            addTimer(.start(Deferred(effect: effect, chain: chain, ids: ids + [id], queue: queue)), delay: interval)
        case .throttled(let effect, let id, let interval, let latest):
            if throttles[id] == nil {
                interpret(effect, chain: chain, ids: ids + [id], queue: queue)
                openWindow(for: id, interval: interval)
            } else if latest {
                if let replaced = throttles[id]?.trailing { release(replaced.chain) }
                throttles[id]?.trailing = Deferred(effect: effect, chain: chain, ids: ids + [id], queue: queue)
                retain(chain)
            }
        case .delayed(let effect, let id, let delay):
            let timerIDs = id.map { ids + [$0] } ?? ids
            addTimer(.start(Deferred(effect: effect, chain: chain, ids: timerIDs, queue: queue)), delay: delay)
        }
    }

    @inlinable
    mutating func startDeferred(_ deferred: Deferred) {
        interpret(deferred.effect, chain: deferred.chain, ids: deferred.ids, queue: deferred.queue)
    }

    @inlinable
    mutating func openWindow(for id: EffectID, interval: EffectDuration) {
        let timer = takeNumber()
        timers[timer] = .throttleWindow(id)
        throttles[id] = Throttle(window: timer, interval: interval, trailing: nil)
        actions.append(.startTimer(timer, delay: interval))
    }

    @inlinable
    mutating func addTimer(_ record: TimerRecord, delay: EffectDuration) {
        let timer = takeNumber()
        timers[timer] = record
        if case .start(let deferred) = record {
            for id in deferred.ids { members.update(id, default: Members()) { $0.insert(timer) } }
            // An effect of a queue that waits for its time still has its turn: the next one waits for it too.
            if let queue = deferred.queue { queues[queue, default: Queue()].running.insert(timer) }
            retain(deferred.chain)
        }
        actions.append(.startTimer(timer, delay: delay))
    }

    /// ``newJob(chain:ids:queue:)`` for a job under one id and no queue.
    @inlinable
    mutating func newJob(chain: Chain?, id: EffectID) -> Job {
        let job = takeNumber()
        jobs[job] = chain
        jobKeys[job] = JobKeys(id: id)
        members.update(id, default: Members()) { $0.insert(job) }
        retain(chain)
        return job
    }

    @inlinable
    mutating func newJob(chain: Chain?, ids: [EffectID], queue: EffectID?) -> Job {
        let job = takeNumber()
        jobs[job] = chain
        if !ids.isEmpty || queue != nil { jobKeys[job] = JobKeys(ids: ids, queue: queue) }
        for id in ids { members.update(id, default: Members()) { $0.insert(job) } }
        if let queue { queues[queue, default: Queue()].running.insert(job) }
        retain(chain)
        return job
    }

    // MARK: - Ending and cancelling

    /// Forgets `job`: its ids and queue, and its count towards its chain. `leavingOut`: an id whose members were taken
    /// out already (being cancelled), not to look up again.
    @inlinable
    mutating func removeJob(_ job: Job, leavingOut cancelled: EffectID? = nil) {
        guard let chain = jobs.removeValue(forKey: job) else { return }
        if lastFound?.job == job { lastFound = nil }
        if !jobKeys.isEmpty, let keys = jobKeys.removeValue(forKey: job) {
            if let id = keys.firstID, id != cancelled { removeMember(job, of: id) }
            for id in keys.moreIDs where id != cancelled {
                removeMember(job, of: id)
            }
            if let queue = keys.queue {
                queues[queue]?.running.remove(job)
                startNextIfIdle(queue)
            }
        }
        release(chain)
    }

    /// Starts the next effect waiting in `queue` once nothing of it runs; forgets the queue when nothing waits.
    @inlinable
    mutating func startNextIfIdle(_ queue: EffectID) {
        while queues[queue]?.running.isEmpty == true {
            guard let next = queues[queue]!.popWaiting() else {
                queues[queue] = nil
                return
            }
            startDeferred(next)
            release(next.chain)
        }
    }

    @inlinable
    mutating func cancelMembers(of id: EffectID) {
        // Waiting effects first, so that stopping the running one does not start the next. Queues and throttles are
        // asked only when there are any: a look-up in an empty table still hashes `id`, and their code, out of line,
        // keeps this function small enough for a push and pop of a screen to stay in the instruction cache.
        let waits = !queues.isEmpty || !throttles.isEmpty
        if waits { dropWaitingEffects(under: id) }
        if let numbers = members.removeValue(forKey: id) {
            if numbers.rest.isEmpty {
                cancelMember(numbers.first, of: id)  // the usual case: no array to sort
            } else {
                for number in numbers.sorted { cancelMember(number, of: id) }
            }
        }
        if waits { forgetQueueAndThrottle(named: id) }
    }

    /// Drops the effects under `id` that wait: the whole queue named `id`, and the effects under `id` waiting in other
    /// queues or as a throttle's trailing effect. The first step of ``cancelMembers(of:)``.
    @inlinable
    @inline(never)
    mutating func dropWaitingEffects(under id: EffectID) {
        if !queues.isEmpty, let waiting = queues[id]?.waitingEffects {
            queues[id]!.setWaiting([])
            for dropped in waiting { release(dropped.chain) }
        }
        for name in Array(queues.keys) where name != id {
            guard let waiting = queues[name]?.waitingEffects, waiting.contains(where: { $0.ids.contains(id) }) else {
                continue
            }
            queues[name]!.setWaiting(waiting.filter { !$0.ids.contains(id) })
            for dropped in waiting where dropped.ids.contains(id) { release(dropped.chain) }
        }
        for name in throttles.keys where name != id {
            guard let trailing = throttles[name]?.trailing, trailing.ids.contains(id) else { continue }
            throttles[name]?.trailing = nil
            release(trailing.chain)
        }
    }

    /// Forgets the queue named `id` once nothing of it runs, and ends the throttle named `id`. The last step of
    /// ``cancelMembers(of:)``.
    @inlinable
    @inline(never)
    mutating func forgetQueueAndThrottle(named id: EffectID) {
        if !queues.isEmpty, queues[id]?.running.isEmpty == true { queues[id] = nil }
        if !throttles.isEmpty, let throttle = throttles.removeValue(forKey: id) {
            timers[throttle.window] = nil
            actions.append(.cancelTimer(throttle.window))
            if let trailing = throttle.trailing { release(trailing.chain) }
        }
    }

    /// Stops the job or cancels the timer `number`, a member of `id`, which was just taken out of ``members``.
    @inlinable
    mutating func cancelMember(_ number: UInt64, of id: EffectID) {
        if jobs[number] != nil {
            actions.append(.stop(number))
            removeJob(number, leavingOut: id)
        } else if case .start(let deferred)? = timers.removeValue(forKey: number) {
            for other in deferred.ids where other != id { removeMember(number, of: other) }
            actions.append(.cancelTimer(number))
            if let queue = deferred.queue {
                queues[queue]?.running.remove(number)
                startNextIfIdle(queue)
            }
            release(deferred.chain)
        }
    }

    /// Removes `number` from `id`'s members, and forgets `id` once it has none: one look-up.
    @inlinable
    mutating func removeMember(_ number: UInt64, of id: EffectID) {
        guard let slot = members.slot(of: id) else { return }
        members.values[slot]!.remove(number)
        if members.values[slot]!.isEmpty { members.remove(at: slot) }
    }

    // MARK: - Chains

    @inlinable
    mutating func retain(_ chain: Chain?) {
        guard let chain else { return }
        let key = Self.key(of: chain)
        outstanding[key] = (outstanding[key] ?? 0) + 1
    }

    @inlinable
    mutating func release(_ chain: Chain?) {
        guard let chain else { return }
        let key = Self.key(of: chain)
        guard let count = outstanding[key] else { return }
        if count <= 1 {
            outstanding[key] = nil
            if pinned.contains(chain) {
                finishedWhilePinned.append(chain)
                return
            }
            actions.append(.finish(chain))
        } else {
            outstanding[key] = count - 1
        }
    }

    /// `chain` as a key of ``outstanding``. Chains are numbered from 1 (a ``NumberTable`` keeps no key 0).
    @inlinable
    static func key(of chain: Chain) -> UInt64 {
        UInt64(truncatingIfNeeded: chain)
    }

    @inlinable
    mutating func takeNumber() -> UInt64 {
        defer { nextNumber += 1 }
        return nextNumber
    }

    @inlinable
    mutating func takeActions() -> [Action] {
        guard !actions.isEmpty else { return [] }
        defer { actions = [] }
        return actions
    }

    /// Takes back a list of actions the owner has carried out, emptied, as the buffer for the next ones: so that
    /// deciding allocates no array once the first has grown. Ignored when a buffer is there already.
    @inlinable
    package mutating func recycle(_ done: inout [Action]) {
        guard actions.isEmpty, actions.capacity == 0, done.capacity > 0 else { return }
        done.removeAll(keepingCapacity: true)
        swap(&actions, &done)
    }
}

extension EffectScheduler.Action: Equatable where Effect: Equatable {}

/// The jobs and timers under one id: usually one, kept inline, so that an id with a single effect in flight
/// allocates no set.
@usableFromInline
package struct Members {
    @usableFromInline var first: UInt64 = 0  // 0: none (numbers start at 1)
    @usableFromInline var rest: Set<UInt64> = []

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { first == 0 && rest.isEmpty }

    @inlinable
    mutating func insert(_ number: UInt64) {
        if first == 0 {
            first = number
        } else if first != number {
            rest.insert(number)
        }
    }

    @inlinable
    mutating func remove(_ number: UInt64) {
        if first == number {
            first = rest.popFirst() ?? 0
        } else {
            rest.remove(number)
        }
    }

    /// The members, in the order they were numbered.
    @inlinable
    var sorted: [UInt64] { ((first == 0 ? [] : [first]) + rest).sorted() }
}

/// The ids and queue a job of an ``EffectScheduler`` runs under, for a job that has any (see `jobKeys` there). The first
/// id inline: a job under one id, the usual case, allocates no array. Outside the scheduler, whose generic parameters
/// it does not use: nested, it would be copied through value witnesses where the optimizer merges specializations.
@usableFromInline
struct JobKeys {
    @usableFromInline var firstID: EffectID?
    @usableFromInline var moreIDs: [EffectID]
    @usableFromInline var queue: EffectID?

    @inlinable
    init(ids: [EffectID], queue: EffectID?) {
        self.firstID = ids.first
        self.moreIDs = ids.count > 1 ? Array(ids.dropFirst()) : []
        self.queue = queue
    }

    @inlinable
    init(id: EffectID) {
        self.firstID = id
        self.moreIDs = []
        self.queue = nil
    }
}
