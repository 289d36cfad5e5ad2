import EffectStore
import EffectStoreLogging

/// What a performed effect may do, for ``StateExplorer/exploreEffectOrders(bounds:strategy:in:)``: the answers an
/// effect handler could give, one of which the explorer picks in each schedule.
///
/// ```swift
/// explorer.answering { effect in
///     switch effect {
///     case .work(.search(let query)): [.later(.results(query, ["\(query)!"])), .failing(.failed(query))]
///     case .work(.log): [.finishes]
///     case .plan: []
///     }
/// }
/// ```
///
/// An effect the answers closure gives no outcome for is a failure of the exploration, "every effect has an answer",
/// that names it: what it would answer would go unexplored. Declare an effect that ends with no answer (a log, a
/// fire-and-forget save) with `[.finishes]`, and one that never ends with `[.never]`. See <doc:ExploringEffectOrders>.
public enum EffectOutcome<Event> {
    /// Answers with `event` as it is performed, before anything else is delivered.
    case atOnce(Event)
    /// Answers with `event` at a moment the explorer chooses: after other answers, events and timers, or before.
    case later(Event)
    /// Like ``later(_:)``: an answer that reports a failure, named so that schedules and reports read well.
    case failing(Event)
    /// Ends at a moment the explorer chooses, with no answer.
    case finishes
    /// Never answers: the effect stays running. The end-of-schedule check then fails unless
    /// ``EffectOrderBounds/allowsRunningEffects`` is set.
    case never
}

extension EffectOutcome: Sendable where Event: Sendable {}

/// One choice of a ``Schedule``: what is delivered next.
///
/// ```swift
/// ScheduleChoice.event(0).description                      // "e0"
/// ScheduleChoice.answer(effect: 1, outcome: 0).description // "a1.0"
/// ScheduleChoice.timer.description                         // "t"
/// ```
///
/// An effect is named by the order in which the schedule performed it: `a1.0` is always the second effect performed,
/// whatever was delivered before it, so one name never stands for two effects in one schedule.
public enum ScheduleChoice: Hashable, Sendable, CustomStringConvertible {
    /// The user's event at this index of ``StateExplorer/events`` is sent.
    case event(Int)
    /// The effect the schedule performed `effect`-th (0 is the first performed) gives the outcome at this index of
    /// the answers its effect has.
    case answer(effect: Int, outcome: Int)
    /// The virtual clock moves to the earliest timer set, which fires.
    case timer

    /// `e<index>`, `a<effect>.<outcome>` or `t`.
    public var description: String {
        switch self {
        case .event(let index): return "e\(index)"
        case .answer(let effect, let outcome): return "a\(effect).\(outcome)"
        case .timer: return "t"
        }
    }

    /// Reads a choice written as in ``description``; `nil` for any other text.
    ///
    /// - Parameter text: `e2`, `a1.0` or `t`.
    public init?(_ text: Substring) {
        if text == "t" {
            self = .timer
        } else if text.first == "e", let index = Int(text.dropFirst()), index >= 0 {
            self = .event(index)
        } else if text.first == "a" {
            let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let effect = Int(parts[0]), let outcome = Int(parts[1]), effect >= 0,
                outcome >= 0
            else { return nil }
            self = .answer(effect: effect, outcome: outcome)
        } else {
            return nil
        }
    }
}

/// An order in which a feature's events, effect answers and timers are delivered: a short list of choices that
/// replays exactly.
///
/// ```swift
/// let schedule = Schedule("e0 e1 a1.0 a0.0")!   // both searches start; the second performed answers first
/// let run = explorer.replay(schedule)
/// ```
///
/// Its text is its choices separated by spaces (``ScheduleChoice/description``).
public struct Schedule: Hashable, Sendable, CustomStringConvertible {
    /// The choices, in order.
    public var choices: [ScheduleChoice]

    /// A schedule of these choices.
    ///
    /// - Parameter choices: The choices, in order.
    public init(_ choices: [ScheduleChoice]) { self.choices = choices }

    /// Reads a schedule from its text, as a failure report prints it; `nil` when a word is not a choice.
    ///
    /// ```swift
    /// Schedule("e0 t a0.0")   // send event 0, fire the timer, answer the first effect performed
    /// ```
    ///
    /// - Parameter text: Choices separated by spaces.
    public init?(_ text: String) {
        var choices: [ScheduleChoice] = []
        for word in text.split(separator: " ") {
            guard let choice = ScheduleChoice(word) else { return nil }
            choices.append(choice)
        }
        self.choices = choices
    }

    /// The choices separated by spaces: `e0 e1 a1.0 a0.0`.
    public var description: String { choices.map(\.description).joined(separator: " ") }
}

