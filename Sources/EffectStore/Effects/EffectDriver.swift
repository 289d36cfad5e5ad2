/// What carries out an ``EffectScheduler``'s decisions and runs chains of events: the ``Store``, and in
/// EffectStoreTesting the `TestStore` and the explorer of effect orders. The interpreter of the decisions
/// (`carryOut(_:)`), the chain runner (`runChain(_:origin:chain:numbering:)`) and the handling of a job's events
/// (`handle(_:of:ending:)`, `handle(_:of:holding:)`) are written once, here, on top of what
/// each driver does its own way: commit an event, perform an effect, stop a job, set a timer, finish a chain. So what
/// a test store's test and the explorer run is what the store runs.
///
/// - The store performs effects with its handler and listens to their answers on its queue.
/// - The test store captures each effect for the test to receive and answer.
/// - The explorer looks up the outcomes an effect may have, and delivers them in every order.
///
/// A driver is an object (so that the chain runner calls it with no copy), confined to one thread at a time (the store
/// to its queue, the others to the test's thread), and none of its requirements may call back into the chain runner.
@usableFromInline
package protocol EffectDriver: AnyObject {
    associatedtype Effect: Sendable
    associatedtype Event
    /// What performing an effect gives, to listen to until it answers: the store's ``EffectAnswer``, the effect the
    /// test store captured, the explorer's outcomes.
    associatedtype Answer

    /// Runs `body` with the driver's scheduler, in place.
    func withScheduler<R>(_ body: (inout EffectScheduler<Effect>) -> R) -> R

    /// Commits `event`, which came from `origin` on behalf of `chain`, and returns the effect to start; `nil` ends the
    /// chain (there is none, or the driver stops here).
    func commit(_ event: Event, origin: TransitionOrigin, chain: UInt64?) -> Effect?

    /// Performs `effect`, which carries no plan: its answer, or `nil` when it answers with nothing (it ends now).
    func perform(_ effect: Effect) -> Answer?

    /// The event of `answer` when the chain runner may handle it at once, as the next event of this chain; `nil`
    /// when it is not there yet, or other work must come first.
    func eventToFollow(_ answer: Answer) -> Event?

    /// Waits for `answer`, the answer of `job`: an event to hand to ``handle(_:of:ending:)``, or the job's end.
    func listen(to answer: Answer, job: UInt64)

    /// Stops `job`'s work: it was cancelled, and none of its events may be handled any more.
    func stop(_ job: UInt64)

    /// Sets `timer`, to fire (``EffectScheduler/timerFired(_:)``) once `delay` has passed.
    func startTimer(_ timer: UInt64, after delay: EffectDuration)

    /// Cancels `timer`.
    func cancelTimer(_ timer: UInt64)

    /// Nothing started on behalf of `chain` is left.
    func finish(_ chain: UInt64)
}

extension EffectDriver {
    /// The chain runner: commits `event`, starts its effect, and follows answers that are there at once
    /// (``eventToFollow(_:)``), until the chain finishes, waits for an effect, or goes on in a plan — on behalf of
    /// `chain` (`nil`: none). With `numbering`, a chain with no number gets one at its first effect. Returns the
    /// chain's number.
    ///
    /// A plain effect, and a plain effect under one id (the commonest plan), is performed here, so that an answer
    /// there at once is followed at once: until that answer is handled nothing can cancel the effect, so it needs a
    /// job (under its id) only when it has to wait. Every other plan is the scheduler's.
    @inlinable
    @discardableResult
    package func runChain(
        _ event: Event, origin: TransitionOrigin, chain: UInt64?, numbering: Bool = false
    ) -> UInt64? {
        var event = event
        var origin = origin
        var chain = chain
        while var effect = commit(event, origin: origin, chain: chain) {
            if numbering, chain == nil { chain = withScheduler { $0.takeNumber() } }
            var id: EffectID?
            if withScheduler({ $0.readsPlans }), let plan = (effect as? any ComposableEffect)?.plan(as: Effect.self) {
                guard case .cancellable(let inner, let innerID, let cancelInFlight) = plan,
                    (inner as? any ComposableEffect)?.plan(as: Effect.self) == nil
                else {
                    carryOut(withScheduler { $0.start(effect, chain: chain) })
                    return chain
                }
                if cancelInFlight { carryOut(withScheduler { $0.cancel(innerID) }) }
                effect = inner
                id = innerID
            }
            guard let answer = perform(effect) else { return chain }
            guard let next = eventToFollow(answer) else {
                listen(to: answer, job: withScheduler { $0.adopt(chain: chain, id: id) })
                return chain
            }
            event = next
            origin = .effect
        }
        return chain
    }

    /// An event of `job` — one of its run's, or with `ending`, its answer, after which the job ends — on which the
    /// job's chain runs on. Dropped when the job is no longer live (it was cancelled after the event was sent).
    /// Returns whether it was handled.
    @inlinable
    @discardableResult
    package func handle(_ event: Event, of job: UInt64, ending: Bool = false) -> Bool {
        // Held, as handling the event may cancel this very job before the effects it starts count for the chain.
        var held: UInt64?
        guard handle(event, of: job, holding: &held) else { return false }
        if ending { carryOut(withScheduler { $0.ended(job) }) }
        letGo(&held)
        return true
    }

    /// A run's event, of events handled in a row: ``handle(_:of:ending:)``, except that the job's chain stays held
    /// (`held`) from one event to the next of the same chain. The caller lets it go (``letGo(_:)``) before anything
    /// else can run or end, so that a chain finishes at the same point in the order of events as it would if each
    /// event held it alone. Returns whether the event was handled.
    @inlinable
    @discardableResult
    package func handle(_ event: Event, of job: UInt64, holding held: inout UInt64?) -> Bool {
        guard let chain = withScheduler({ $0.holdChain(of: job, unlessHeld: held) }) else { return false }
        if chain != held {
            letGo(&held)
            held = chain
        }
        runChain(event, origin: .effect, chain: chain)
        return true
    }

    /// Ends the hold of ``handle(_:of:holding:)``, if any: a chain with nothing else left finishes now.
    @inlinable
    package func letGo(_ held: inout UInt64?) {
        guard let chain = held else { return }
        held = nil
        carryOut(withScheduler { $0.unhold(chain) })
    }

    /// The interpreter of the scheduler's decisions: does what `actions` say, in order. What an effect with no answer
    /// lets start (the next one in its queue) is carried out after the rest.
    @inlinable
    package func carryOut(_ actions: [EffectScheduler<Effect>.Action]) {
        var actions = actions[...]
        while let action = actions.popFirst() {
            switch action {
            case .perform(let effect, let job):
                guard let answer = perform(effect) else {
                    actions += withScheduler { $0.ended(job) }
                    continue
                }
                listen(to: answer, job: job)
            case .stop(let job):
                stop(job)
            case .startTimer(let timer, let delay):
                startTimer(timer, after: delay)
            case .cancelTimer(let timer):
                cancelTimer(timer)
            case .finish(let chain):
                finish(chain)
            }
        }
    }
}
