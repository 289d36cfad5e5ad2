import EffectStore
import EffectStoreLogging

/// What ``StateExplorer/exploreEffectOrders(bounds:strategy:in:)`` found: its figures, and the first failure, shrunk.
///
/// ```swift
/// let exploration = explorer.exploreEffectOrders(bounds: EffectOrderBounds(depth: 8))
/// print(exploration.summary)   // "412 schedules, 37 distinct states, …"
/// exploration.assertNoFailure()
/// ```
public struct EffectOrderExploration<S: State & Hashable> {
    /// The schedules explored to their end, to a failure, or to the depth bound.
    public let schedules: Int
    /// The distinct feature states reached.
    public let distinctStates: Int
    /// The distinct transitions between states explored: a state, and the state an event led it to (itself, for an
    /// event that changed nothing).
    public let transitions: Int
    /// How many schedules the exploration had explored when it met its first failure, the failing one included;
    /// `nil` when it found none (or a crash ended it in a child process).
    public let schedulesUntilFailure: Int?
    /// The distinct configurations reached — state, pending effects, timers and scheduler together (exhaustive
    /// strategy only; 0 otherwise).
    public let configurations: Int
    /// The orders that reached a configuration already explored, and so were not explored again.
    public let mergedOrders: Int
    /// The seconds spent, failure shrinking included.
    public let seconds: Double
    /// Why the exploration stopped before its bounds, or `nil`.
    public let cutShort: CutShortReason?
    /// What each bound cut, for the bounds that cut something: the schedules cut at the depth bound, the deliveries
    /// the out-of-order bound held back, what a schedule or time limit left unexplored (see ``EffectOrderBound``).
    /// Empty when the exploration explored everything within its bounds.
    ///
    /// ```swift
    /// exploration.cuts   // [.depth: 3]: three schedules went on past the depth bound, unchecked
    /// ```
    public let cuts: [EffectOrderBound: Int]
    /// The first failure found, shrunk, or `nil`.
    public let failure: EffectOrderFailure<S>?

    init(
        _ counts: ExplorationCounts, seconds: Double, cutShort: CutShortReason?, failure: EffectOrderFailure<S>?
    ) {
        schedules = counts.schedules
        distinctStates = counts.distinctStates
        transitions = counts.transitions
        schedulesUntilFailure = counts.schedulesUntilFailure
        configurations = counts.configurations
        mergedOrders = counts.mergedOrders
        cuts = counts.cuts
        self.seconds = seconds
        self.cutShort = cutShort
        self.failure = failure
    }

    /// The figures in one line: schedules, distinct states, transitions, configurations, merged orders, the schedules
    /// until the first failure, time, and what each bound cut.
    public var summary: String {
        var text = figures
        for bound in EffectOrderBound.allCases {
            if let count = cuts[bound] { text += "; " + Self.cut(count, by: bound) }
        }
        return text
    }

    /// The counts and the time, without the cuts.
    private var figures: String {
        var text = "\(schedules) schedules, \(distinctStates) distinct states, \(transitions) transitions"
        if configurations > 0 { text += ", \(configurations) configurations, \(mergedOrders) merged orders" }
        if let schedulesUntilFailure { text += ", the first failure in schedule \(schedulesUntilFailure)" }
        text += ", " + String(format: "%.3f s", seconds)
        if let cutShort { text += ", cut short by \(cutShort)" }
        return text
    }

    /// Fails with the failure's report, if any; otherwise once for each bound that cut the exploration, unless the
    /// test accepts that bound's cuts. An exploration that a bound cut proves less than it seems to: a schedule cut
    /// at the depth bound was not checked at its end, and a bug one step past it would pass.
    ///
    /// ```swift
    /// explorer.exploreEffectOrders().assertNoFailure()
    /// timerExplorer.exploreEffectOrders().assertNoFailure(accepting: [.depth])   // it ticks forever
    /// ```
    ///
    /// - Parameters:
    ///   - accepting: The bounds whose cuts the test accepts; none by default.
    ///   - reporter: Where failures go; the framework running the test by default (``TestFailureReporter/automatic``).
    ///     Called on the calling thread.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    public func assertNoFailure(
        accepting: Set<EffectOrderBound> = [], reporter: TestFailureReporter = .automatic,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        if let failure {
            reporter.report(failure.message, at: location)
            return
        }
        for bound in EffectOrderBound.allCases where !accepting.contains(bound) {
            guard let count = cuts[bound] else { continue }
            reporter.report(
                """
                The exploration of the effect orders of \(S.self) passed only within its bounds: \
                \(Self.cut(count, by: bound)) (\(figures)).
                To fix, \(Self.fix(bound)), or pass `accepting: [.\(bound)]` if a partial exploration is enough.
                """, at: location)
        }
    }

    /// What `count` cuts by `bound` are, in words.
    static func cut(_ count: Int, by bound: EffectOrderBound) -> String {
        func counted(_ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        let left = counted("configuration or run", "configurations or runs")
        switch bound {
        case .depth:
            return "the depth bound cut \(counted("schedule", "schedules")) before the end, which went unchecked"
        case .outOfOrder:
            return "the out-of-order bound held back \(counted("delivery", "deliveries"))"
        case .maxSchedules:
            return "the schedule limit stopped it with \(left) left"
        case .timeLimit:
            return "the time limit stopped it with \(left) left"
        }
    }

    /// How to lift `bound`.
    static func fix(_ bound: EffectOrderBound) -> String {
        switch bound {
        case .depth: return "raise `depth` past the longest schedule (or send fewer events)"
        case .outOfOrder: return "leave `outOfOrder` out, so that every order is explored"
        case .maxSchedules: return "raise `maxSchedules`, or lower the other bounds"
        case .timeLimit: return "raise `timeLimit`, or lower the other bounds"
        }
    }
}

