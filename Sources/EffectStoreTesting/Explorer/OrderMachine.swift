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
    /// Called before each step the search or a replay takes, with the schedule up to and including that step, and the
    /// search's figures (none in a replay): how an exploration in a child process tells its parent where it crashed.
    let willStep: (([ScheduleChoice], OrderFigures?) -> Void)?

    init(
        explorer: StateExplorer<S>, bounds: EffectOrderBounds,
        willStep: (([ScheduleChoice], OrderFigures?) -> Void)? = nil
    ) {
        self.explorer = explorer
        self.bounds = bounds
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
            state: explorer.initialState, scheduler: EffectScheduler(),
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
        checked(&world, &transitions) { $0.deliver(choice) }
    }

    /// Runs `delivery` in `world`, driven as the store drives its effects (`OrderDriver`), then checks what holds
    /// after a step.
    func checked(
        _ world: inout OrderWorld<S>, _ transitions: inout [Transition<S>],
        _ delivery: (OrderDriver<S>) -> StepOutcome
    ) -> StepOutcome {
        let driver = OrderDriver(machine: self, world: consume world, transitions: consume transitions)
        let outcome = delivery(driver)
        world = driver.world
        transitions = driver.transitions
        if let failure = driver.failure { return failure }
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
