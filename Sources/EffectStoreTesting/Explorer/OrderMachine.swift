import EffectStore
import EffectStoreLogging

/// A performed effect waiting for its answer — or, once cancelled, an answer it may have sent before the cancel, on
/// its way to the store's queue.
struct PendingEffect<S: State> {
    let job: UInt64
    /// Its name in schedules: the order in which the schedule performed it, from 0.
    let name: Int
    let effect: S.Effect
    /// The effect as a merge key compares it: described once, for the first key that needs it (a walk needs none),
    /// and carried by the copies of the world.
    var described: String?
    let outcomes: [EffectOutcome<S.Event>]
    /// Cancelled: only its answers are left, each of which may have been sent before the cancel.
    var cancelled = false
    var answersAtOnce: Bool { !cancelled && outcomes.contains { if case .atOnce = $0 { true } else { false } } }

    /// Whether `outcome` answers with an event.
    static func answers(_ outcome: EffectOutcome<S.Event>) -> Bool {
        switch outcome {
        case .atOnce, .later, .failing: return true
        case .finishes, .never: return false
        }
    }
}

/// Everything a schedule has reached: the state, the store's scheduler, what is pending, the virtual clock.
struct OrderWorld<S: State & Hashable> {
    var state: S
    var scheduler: EffectScheduler<S.Effect>
    var pending: [PendingEffect<S>] = []
    /// Jobs that chose ``EffectOutcome/never``.
    var silent: [PendingEffect<S>] = []
    /// Timers set, with the time they fire at (nanoseconds), in the order set.
    var timers: [(timer: UInt64, due: UInt64)] = []
    var now: UInt64 = 0
    var sent: [Bool]
    /// The effects performed so far: the name the next one gets.
    var performed = 0
    var nextChain: UInt64 = 1
    /// The chains (one per user event) still waiting for something started on their behalf.
    var unsettled: Set<UInt64> = []
    var outOfOrder = 0
    /// The effects performed that the explorer had no answer for: the step that performed them fails.
    var unanswered: [S.Effect] = []
}

/// How far a search has come: for the figures of an exploration a crash stopped.
struct OrderFigures {
    let schedules: Int
    let states: Int
    /// The run of a random or priority walk.
    let run: Int?
}

/// What one choice did.
enum StepOutcome {
    case done
    case invalid
    case failed(check: String, reason: String)
}

/// The rules of delivery: which choices a world offers, and what each does, through the store's scheduler.
struct OrderMachine<S: State & Hashable> {
    let explorer: StateExplorer<S>
    let bounds: EffectOrderBounds
    let planReader: ((S.Effect) -> EffectPlan<S.Effect>?)?
    /// Called before each step the search or a replay takes, with the schedule up to and including that step, and the
    /// search's figures (none in a replay): how an exploration in a child process tells its parent where it crashed.
    let willStep: (([ScheduleChoice], OrderFigures?) -> Void)?

    init(
        explorer: StateExplorer<S>, bounds: EffectOrderBounds,
        willStep: (([ScheduleChoice], OrderFigures?) -> Void)? = nil
    ) {
        self.explorer = explorer
        self.bounds = bounds
        self.planReader = EffectStore.planReader(for: S.Effect.self)
        self.willStep = willStep
    }

    /// The check an effect with no answer fails: the explorer's set-up, not the feature, is at fault.
    static var answerCheck: String { "every effect has an answer" }

    /// Whether the order in which pending effects started counts: under a bound on out-of-order deliveries. Without
    /// one, pending effects are a set, and orders that reach the same set merge.
    var orderMatters: Bool { bounds.outOfOrder != .max }

    /// The key `world` merges by; describes the effects in it that are not yet.
    func key(of world: inout OrderWorld<S>) -> OrderKey<S> {
        for index in world.pending.indices where world.pending[index].described == nil {
            world.pending[index].described = Describing.value(world.pending[index].effect, maxLength: 0)
        }
        for index in world.silent.indices where world.silent[index].described == nil {
            world.silent[index].described = Describing.value(world.silent[index].effect, maxLength: 0)
        }
        return world.key(orderMatters: orderMatters)
    }