/// A schedule that breaks a check, shrunk, with how to replay it and a test that reproduces it.
///
/// ```swift
/// if let failure = exploration.failure {
///     print(failure.schedule)        // "e0 e1 a1.0 a0.0"
///     print(failure.regressionTest)  // a test to paste
/// }
/// ```
public struct EffectOrderFailure<S: State> {
    /// What failed: an invariant's name, or the end-of-schedule check.
    public let check: String
    /// Why, in a sentence.
    public let reason: String
    /// The shortest failing schedule found, shrunk by dropping and reordering choices while it still fails.
    public let schedule: Schedule
    /// The schedule as first found, before shrinking.
    public let found: Schedule
    /// For a random or priority strategy, the seed and the run (from 0) that found it.
    public let seed: (seed: UInt64, run: Int)?
    /// The shrunk schedule's steps, one line each: the choice and what it delivered.
    public let steps: [String]
    /// The state in which the check failed.
    public let state: S
    /// A test that replays the shrunk schedule by value and checks every property of the explorer — it fails while
    /// the bug is there, and passes once it is fixed — ready to paste where `explorer` names the explorer that found
    /// it (see ``StateExplorer/assertEffectOrder(_:bounds:accepting:reporter:fileID:file:line:column:)``). Empty
    /// when there is nothing to replay: the exploration's own set-up failed (an effect with no answer, a child
    /// process that ended before its first schedule; ``reason`` says why).
    public let regressionTest: String

    /// The full report: the check, the schedule and its steps, how to replay it, and the test.
    public var message: String {
        // An exploration in a child process that ended before it had a schedule to replay: the reason says why.
        guard !regressionTest.isEmpty || !steps.isEmpty else {
            return "Exploring effect orders fails \"\(check)\": \(reason)"
        }
        var text = "Effect order \"\(schedule)\" breaks \"\(check)\": \(reason)"
        text += "\nSteps:\n" + steps.map { "  " + $0 }.joined(separator: "\n")
        text += "\nReplay it with `explorer.replay(Schedule(\"\(schedule)\")!)`"
        if let seed { text += " (found by seed \(seed.seed), run \(seed.run), as \"\(found)\")" }
        guard !regressionTest.isEmpty else { return text + "." }
        text += ", or paste this test, which fails until the bug is fixed:\n" + regressionTest
        return text
    }
}

/// One replayed schedule: what each choice did, and the failure it meets, if any.
///
/// ```swift
/// let run = explorer.replay(Schedule("e0 e1 a1.0 a0.0")!)
/// run.state          // the state at the end
/// run.failedCheck    // the invariant broken, or nil
/// ```
public struct EffectOrderRun<S: State> {
    /// Every event handled, in order, with the states before and after.
    public let transitions: [Transition<S>]
    /// The state after the last choice replayed.
    public let state: S
    /// The choices replayed: all of the schedule's, or those up to the failure or the first invalid choice.
    public let replayed: Int
    /// The first choice that was not possible (no such event, pending effect, outcome or timer), or `nil`.
    public let invalidChoice: ScheduleChoice?
    /// The check that failed, or `nil`.
    public let failedCheck: String?
    /// Why it failed, or `nil`.
    public let failureReason: String?
}

/// The counts of an exploration of effect orders: what a search found, and what a child process hands back.
struct ExplorationCounts {
    var schedules = 0
    var distinctStates = 0
    var transitions = 0
    var configurations = 0
    var mergedOrders = 0
    var schedulesUntilFailure: Int?
    var cuts: [EffectOrderBound: Int] = [:]
}

extension ExplorationCounts: Codable {
    private enum CodingKeys: String, CodingKey {
        case schedules, distinctStates, transitions, configurations, mergedOrders, schedulesUntilFailure, cuts
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schedules = try container.decode(Int.self, forKey: .schedules)
        distinctStates = try container.decode(Int.self, forKey: .distinctStates)
        transitions = try container.decode(Int.self, forKey: .transitions)
        schedulesUntilFailure = try container.decodeIfPresent(Int.self, forKey: .schedulesUntilFailure)
        configurations = try container.decode(Int.self, forKey: .configurations)
        mergedOrders = try container.decode(Int.self, forKey: .mergedOrders)
        let named = try container.decode([String: Int].self, forKey: .cuts)
        for bound in EffectOrderBound.allCases { cuts[bound] = named["\(bound)"] }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schedules, forKey: .schedules)
        try container.encode(distinctStates, forKey: .distinctStates)
        try container.encode(transitions, forKey: .transitions)
        try container.encodeIfPresent(schedulesUntilFailure, forKey: .schedulesUntilFailure)
        try container.encode(configurations, forKey: .configurations)
        try container.encode(mergedOrders, forKey: .mergedOrders)
        try container.encode(Dictionary(uniqueKeysWithValues: cuts.map { ("\($0.key)", $0.value) }), forKey: .cuts)
    }
}
