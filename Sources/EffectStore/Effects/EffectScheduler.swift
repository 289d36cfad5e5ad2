/// What carrying out effects decides, as a plain value: which effects to perform, which to stop, which timers to set,
/// and when a dispatch's chain has nothing left to wait for.
///
/// Both the ``Store`` and `TestStore` (in EffectStoreTesting) drive one: the store performs its actions with the
/// real effect handler and clock, the test store records them, so the rules of ``EffectPlan`` are written once.
/// Every method is a pure transition that returns the actions to take, in order; nothing here runs effects, reads a
/// clock or takes a lock. The owner confines it (the store to its queue).
///
/// Numbers name jobs (performed effects) and timers; both come from one counter, so an id's members are one set.
/// A *chain* is what the owner names a dispatch that waits by: it counts the jobs, timers and waiting effects started
/// on its behalf, and ``Action/finish(_:)`` says when that count is back to zero. A chain reaches zero only at the end
/// of an operation: within one, an effect that is cancelled and one that starts for the same chain
/// (`.all(.cancel(id), next)`) leave it waiting.
///
/// ```swift
/// var scheduler = EffectScheduler<Effect>(planReader: { $0.plan })
/// let actions = scheduler.start(Effect.search("swift").cancellable(id: "search"), chain: 1)
/// // [.perform(.search("swift"), job: 1)]
/// scheduler.ended(1)   // [.finish(1)]
/// ```
@usableFromInline
package struct EffectScheduler<Effect: Sendable> {

    /// What the owner must do.
    @usableFromInline
    package enum Action {
        /// Perform `effect` with the effect handler; `job` names it from now on. End it with ``ended(_:)``.
        case perform(Effect, job: UInt64)
        /// Tell `job`'s work to stop: it was cancelled. Its events must not be handled any more.
        case stop(UInt64)
        /// Call ``timerFired(_:)`` with `timer` once `delay` has passed.
        case startTimer(UInt64, delay: EffectDuration)
        /// `timer` is no longer needed.
        case cancelTimer(UInt64)
        /// Nothing started on behalf of `chain` is left: its dispatch's future may resolve.
        case finish(UInt64)
    }

    /// An effect waiting for its time or its turn, and what it will run under.
    struct Deferred {
        var effect: Effect
        var chain: UInt64?
        var ids: [EffectID]
        var queue: EffectID?
    }

    enum TimerRecord {
        /// Starts the effect when it fires.
        case start(Deferred)
        /// Ends a throttle's interval.
        case throttleWindow(EffectID)
    }

    struct Queue {
        /// Its jobs in flight, and the timers of its effects that wait for their time: while any is left, the
        /// next effect waits.
        var running: Set<UInt64> = []
        /// The effects waiting for their turn: `waiting[head...]`, oldest first. A head index, so that taking the
        /// next one costs constant time.
        var waiting: [Deferred] = []
        var head = 0

        var waitingEffects: ArraySlice<Deferred> { waiting[head...] }

        /// Takes the oldest waiting effect; compacts the list once half of it has been taken.
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
        mutating func setWaiting(_ effects: [Deferred]) {
            waiting = effects
            head = 0
        }
    }

    struct Throttle {
        var window: UInt64
        var interval: EffectDuration
        var trailing: Deferred?
    }

    let planReader: (Effect) -> EffectPlan<Effect>?
    /// Whether an effect may carry a plan (`Effect` is a ``ComposableEffect``): the chain runner (`EffectDriver`)
    /// casts an effect to read its plan only then.
    @usableFromInline let readsPlans: Bool
    var nextNumber: UInt64 = 1
    @usableFromInline var jobs: [UInt64: EffectJob] = [:]
    var timers: [UInt64: TimerRecord] = [:]
    /// The jobs and timers under each id.
    var members: [EffectID: Set<UInt64>] = [:]
    /// How many jobs, timers and waiting effects each chain waits for.
    @usableFromInline var outstanding: [UInt64: Int] = [:]
    var queues: [EffectID: Queue] = [:]
    var throttles: [EffectID: Throttle] = [:]
    /// The actions decided so far in the current operation.
    var actions: [Action] = []
    /// Chains whose count reached zero in the current operation, in that order: they finish at its end, unless
    /// something started for them meanwhile.
    var reachedZero: [UInt64] = []

    /// Creates an empty scheduler.
    ///
    /// - Parameter planReader: The plan an effect carries, or `nil` for an effect the handler performs; by default,
    ///   the ``ComposableEffect/plan`` of a `ComposableEffect`, and none for any other type (no `planReader` at all).
    package init(planReader: ((Effect) -> EffectPlan<Effect>?)? = EffectStore.planReader(for: Effect.self)) {
        self.planReader = planReader ?? { _ in nil }
        readsPlans = planReader != nil
    }

    /// For a live `job` (in flight: not ended, not cancelled), the chain it was started for — itself optional; `nil`
    /// when the job is not live.
    @inlinable
    package func liveChain(of job: UInt64) -> UInt64?? {
        jobs[job].map { $0.chain }
    }

    /// Whether anything started on behalf of `chain` is still in flight or waiting.
    @inlinable
    package func isWaiting(for chain: UInt64) -> Bool {
        !outstanding.isEmpty && outstanding[chain] != nil
    }

    /// Whether anything is in flight or waiting: jobs, timers, queued effects.
    package var isIdle: Bool { jobs.isEmpty && timers.isEmpty && queues.isEmpty }

    /// Starts `effect` — a plan or an effect to perform — on behalf of `chain`.
    @usableFromInline
    package mutating func start(_ effect: Effect, chain: UInt64?) -> [Action] {
        interpret(effect, chain: chain, ids: [], queue: nil)
        return takeActions()
    }

    /// For a live `job`, its chain (``liveChain(of:)``), kept from finishing until ``unhold(_:)`` — unless it is
    /// `held`, which the owner holds already: the owner holds the chain of an event it handles for a job (an answer, a
    /// run's event), since handling it may cancel that very job before the effects it starts count. `nil`, and
    /// nothing held, when the job is not live.
    @inlinable
    package mutating func holdChain(of job: UInt64, unlessHeld held: UInt64?) -> UInt64?? {
        guard let chain = liveChain(of: job) else { return nil }  // a live job may have no chain
        if chain != held { retain(chain) }
        return chain
    }

    /// Ends a ``holdChain(of:unlessHeld:)``: a chain with nothing else left finishes now.
    @usableFromInline
    package mutating func unhold(_ chain: UInt64?) -> [Action] {
        release(chain)
        return takeActions()
    }

    /// Starts a job for an effect the owner has already performed (its answer was not there at once), under `id` if
    /// it was cancellable. Decides no action.
    @usableFromInline
    package mutating func adopt(chain: UInt64?, id: EffectID? = nil) -> UInt64 {
        newJob(chain: chain, ids: id.map { [$0] } ?? [], queue: nil)
    }

    /// `job` has finished: its answer was handled (and the effects that answer produced were started), its run
    /// finished, or it ended with no answer. Ignored for a job that is no longer live.
    @usableFromInline
    package mutating func ended(_ job: UInt64) -> [Action] {
        removeJob(job)
        return takeActions()
    }

    /// `timer` has fired. Ignored for a timer that was cancelled meanwhile.
    package mutating func timerFired(_ timer: UInt64) -> [Action] {
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
    @usableFromInline
    package mutating func cancel(_ id: EffectID) -> [Action] {
        cancelMembers(of: id)
        return takeActions()
    }

    /// Cancels everything: every job is stopped, every timer cancelled, every chain finished.
    package mutating func cancelAll() -> [Action] {
        for job in jobs.keys.sorted() { actions.append(.stop(job)) }
        for timer in timers.keys.sorted() { actions.append(.cancelTimer(timer)) }
        let chains = outstanding.keys.sorted()
        jobs = [:]
        timers = [:]
        members = [:]
        queues = [:]
        throttles = [:]
        outstanding = [:]
        reachedZero = []
        for chain in chains { actions.append(.finish(chain)) }
        return takeActions()
    }

    // MARK: - Interpreting plans

    mutating func interpret(_ effect: Effect, chain: UInt64?, ids: [EffectID], queue: EffectID?) {
        guard let plan = planReader(effect) else {
            let job = newJob(chain: chain, ids: ids, queue: queue)
            actions.append(.perform(effect, job: job))
            return
        }
        switch plan {
        case .all(let effects):
            for effect in effects { interpret(effect, chain: chain, ids: ids, queue: queue) }
        case .cancellable(let effect, let id, let cancelInFlight):
            if cancelInFlight { cancelMembers(of: id) }
            interpret(effect, chain: chain, ids: ids + [id], queue: queue)
        case .cancel(let id):
            cancelMembers(of: id)
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

    mutating func startDeferred(_ deferred: Deferred) {
        interpret(deferred.effect, chain: deferred.chain, ids: deferred.ids, queue: deferred.queue)
    }

    mutating func openWindow(for id: EffectID, interval: EffectDuration) {
        let timer = takeNumber()
        timers[timer] = .throttleWindow(id)
        throttles[id] = Throttle(window: timer, interval: interval, trailing: nil)
        actions.append(.startTimer(timer, delay: interval))
    }

    mutating func addTimer(_ record: TimerRecord, delay: EffectDuration) {
        let timer = takeNumber()
        timers[timer] = record
        if case .start(let deferred) = record {
            for id in deferred.ids { members[id, default: []].insert(timer) }
            // An effect of a queue that waits for its time still has its turn: the next one waits for it too.
            if let queue = deferred.queue { queues[queue, default: Queue()].running.insert(timer) }
            retain(deferred.chain)
        }
        actions.append(.startTimer(timer, delay: delay))
    }

    mutating func newJob(chain: UInt64?, ids: [EffectID], queue: EffectID?) -> UInt64 {
        let job = takeNumber()
        jobs[job] = EffectJob(chain: chain, ids: ids, queue: queue)
        for id in ids { members[id, default: []].insert(job) }
        if let queue { queues[queue, default: Queue()].running.insert(job) }
        retain(chain)
        return job
    }

    // MARK: - Ending and cancelling

    /// Forgets `job`: its ids and queue, and its count towards its chain.
    mutating func removeJob(_ job: UInt64) {
        guard let record = jobs.removeValue(forKey: job) else { return }
        for id in record.ids { removeMember(job, of: id) }
        if let queue = record.queue {
            queues[queue]?.running.remove(job)
            startNextIfIdle(queue)
        }
        release(record.chain)
    }

    /// Starts the next effect waiting in `queue` once nothing of it runs; forgets the queue when nothing waits.
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

    mutating func cancelMembers(of id: EffectID) {
        // Waiting effects first, so that stopping the running one does not start the next.
        dropWaitingEffects(under: id)
        if let numbers = members.removeValue(forKey: id) {
            for number in numbers.sorted() { cancelMember(number) }
        }
        if queues[id]?.running.isEmpty == true { queues[id] = nil }
        if let throttle = throttles.removeValue(forKey: id) {
            timers[throttle.window] = nil
            actions.append(.cancelTimer(throttle.window))
            if let trailing = throttle.trailing { release(trailing.chain) }
        }
    }

    /// Drops the effects under `id` that wait: the whole queue named `id`, and the effects under `id` waiting in other
    /// queues or as a throttle's trailing effect.
    mutating func dropWaitingEffects(under id: EffectID) {
        for name in Array(queues.keys) {
            guard let waiting = queues[name]?.waitingEffects else { continue }
            let dropped = waiting.filter { name == id || $0.ids.contains(id) }
            guard !dropped.isEmpty else { continue }
            queues[name]!.setWaiting(waiting.filter { name != id && !$0.ids.contains(id) })
            for effect in dropped { release(effect.chain) }
        }
        for name in Array(throttles.keys) where name != id {
            guard let trailing = throttles[name]?.trailing, trailing.ids.contains(id) else { continue }
            throttles[name]?.trailing = nil
            release(trailing.chain)
        }
    }

    /// Stops the job or cancels the timer `number`, whose id was just taken out of ``members``.
    mutating func cancelMember(_ number: UInt64) {
        if jobs[number] != nil {
            actions.append(.stop(number))
            removeJob(number)
        } else if case .start(let deferred)? = timers.removeValue(forKey: number) {
            for id in deferred.ids { removeMember(number, of: id) }
            actions.append(.cancelTimer(number))
            if let queue = deferred.queue {
                queues[queue]?.running.remove(number)
                startNextIfIdle(queue)
            }
            release(deferred.chain)
        }
    }

    /// Removes `number` from `id`'s members, and forgets `id` once it has none.
    mutating func removeMember(_ number: UInt64, of id: EffectID) {
        guard members[id]?.remove(number) != nil, members[id]?.isEmpty == true else { return }
        members[id] = nil
    }

    // MARK: - Chains

    @inlinable
    mutating func retain(_ chain: UInt64?) {
        guard let chain else { return }
        outstanding[chain, default: 0] += 1
    }

    mutating func release(_ chain: UInt64?) {
        guard let chain, let index = outstanding.index(forKey: chain) else { return }
        if outstanding.values[index] > 1 {
            outstanding.values[index] -= 1
        } else {
            outstanding.remove(at: index)
            reachedZero.append(chain)
        }
    }

    /// A new number: for a job, a timer, or a chain (which the owner numbers when a dispatch may wait for it).
    @usableFromInline
    package mutating func takeNumber() -> UInt64 {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// The actions of the operation that ends: those decided, then the finish of each chain that reached zero and
    /// stayed there.
    mutating func takeActions() -> [Action] {
        var taken = actions
        actions = []
        guard !reachedZero.isEmpty else { return taken }
        var finished: [UInt64] = []
        for chain in reachedZero where outstanding[chain] == nil && !finished.contains(chain) {
            finished.append(chain)
            taken.append(.finish(chain))
        }
        reachedZero = []
        return taken
    }
}

extension EffectScheduler.Action: Equatable where Effect: Equatable {}

/// A job of an ``EffectScheduler``, a performed effect in flight: the chain it counts towards, and the ids and queue it
/// runs under. Outside the scheduler, as it does not depend on the effect type.
@usableFromInline
struct EffectJob {
    @usableFromInline var chain: UInt64?
    var ids: [EffectID]
    var queue: EffectID?
}