    func start() -> OrderWorld<S> {
        OrderWorld(
            state: explorer.initialState, scheduler: EffectScheduler(planReader: planReader ?? { _ in nil }),
            sent: Array(repeating: false, count: explorer.events.count))
    }

    /// The choices `world` offers; `outOfOrderLimit` bounds answers given before an older pending effect's.
    func choices(in world: OrderWorld<S>, outOfOrderLimit: Int) -> [ScheduleChoice] {
        deliveries(in: world, outOfOrderLimit: outOfOrderLimit).choices
    }

    /// The choices `world` offers under the out-of-order bound, and how many deliveries the bound holds back.
    func offered(in world: OrderWorld<S>) -> (choices: [ScheduleChoice], heldBack: Int) {
        deliveries(in: world, outOfOrderLimit: bounds.outOfOrder)
    }

    private func deliveries(in world: OrderWorld<S>, outOfOrderLimit: Int) -> (choices: [ScheduleChoice], heldBack: Int)
    {
        // An effect that answers at once does so before anything else.
        if let first = world.pending.first(where: \.answersAtOnce) {
            let choices = first.outcomes.indices.compactMap { index -> ScheduleChoice? in
                if case .atOnce = first.outcomes[index] { return .answer(effect: first.name, outcome: index) }
                return nil
            }
            return (choices, 0)
        }
        var choices: [ScheduleChoice] = []
        var heldBack = 0
        if bounds.eventsInAnyOrder {
            choices += world.sent.indices.filter { !world.sent[$0] }.map { .event($0) }
        } else if let next = world.sent.firstIndex(of: false) {
            choices.append(.event(next))
        }
        for position in world.pending.indices {
            let pending = world.pending[position]
            if pending.cancelled {
                // An answer sent before its effect was cancelled reaches the store whenever; it is no delivery out of
                // order, as the store drops it.
                choices += pending.outcomes.indices.filter { PendingEffect<S>.answers(pending.outcomes[$0]) }
                    .map { .answer(effect: pending.name, outcome: $0) }
            } else if world.outOfOrder < outOfOrderLimit || world.pending[..<position].allSatisfy(\.cancelled) {
                choices += pending.outcomes.indices.map { .answer(effect: pending.name, outcome: $0) }
            } else {
                heldBack += pending.outcomes.count
            }
        }
        if !world.timers.isEmpty { choices.append(.timer) }
        return (choices, heldBack)
    }

    /// Applies `choice` to `world`, appending what was handled to `transitions`, and checks what holds after a step:
    /// that every effect performed had an answer to give, and, when nothing is left in flight, the invariants at rest.
    func step(_ world: inout OrderWorld<S>, _ choice: ScheduleChoice, transitions: inout [Transition<S>])
        -> StepOutcome
    {
        checked(&world) { deliver(choice, in: &$0, transitions: &transitions) }
    }

    /// Runs `delivery` in `world`, then checks what holds after a step.
    func checked(_ world: inout OrderWorld<S>, _ delivery: (inout OrderWorld<S>) -> StepOutcome) -> StepOutcome {
        let outcome = delivery(&world)
        guard case .done = outcome else { return outcome }
        if let effect = world.unanswered.first {
            return .failed(
                check: Self.answerCheck,
                reason: """
                    \(Describing.value(effect)) was performed, but answering(_:) gives it no outcome, so what it \
                    would answer goes unexplored. To fix, return the outcomes it may have: [.finishes] for an effect \
                    that ends with no answer, [.never] for one that never ends
                    """)
        }
        return failureAtRest(world) ?? .done
    }

