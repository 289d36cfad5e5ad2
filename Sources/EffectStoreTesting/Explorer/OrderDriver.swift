import EffectStore
import EffectStoreLogging

/// One step of a schedule, taken in a world: the explorer as the driver of its effects (EffectStore's `EffectDriver`,
/// which runs chains and carries out the scheduler's decisions as it does a store's). It checks the invariants at each
/// transition, performs an effect by looking up the outcomes it may have, keeps it pending until the schedule delivers
/// one, and sets timers on the virtual clock. `@usableFromInline`, as the protocol is, for the store's inlined loop.
@usableFromInline
final class OrderDriver<S: State & Hashable> {
    let machine: OrderMachine<S>
    var world: OrderWorld<S>
    /// What the step handled, in order.
    var transitions: [Transition<S>]
    /// The invariant a transition of the step broke: the chain stopped there.
    var failure: StepOutcome?

    init(machine: OrderMachine<S>, world: OrderWorld<S>, transitions: [Transition<S>]) {
        self.machine = machine
        self.world = world
        self.transitions = transitions
    }

    /// Delivers `choice`.
    func deliver(_ choice: ScheduleChoice) -> StepOutcome {
        guard machine.choices(in: world, outOfOrderLimit: .max).contains(choice) else { return .invalid }
        switch choice {
        case .event(let index):
            world.sent[index] = true
            return send(machine.explorer.events[index])
        case .answer(let name, let outcome):
            guard let position = world.pending.firstIndex(where: { $0.name == name }) else { return .invalid }
            return answer(at: position, with: world.pending[position].outcomes[outcome])
        case .timer:
            return fireNextTimer()
        }
    }

    /// Sends the user's `event`, which starts a dispatch of its own: the world waits for its chain to settle.
    func send(_ event: S.Event) -> StepOutcome {
        if let chain = runChain(event, origin: .dispatch, chain: nil, numbering: true),
            world.scheduler.isWaiting(for: chain)
        {
            world.unsettled.insert(chain)
        }
        return .done
    }

    /// The pending effect at `position` has `outcome` (one of its own, or one a replay by value gives).
    func answer(at position: Int, with outcome: EffectOutcome<S.Event>) -> StepOutcome {
        let pending = world.pending.remove(at: position)
        // The store's rule (`EffectDriver.handle(_:of:ending:)`): the answer of a job that is no longer live — it was
        // cancelled after the answer was sent to the store's queue, before the store took it — is dropped.
        if pending.cancelled, world.scheduler.liveChain(of: pending.job) == nil { return .done }
        if machine.orderMatters, position > 0, !pending.answersAtOnce,
            !world.pending[..<position].allSatisfy(\.cancelled)
        {
            world.outOfOrder += 1
        }
        guard world.scheduler.liveChain(of: pending.job) != nil else {
            return .failed(
                check: "no answer of a cancelled effect is applied",
                reason: "\(Describing.value(pending.effect)) was cancelled, yet it was still pending")
        }
        switch outcome {
        case .atOnce(let event), .later(let event), .failing(let event):
            handle(event, of: pending.job, ending: true)
        case .finishes:
            carryOut(world.scheduler.ended(pending.job))
        case .never:
            world.silent.append(pending)
        }
        return .done
    }

    /// The virtual clock moves to the earliest timer, which fires (the first set, of two due together).
    func fireNextTimer() -> StepOutcome {
        guard let first = world.timers.indices.min(by: { world.timers[$0].due < world.timers[$1].due }) else {
            return .invalid
        }
        let timer = world.timers.remove(at: first)
        world.now = max(world.now, timer.due)
        carryOut(world.scheduler.timerFired(timer.timer))
        return .done
    }
}

extension OrderDriver: EffectDriver {
    @usableFromInline func withScheduler<R>(_ body: (inout EffectScheduler<S.Effect>) -> R) -> R {
        body(&world.scheduler)
    }

    /// Handles `event` in the state and checks the invariants; a broken one stops the chain.
    @usableFromInline func commit(_ event: S.Event, origin _: TransitionOrigin, chain _: UInt64?) -> S.Effect? {
        let transition = Transition(handling: event, in: world.state)
        world.state = transition.to
        transitions.append(transition)
        for invariant in machine.explorer.invariants {
            switch invariant.check {
            case .state(let holds) where !holds(transition.to):
                failure = .failed(
                    check: invariant.name, reason: "the state \(Describing.value(transition.to)) breaks it")
                return nil
            case .transition(let holds) where !holds(transition):
                failure = .failed(
                    check: invariant.name,
                    reason: "handling \(Describing.value(event)) in \(Describing.value(transition.from)) breaks it")
                return nil
            default: continue
            }
        }
        return transition.effect
    }

    /// The outcomes `effect` may have. None ends it at once, so that the world stays whole; the step that performed
    /// it fails.
    @usableFromInline func perform(_ effect: S.Effect) -> (effect: S.Effect, outcomes: [EffectOutcome<S.Event>])? {
        let outcomes = machine.explorer.answers?(effect) ?? []
        guard !outcomes.isEmpty else {
            world.unanswered.append(effect)
            return nil
        }
        return (effect, outcomes)
    }

    /// None: an effect that answers at once is delivered as a step of its own, before anything else.
    @usableFromInline func eventToFollow(_: (effect: S.Effect, outcomes: [EffectOutcome<S.Event>])) -> S.Event? { nil }

    @usableFromInline func listen(to answer: (effect: S.Effect, outcomes: [EffectOutcome<S.Event>]), job: UInt64) {
        world.pending.append(
            PendingEffect(job: job, name: world.performed, effect: answer.effect, outcomes: answer.outcomes))
        world.performed += 1
    }

    /// The job's work stops; an answer it may have sent already is still on its way to the store.
    @usableFromInline func stop(_ job: UInt64) {
        for index in world.pending.indices where world.pending[index].job == job {
            world.pending[index].cancelled = true
        }
        world.pending.removeAll { $0.job == job && !$0.outcomes.contains(where: PendingEffect<S>.answers) }
        world.silent.removeAll { $0.job == job }
    }

    @usableFromInline func startTimer(_ timer: UInt64, after delay: EffectDuration) {
        let (due, overflow) = world.now.addingReportingOverflow(delay.nanoseconds)
        world.timers.append((timer, overflow ? .max : due))
    }

    @usableFromInline func cancelTimer(_ timer: UInt64) {
        world.timers.removeAll { $0.timer == timer }
    }

    @usableFromInline func finish(_ chain: UInt64) {
        world.unsettled.remove(chain)
    }
}
