import EffectStore
import EffectStoreLogging

/// What a replay by value found: the first failure — at a step, or while what was left in flight was delivered in
/// every order — with what each step did, and what each bound cut.
struct StepsCheck {
    var failure: (check: String, reason: String)?
    /// The step that failed, from 1; `nil` for a failure after the steps.
    var failingStep: Int?
    /// The order, after the steps, in which what was left in flight was delivered when it failed.
    var continuation: Schedule?
    /// What each step did, one line each.
    var lines: [String]
    var cuts: [EffectOrderBound: Int]
}

extension OrderMachine {
    /// Replays `steps` by value from the start, checking everything after every step; then delivers what is left
    /// in flight — answers and timers, no more user events — in every order, with the end checks.
    func check(_ steps: [EffectOrderStep<S>], matching: OrderReplay<S>.Matching) -> StepsCheck {
        var replay = OrderReplay(self)
        for (offset, step) in steps.enumerated() where replay.failure == nil {
            let next = offset + 1 < steps.count ? steps[offset + 1] : nil
            replay.take(step, number: offset + 1, next: next, matching: matching)
            if replay.failure != nil {
                return StepsCheck(failure: replay.failure, failingStep: offset + 1, lines: replay.lines, cuts: [:])
            }
        }
        if replay.failure != nil {
            return StepsCheck(failure: replay.failure, failingStep: 0, lines: [], cuts: [:])
        }
        var world = replay.world
        world.sent = world.sent.map { _ in true }
        var search = OrderSearch(machine: self)
        search.exhaustive(from: world)
        guard let found = search.found?.choices else {
            return StepsCheck(failure: nil, lines: replay.lines, cuts: search.cuts)
        }
        var rest = OrderReplay(self, from: world)
        for choice in found where rest.failure == nil { _ = rest.take(choice) }
        rest.checkEnd()
        return StepsCheck(
            failure: rest.failure, continuation: Schedule(found), lines: replay.lines + rest.lines, cuts: search.cuts)
    }

    /// The steps by value that replay `choices`, as a printed test writes them. The last choice is written, not
    /// taken: it may crash.
    func steps(replaying choices: [ScheduleChoice]) -> [EffectOrderStep<S>] {
        var replay = OrderReplay(self)
        var steps: [EffectOrderStep<S>] = []
        for (offset, choice) in choices.enumerated() {
            switch choice {
            case .event(let index):
                steps.append(.send(explorer.events[index]))
            case .answer(let name, let outcome):
                guard let pending = replay.world.pending.first(where: { $0.name == name }) else { break }
                switch pending.outcomes[outcome] {
                case .atOnce(let event), .later(let event), .failing(let event):
                    steps.append(.answer(pending.effect, with: event))
                case .finishes: steps.append(.finish(pending.effect))
                case .never: steps.append(.neverAnswers(pending.effect))
                }
            case .timer:
                // A timer due at the instant the clock is at already fired with the one before it, in a step by value.
                guard let due = replay.world.timers.map(\.due).min(), due > replay.world.now else { break }
                steps.append(.advance(by: .nanoseconds(due - replay.world.now)))
            }
            if offset < choices.count - 1 { _ = replay.take(choice) }
        }
        return steps
    }

    /// The test printed for a failure of `check` by `choices`: it replays them by value with
    /// ``StateExplorer/assertEffectOrder(_:bounds:accepting:reporter:fileID:file:line:column:)``. For a `crash`, its
    /// last step crashes while the bug is there. Empty for a failure of the explorer's set-up.
    func regressionTest(_ choices: [ScheduleChoice], check: String, crash: String? = nil) -> String {
        guard check != Self.answerCheck else { return "" }
        let steps = steps(replaying: choices)
        var lines = [
            "func test_effectOrder_\(identifier(check))() {",
            "    // Effect order \"\(Schedule(choices))\" broke \"\(check)\" (StateExplorer.exploreEffectOrders).",
            "    // Paste it where `explorer` names that explorer: it fails while the bug is there, "
                + "and passes once fixed.",
        ]
        if crash == nil {
            // Steps by value tell two equal effects in flight, or two timers due together, apart less finely than
            // the schedule does: say so in the rare case where that loses the failure.
            let described = { (effect: S.Effect) in Describing.value(effect, maxLength: 0) }
            if self.check(steps, matching: { described($0) == described($1) }).failure?.check != check {
                lines.append(
                    "    // These steps do not break it as the schedule did (it told apart equal effects or timers due "
                        + "together): replay the schedule to see it.")
            }
        }
        lines.append("    explorer.assertEffectOrder([")
        lines += steps.map { "        \($0.swiftText)," }
        if let crash { lines.append("        // The step above crashes while the bug is there (\(crash)).") }
        lines.append(
            bounds.allowsRunningEffects ? "    ], bounds: EffectOrderBounds(allowsRunningEffects: true))" : "    ])")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// `text` as the words of a Swift identifier: "the results shown" is `theResultsShown`.
    func identifier(_ text: String) -> String {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        return words.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : $0.element.capitalized }.joined()
    }
}
