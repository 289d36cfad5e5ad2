import EffectStore
import EffectStoreLogging

/// A replay, step by step, of a schedule or of steps written by value (``EffectOrderStep``): the world it reaches,
/// what each step did in words, and the first failure.
struct OrderReplay<S: State & Hashable> {
    /// How a replay by value tells whether an effect in flight is the one a step names.
    typealias Matching = (S.Effect, S.Effect) -> Bool

    let machine: OrderMachine<S>
    var world: OrderWorld<S>
    var transitions: [Transition<S>] = []
    /// What each step did, one line each: the step, what it delivered, the states it led to.
    var lines: [String] = []
    var failure: (check: String, reason: String)?

    /// A replay from the start, which checks the initial state.
    init(_ machine: OrderMachine<S>) {
        self.init(machine, from: machine.start())
        if case .failed(let check, let reason)? = machine.initialFailure() { failure = (check, reason) }
    }

    /// A replay from `world`.
    init(_ machine: OrderMachine<S>, from world: OrderWorld<S>) {
        self.machine = machine
        self.world = world
    }

    /// Records a step that was taken: its line, the states it led to, and its failure.
    private mutating func record(_ line: String, since before: Int, _ outcome: StepOutcome) {
        let handled = transitions[before...].map { "→ \(Describing.value($0.to))" }
        lines.append(([line] + handled).joined(separator: " "))
        if case .failed(let check, let reason) = outcome { failure = (check, reason) }
    }

    // MARK: - Schedules

    /// Takes `choice`; `false` when it is not possible here (nothing is changed then).
    mutating func take(_ choice: ScheduleChoice) -> Bool {
        let described = describe(choice)
        let before = transitions.count
        let outcome = machine.step(&world, choice, transitions: &transitions)
        if case .invalid = outcome { return false }
        record("\(choice): \(described)", since: before, outcome)
        return true
    }

    /// Checks the end of the schedule, when nothing is left to deliver.
    mutating func checkEnd() {
        guard failure == nil, machine.choices(in: world, outOfOrderLimit: .max).isEmpty,
            case .failed(let check, let reason)? = machine.endFailure(of: world)
        else { return }
        failure = (check, reason)
    }

    /// What `choice` delivers here, for the steps of a report.
    func describe(_ choice: ScheduleChoice) -> String {
        switch choice {
        case .event(let index) where index < machine.explorer.events.count:
            return "send \(Describing.value(machine.explorer.events[index]))"
        case .answer(let name, let outcome):
            guard let pending = world.pending.first(where: { $0.name == name }), outcome < pending.outcomes.count
            else { return "not possible" }
            let described = "\(Describing.value(pending.effect)) \(machine.describe(pending.outcomes[outcome]))"
            return pending.cancelled ? described + ", sent before its cancel: the store drops it" : described
        case .timer:
            guard let due = world.timers.map(\.due).min() else { return "no timer" }
            return "the clock moves \(EffectDuration.nanoseconds(due - world.now)) and a timer fires"
        default:
            return "not possible"
        }
    }

    // MARK: - Steps by value

    /// Takes `step`, then the answers of the effects in flight that answer at once, which come before anything else —
    /// but the one the `next` step answers itself.
    mutating func take(_ step: EffectOrderStep<S>, number: Int, next: EffectOrderStep<S>?, matching: Matching) {
        if case .advance(let duration) = step {
            advance(by: duration, number: number, next: next, matching: matching)
            return
        }
        var described = step.swiftText
        let before = transitions.count
        let outcome = machine.checked(&world, &transitions) { driver in
            switch step {
            case .send(let event):
                return driver.send(event)
            case .answer(let effect, let event):
                return Self.answer(effect, .later(event), driver, matching, &described)
            case .finish(let effect):
                return Self.answer(effect, .finishes, driver, matching, &described)
            case .neverAnswers(let effect):
                return Self.answer(effect, .never, driver, matching, &described)
            case .advance:
                return .done
            }
        }
        record("\(number). \(described)", since: before, outcome)
        answerAtOnce(before: next, matching: matching)
    }