    /// The failure of the first invariant at rest `world` breaks, when nothing is in flight there.
    func failureAtRest(_ world: OrderWorld<S>) -> StepOutcome? {
        guard world.scheduler.isIdle else { return nil }
        for invariant in explorer.invariants {
            guard case .atRest(let holds) = invariant.check, !holds(world.state) else { continue }
            return .failed(
                check: invariant.name,
                reason: "nothing is in flight, and the state \(Describing.value(world.state)) breaks it")
        }
        return nil
    }

    /// The failure of the initial state, which no step checks: a state invariant or an invariant at rest it breaks.
    func initialFailure() -> StepOutcome? {
        let world = start()
        for invariant in explorer.invariants {
            guard case .state(let holds) = invariant.check, !holds(world.state) else { continue }
            return .failed(
                check: invariant.name, reason: "the initial state \(Describing.value(world.state)) breaks it")
        }
        return failureAtRest(world)
    }

    /// Delivers `choice` in `world`.
    private func deliver(_ choice: ScheduleChoice, in world: inout OrderWorld<S>, transitions: inout [Transition<S>])
        -> StepOutcome
    {
        guard choices(in: world, outOfOrderLimit: .max).contains(choice) else { return .invalid }
        switch choice {
        case .event(let index):
            world.sent[index] = true
            return send(explorer.events[index], in: &world, transitions: &transitions)
        case .answer(let name, let outcome):
            guard let position = world.pending.firstIndex(where: { $0.name == name }) else { return .invalid }
            return answer(at: position, with: world.pending[position].outcomes[outcome], in: &world,
                          transitions: &transitions)
        case .timer:
            return fireNextTimer(in: &world)
        }
    }

    /// Sends the user's `event`, which starts a dispatch of its own.
    func send(_ event: S.Event, in world: inout OrderWorld<S>, transitions: inout [Transition<S>]) -> StepOutcome {
        let chain = world.nextChain
        world.nextChain += 1
        return handle(event, chain: chain, in: &world, transitions: &transitions) ?? .done
    }

    /// The pending effect at `position` has `outcome` (one of its own, or one a replay by value gives).
    func answer(
        at position: Int, with outcome: EffectOutcome<S.Event>, in world: inout OrderWorld<S>,
        transitions: inout [Transition<S>]
    ) -> StepOutcome {
        let pending = world.pending.remove(at: position)
        // The store's rule (`Store.process(_:)`): the answer of a job that is no longer live — it was cancelled
        // after the answer was sent to the store's queue, before the store took it — is dropped.
        if pending.cancelled, world.scheduler.liveChain(of: pending.job) == nil { return .done }
        if orderMatters, position > 0, !pending.answersAtOnce, !world.pending[..<position].allSatisfy(\.cancelled) {
            world.outOfOrder += 1
        }
        guard let chain = world.scheduler.liveChain(of: pending.job) else {
            return .failed(
                check: "no answer of a cancelled effect is applied",
                reason: "\(Describing.value(pending.effect)) was cancelled, yet it was still pending")
        }
        switch outcome {
        case .atOnce(let event), .later(let event), .failing(let event):
            world.scheduler.hold(chain)
            if let failure = handle(event, chain: chain, in: &world, transitions: &transitions) { return failure }
            carryOut(world.scheduler.ended(pending.job), in: &world)
            carryOut(world.scheduler.unhold(chain), in: &world)
        case .finishes:
            carryOut(world.scheduler.ended(pending.job), in: &world)
        case .never:
            world.silent.append(pending)
        }
        return .done
    }

    /// The virtual clock moves to the earliest timer, which fires (the first set, of two due together).
    func fireNextTimer(in world: inout OrderWorld<S>) -> StepOutcome {
        guard let first = world.timers.indices.min(by: { world.timers[$0].due < world.timers[$1].due }) else {
            return .invalid
        }
        let timer = world.timers.remove(at: first)
        world.now = max(world.now, timer.due)
        carryOut(world.scheduler.timerFired(timer.timer), in: &world)
        return .done
    }

