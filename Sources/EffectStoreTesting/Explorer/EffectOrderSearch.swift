import Dispatch
import EffectStore
import EffectStoreLogging

/// The strategies behind ``StateExplorer/exploreEffectOrders(bounds:strategy:in:)``, and the shrinking and reporting of
/// the failure found.
struct OrderSearch<S: State & Hashable> {
    let machine: OrderMachine<S>
    var schedules = 0
    var states: Set<S> = []
    /// The distinct transitions between states: a state and the state an event led it to.
    var transitions: Set<StatePair<S>> = []
    var seen: [OrderKey<S>: Int] = [:]
    var merged = 0
    var cutShort: CutShortReason?
    /// What each bound cut: see ``EffectOrderBound``.
    var cuts: [EffectOrderBound: Int] = [:]
    var found: (choices: [ScheduleChoice], seed: (seed: UInt64, run: Int)?)?
    /// The schedules explored when the failure was found, the failing one included.
    var schedulesUntilFailure: Int?
    /// The one check whose failure the search looks for, when it looks for one: a schedule that fails another ends
    /// there, unexplored further.
    var target: String?
    let startTime = DispatchTime.now().uptimeNanoseconds

    init(machine: OrderMachine<S>) { self.machine = machine }

    var bounds: EffectOrderBounds { machine.bounds }