    /// Answers, one by one, the effects in flight that answer at once, with their first answer at once, but the one
    /// `step` answers itself.
    private mutating func answerAtOnce(before step: EffectOrderStep<S>?, matching: Matching) {
        while failure == nil, let first = world.pending.first(where: \.answersAtOnce) {
            if let effect = step?.effect, matching(first.effect, effect) { return }
            guard let outcome = first.outcomes.firstIndex(where: { if case .atOnce = $0 { true } else { false } }),
                take(.answer(effect: first.name, outcome: outcome))
            else { return }
        }
    }

    /// The oldest effect in flight that `effect` matches has `outcome`. An answer to an effect that is not in flight
    /// is not delivered; one to an effect cancelled after it answered is delivered and dropped, as the store does.
    private static func answer(
        _ effect: S.Effect, _ outcome: EffectOutcome<S.Event>, _ driver: OrderDriver<S>, _ matching: Matching,
        _ described: inout String
    ) -> StepOutcome {
        let pending = driver.world.pending
        let live = pending.firstIndex { !$0.cancelled && matching($0.effect, effect) }
        let answers = PendingEffect<S>.answers(outcome)
        guard let position = live ?? pending.firstIndex(where: { answers && matching($0.effect, effect) }) else {
            described += ": not in flight, nothing is delivered"
            return .done
        }
        if live == nil { described += ": sent before its cancel, the store drops it" }
        return driver.answer(at: position, with: outcome)
    }

    /// Moves the clock on by `duration`, firing each timer that falls due, the earliest first, each a step of its own
    /// with its checks. An effect a timer started that answers at once answers before the clock moves on — unless
    /// no other timer falls due and the `next` step answers it itself.
    private mutating func advance(
        by duration: EffectDuration, number: Int, next: EffectOrderStep<S>?, matching: Matching
    ) {
        let start = world.now
        let (sum, overflow) = start.addingReportingOverflow(duration.nanoseconds)
        let end = overflow ? UInt64.max : sum
        let written = "\(number). \(EffectOrderStep<S>.advance(by: duration).swiftText)"
        var fired = 0
        while failure == nil {
            let due = world.timers.map(\.due).min().flatMap { $0 <= end ? $0 : nil }
            if let first = world.pending.first(where: \.answersAtOnce) {
                if due == nil, let effect = next?.effect, matching(first.effect, effect) { break }
                let waiting = world.pending.count
                answerAtOnce(before: nil, matching: matching)
                if world.pending.count < waiting { continue }
                break
            }
            guard let due else { break }
            let before = transitions.count
            let outcome = machine.step(&world, .timer, transitions: &transitions)
            if case .invalid = outcome { break }
            fired += 1
            record("\(written): a timer fires at \(EffectDuration.nanoseconds(due - start))", since: before, outcome)
        }
        guard failure == nil else { return }
        if fired == 0 { lines.append("\(written): no timer falls due") }
        world.now = max(world.now, end)
        answerAtOnce(before: next, matching: matching)
    }
}

extension OrderMachine {
    /// Replays `choices`, stopping at the first invalid choice or failure; a complete schedule gets the end check.
    func replay(_ choices: [ScheduleChoice]) -> (run: EffectOrderRun<S>, steps: [String], world: OrderWorld<S>) {
        var replay = OrderReplay(self)
        var replayed = 0
        var invalid: ScheduleChoice?
        for choice in choices where replay.failure == nil {
            willStep?(Array(choices.prefix(replayed + 1)), nil)
            guard replay.take(choice) else {
                invalid = choice
                break
            }
            replayed += 1
        }
        if invalid == nil { replay.checkEnd() }
        let run = EffectOrderRun(
            transitions: replay.transitions, state: replay.world.state, replayed: replayed, invalidChoice: invalid,
            failedCheck: replay.failure?.check, failureReason: replay.failure?.reason)
        return (run, replay.lines, replay.world)
    }
}