/// The bounds of an exploration of effect orders.
///
/// ```swift
/// let bounds = EffectOrderBounds(depth: 10, outOfOrder: 1)
/// ```
public struct EffectOrderBounds: Sendable {
    /// The most choices in a schedule; longer schedules are cut there, unchecked at their end, and counted in
    /// ``EffectOrderExploration/cuts`` (a failure of the assertion unless the test accepts it).
    public var depth: Int
    /// The most out-of-order deliveries in a schedule: answers given while an older effect still waits for its own.
    /// `Int.max`, the default, bounds nothing: every order is explored, and the effects pending count as a set, so
    /// that orders which started the same effects in another order merge. A bound keeps the order in which they
    /// started, since which answer is out of order depends on it.
    public var outOfOrder: Int
    /// Whether the user's events may be sent in any order; `false` sends them in the order given, interleaved with
    /// answers and timers.
    public var eventsInAnyOrder: Bool
    /// Whether effects may be left running, and their dispatches unsettled, at the end of a schedule.
    public var allowsRunningEffects: Bool
    /// The most schedules explored; the exploration is cut short beyond, and says so
    /// (``EffectOrderBound/maxSchedules``).
    public var maxSchedules: Int
    /// The most seconds spent; the exploration is cut short beyond, and says so (``EffectOrderBound/timeLimit``).
    public var timeLimit: Double

    /// Bounds for an exploration.
    ///
    /// ```swift
    /// EffectOrderBounds(depth: 12, outOfOrder: 2, eventsInAnyOrder: true)
    /// ```
    ///
    /// - Parameters:
    ///   - depth: The most choices in a schedule; 12 by default.
    ///   - outOfOrder: The most out-of-order deliveries in a schedule; `Int.max` (every order) by default.
    ///   - eventsInAnyOrder: Whether the user's events may be sent in any order; `false` by default.
    ///   - allowsRunningEffects: Whether effects may be left running at the end; `false` by default.
    ///   - maxSchedules: The most schedules explored; 100,000 by default.
    ///   - timeLimit: The most seconds spent; 10 by default.
    public init(
        depth: Int = 12, outOfOrder: Int = .max, eventsInAnyOrder: Bool = false, allowsRunningEffects: Bool = false,
        maxSchedules: Int = 100_000, timeLimit: Double = 10
    ) {
        self.depth = depth
        self.outOfOrder = outOfOrder
        self.eventsInAnyOrder = eventsInAnyOrder
        self.allowsRunningEffects = allowsRunningEffects
        self.maxSchedules = maxSchedules
        self.timeLimit = timeLimit
    }
}

/// One of the bounds of ``EffectOrderBounds``, for naming which of them cut an exploration
/// (``EffectOrderExploration/cuts``) and which cuts a test accepts
/// (``EffectOrderExploration/assertNoFailure(accepting:reporter:fileID:file:line:column:)``).
///
/// ```swift
/// let exploration = explorer.exploreEffectOrders(bounds: EffectOrderBounds(depth: 8))
/// exploration.cuts[.depth]                        // the schedules cut at 8 choices, if any
/// exploration.assertNoFailure(accepting: [.depth]) // a ticking timer never ends: the cut is expected
/// ```
public enum EffectOrderBound: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// ``EffectOrderBounds/depth``: counts the schedules cut there, whose end was neither reached nor checked.
    case depth
    /// ``EffectOrderBounds/outOfOrder``: counts the deliveries not tried because the schedule had as many answers
    /// out of order as the bound allows.
    case outOfOrder
    /// ``EffectOrderBounds/maxSchedules``: counts what was left unexplored when the limit stopped the exploration
    /// (configurations for the exhaustive strategy, runs for the others).
    case maxSchedules
    /// ``EffectOrderBounds/timeLimit``: counts what was left unexplored when the time was up, as for
    /// ``maxSchedules``.
    case timeLimit

    /// `depth`, `outOfOrder`, `maxSchedules` or `timeLimit`: the name of the bound in ``EffectOrderBounds``.
    public var description: String {
        switch self {
        case .depth: return "depth"
        case .outOfOrder: return "outOfOrder"
        case .maxSchedules: return "maxSchedules"
        case .timeLimit: return "timeLimit"
        }
    }
}

/// How ``StateExplorer/exploreEffectOrders(bounds:strategy:in:)`` picks the schedules it tries.
///
/// ```swift
/// explorer.exploreEffectOrders(strategy: .random(seed: 42, runs: 1_000))
/// ```
public enum EffectOrderStrategy: Sendable, Equatable {
    /// Every schedule within the bounds, shortest first; orders that reach a configuration already explored (two
    /// deliveries that commute) are not explored again.
    case exhaustive
    /// `runs` schedules, each choice picked at random from a generator seeded with `seed`.
    case random(seed: UInt64, runs: Int)
    /// `runs` schedules picked by priorities, as PCT does: each source of deliveries (an event, an effect, the
    /// clock) gets a random priority, the highest one enabled goes next, and at `changePoints` random steps the
    /// one that went drops to the lowest priority.
    case priorities(seed: UInt64, runs: Int, changePoints: Int)
}