    var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - startTime) / 1e9 }

    /// The figures so far, for ``OrderMachine/willStep``.
    func figures(run: Int? = nil) -> OrderFigures { OrderFigures(schedules: schedules, states: states.count, run: run) }

    /// Whether a limit stops the search now, with `left` configurations or runs still to explore; records which.
    mutating func limitReached(left: Int) -> Bool {
        if schedules >= bounds.maxSchedules {
            cutShort = .scheduleLimit(bounds.maxSchedules)
            cuts[.maxSchedules] = left
        } else if elapsed >= bounds.timeLimit {
            cutShort = .timeLimit(seconds: bounds.timeLimit)
            cuts[.timeLimit] = left
        }
        return cutShort != nil
    }

    /// Counts `count` cut by `bound`.
    mutating func cut(_ bound: EffectOrderBound, _ count: Int = 1) {
        if count > 0 { cuts[bound, default: 0] += count }
    }

    mutating func run(_ strategy: EffectOrderStrategy) -> EffectOrderExploration<S> {
        states.insert(machine.explorer.initialState)
        if machine.initialFailure() != nil {
            fail([], seed: nil)
        } else {
            switch strategy {
            case .exhaustive:
                exhaustive()
            case .random(let seed, let runs):
                walks(seed: seed, runs: runs, changePoints: nil)
            case .priorities(let seed, let runs, let changePoints):
                walks(seed: seed, runs: runs, changePoints: changePoints)
            }
        }
        let failure = found.map {
            report(shrink($0.choices, fromWalk: $0.seed != nil), found: $0.choices, seed: $0.seed)
        }
        return EffectOrderExploration(counts, seconds: elapsed, cutShort: cutShort, failure: failure)
    }

    /// The counts so far.
    var counts: ExplorationCounts {
        ExplorationCounts(
            schedules: schedules, distinctStates: states.count, transitions: transitions.count,
            configurations: seen.count, mergedOrders: merged, schedulesUntilFailure: schedulesUntilFailure, cuts: cuts)
    }

    /// Whether a failure of `check` is what the search looks for.
    func isTarget(_ check: String) -> Bool { target.map { $0 == check } ?? true }

    /// Records the failing schedule `path`, which ends the search.
    mutating func fail(_ path: [ScheduleChoice], seed: (seed: UInt64, run: Int)?) {
        found = (path, seed)
        schedules += 1
        schedulesUntilFailure = schedules
    }

    /// Records what a step reached.
    mutating func reached(_ world: OrderWorld<S>, by handled: [Transition<S>]) {
        states.insert(world.state)
        for transition in handled { transitions.insert(StatePair(from: transition.from, to: transition.to)) }
    }

    // MARK: - Exhaustive, breadth-first: the first failure found is a shortest one

    /// Explores from `start`, the start of every schedule by default.
    mutating func exhaustive(from start: OrderWorld<S>? = nil) {
        var start = start ?? machine.start()
        seen[machine.key(of: &start)] = 0
        var frontier: [(world: OrderWorld<S>, path: [ScheduleChoice])] = [(start, [])]
        for depth in 0...max(bounds.depth, 0) {
            var next: [(world: OrderWorld<S>, path: [ScheduleChoice])] = []
            for (index, (world, path)) in frontier.enumerated() {
                if limitReached(left: frontier.count - index + next.count) { return }
                let (choices, heldBack) = machine.offered(in: world)
                if choices.isEmpty || depth == bounds.depth {
                    if choices.isEmpty, case .failed(let check, _)? = machine.endFailure(of: world), isTarget(check) {
                        fail(path, seed: nil)
                        return
                    }
                    schedules += 1
                    if !choices.isEmpty { cut(.depth) }
                    continue
                }
                cut(.outOfOrder, heldBack)
                for choice in choices {
                    machine.willStep?(path + [choice], figures())
                    var after = world
                    var transitions: [Transition<S>] = []
                    switch machine.step(&after, choice, transitions: &transitions) {
                    case .failed(let check, _) where isTarget(check):
                        fail(path + [choice], seed: nil)
                        return
                    case .failed:
                        continue
                    case .invalid:
                        continue
                    case .done:
                        break
                    }
                    reached(after, by: transitions)
                    let key = machine.key(of: &after)
                    if let earlier = seen[key], earlier <= after.outOfOrder {
                        merged += 1
                        continue
                    }
                    seen[key] = after.outOfOrder
                    next.append((after, path + [choice]))
                }
            }
            if next.isEmpty { return }
            frontier = next
        }
    }

    // MARK: - Random and priority walks

    mutating func walks(seed: UInt64, runs: Int, changePoints: Int?) {
        var random = SplitMix64(seed: seed)
        for run in 0..<max(runs, 0) {
            if limitReached(left: runs - run) { return }
            var world = machine.start()
            var path: [ScheduleChoice] = []
            var priorities: [String: Int] = [:]
            var lowest = 0
            let changes = Set((0..<(changePoints ?? 0)).map { _ in random.next(below: max(bounds.depth, 1)) })
            while true {
                let (choices, heldBack) = machine.offered(in: world)
                if choices.isEmpty || path.count >= bounds.depth {
                    if choices.isEmpty, machine.endFailure(of: world) != nil {
                        fail(path, seed: (seed, run))
                        return
                    }
                    if !choices.isEmpty { cut(.depth) }
                    break
                }
                cut(.outOfOrder, heldBack)
                let choice: ScheduleChoice
                if changePoints == nil {
                    choice = choices[random.next(below: choices.count)]
                } else {
                    // The enabled source with the highest priority goes; a new source gets a random one.
                    let sources = choices.map { source(of: $0, in: world) }
                    for name in sources where priorities[name] == nil { priorities[name] = 1 + random.next(below: 1_000_000) }
                    let best = sources.map { priorities[$0]! }.max()!
                    let candidates = choices.indices.filter { priorities[sources[$0]]! == best }
                    let picked = candidates[random.next(below: candidates.count)]
                    choice = choices[picked]
                    if changes.contains(path.count) {
                        lowest -= 1
                        priorities[sources[picked]] = lowest
                    }
                }
                path.append(choice)
                machine.willStep?(path, figures(run: run))
                var transitions: [Transition<S>] = []
                let outcome = machine.step(&world, choice, transitions: &transitions)
                reached(world, by: transitions)
                if case .failed = outcome {
                    fail(path, seed: (seed, run))
                    return
                }
            }
            schedules += 1
        }
    }

    /// The source a choice delivers from, for priorities: the event list, an effect's job, or the clock.
    func source(of choice: ScheduleChoice, in world: OrderWorld<S>) -> String {
        switch choice {
        case .event(let index): return bounds.eventsInAnyOrder ? "event \(index)" : "events"
        case .answer(let effect, _): return "effect \(effect)"
        case .timer: return "clock"
        }
    }

    // MARK: - Reporting

    /// The failure `choices` meet, replayed here for its steps and test.
    func report(_ choices: [ScheduleChoice], found: [ScheduleChoice], seed: (seed: UInt64, run: Int)?)
        -> EffectOrderFailure<S>
    {
        let (run, steps, _) = machine.replay(choices)
        let check = run.failedCheck ?? "unknown"
        return EffectOrderFailure(
            check: check, reason: run.failureReason ?? "", schedule: Schedule(choices), found: Schedule(found),
            seed: seed, steps: steps, state: run.state, regressionTest: machine.regressionTest(choices, check: check))
    }

    /// The failure of a schedule whose last choice crashed a child process: everything before it is replayed here
    /// (it ran in the child without a crash, and `handle` is pure), the last choice only described.
    func crashReport(
        _ choices: [ScheduleChoice], found: [ScheduleChoice], seed: (seed: UInt64, run: Int)?, crash: String
    ) -> EffectOrderFailure<S>
    {
        var replay = OrderReplay(machine)
        for choice in choices.dropLast() { _ = replay.take(choice) }
        let crashed = choices.last.map { ["\($0): \(replay.describe($0)) → crashed"] } ?? []
        return EffectOrderFailure(
            check: "no crash", reason: "crashed: \(crash)", schedule: Schedule(choices), found: Schedule(found),
            seed: seed, steps: replay.lines + crashed, state: replay.world.state,
            regressionTest: machine.regressionTest(choices, check: "no crash", crash: crash))
    }
}

/// A transition between two states, for counting the distinct ones.
struct StatePair<S: Hashable>: Hashable {
    let from: S
    let to: S
}

/// A small seeded generator (SplitMix64): the same seed gives the same schedules on every platform. `package`, so
/// the package's tests draw their random moments from it too.
package struct SplitMix64 {
    var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound`; `bound` must be positive.
    package mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