    /// Handles `event` in the state, checks the invariants, and starts its effect on behalf of `chain`.
    private func handle(
        _ event: S.Event, chain: UInt64?, in world: inout OrderWorld<S>, transitions: inout [Transition<S>]
    ) -> StepOutcome? {
        let transition = Transition(handling: event, in: world.state)
        world.state = transition.to
        transitions.append(transition)
        for invariant in explorer.invariants {
            switch invariant.check {
            case .state(let holds) where !holds(transition.to):
                return .failed(check: invariant.name, reason: "the state \(Describing.value(transition.to)) breaks it")
            case .transition(let holds) where !holds(transition):
                return .failed(
                    check: invariant.name,
                    reason: "handling \(Describing.value(event)) in \(Describing.value(transition.from)) breaks it")
            default: continue
            }
        }
        if let effect = transition.effect {
            carryOut(world.scheduler.start(effect, chain: chain), in: &world)
            if let chain, world.scheduler.isWaiting(for: chain) { world.unsettled.insert(chain) }
        }
        return nil
    }

    /// Does what the scheduler decided, as the store does: performs effects (here: looks up their answers), stops
    /// jobs, sets and cancels timers, settles chains.
    private func carryOut(_ actions: [EffectScheduler<S.Effect>.Action], in world: inout OrderWorld<S>) {
        var actions = actions[...]
        while let action = actions.popFirst() {
            switch action {
            case .perform(let effect, let job):
                let outcomes = explorer.answers?(effect) ?? []
                if outcomes.isEmpty {
                    // It ends here, so that the world stays whole; the step that performed it fails.
                    world.unanswered.append(effect)
                    actions += world.scheduler.ended(job)
                } else {
                    world.pending.append(
                        PendingEffect(job: job, name: world.performed, effect: effect, outcomes: outcomes))
                    world.performed += 1
                }
            case .stop(let job):
                // The job's work stops; an answer it may have sent already is still on its way to the store.
                for index in world.pending.indices where world.pending[index].job == job {
                    world.pending[index].cancelled = true
                }
                world.pending.removeAll { $0.job == job && !$0.outcomes.contains(where: PendingEffect<S>.answers) }
                world.silent.removeAll { $0.job == job }
            case .startTimer(let timer, let delay):
                let (due, overflow) = world.now.addingReportingOverflow(delay.nanoseconds)
                world.timers.append((timer, overflow ? .max : due))
            case .cancelTimer(let timer):
                world.timers.removeAll { $0.timer == timer }
            case .finish(let chain):
                world.unsettled.remove(chain)
            }
        }
    }

    /// The end-of-schedule check, for a world that offers no choice.
    func endFailure(of world: OrderWorld<S>) -> StepOutcome? {
        if !bounds.allowsRunningEffects, !world.silent.isEmpty {
            let effects = world.silent.map { Describing.value($0.effect) }.joined(separator: ", ")
            return .failed(
                check: "nothing is left running",
                reason: "\(effects) never answered; pass `allowsRunningEffects: true` if that is expected")
        }
        if world.silent.isEmpty, !world.scheduler.isIdle || !world.unsettled.isEmpty {
            return .failed(
                check: "every dispatch settles",
                reason: "nothing is pending, yet \(world.unsettled.count) dispatch(es) never settled")
        }
        for invariant in explorer.invariants {
            guard case .eventually(let holds) = invariant.check, !holds(world.state) else { continue }
            return .failed(
                check: invariant.name,
                reason: "the schedule ended — every event sent, nothing left to deliver — in the state "
                    + "\(Describing.value(world.state)), which does not satisfy it")
        }
        return nil
    }

    func describe(_ outcome: EffectOutcome<S.Event>) -> String {
        switch outcome {
        case .atOnce(let event): return "answers at once \(Describing.value(event))"
        case .later(let event): return "answers \(Describing.value(event))"
        case .failing(let event): return "fails with \(Describing.value(event))"
        case .finishes: return "finishes"
        case .never: return "never answers"
        }
    }
}
