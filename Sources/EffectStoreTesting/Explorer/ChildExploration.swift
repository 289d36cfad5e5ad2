import Dispatch
import EffectStore
import Foundation

/// An exploration of effect orders in child processes (``ExplorationProcess``): the parent's side starts the child,
/// reads how it ended, and shrinks a crash with a replay per child; the child's side explores, or replays one
/// schedule, announcing each step on its output, then writes what it found and exits.
///
/// The child's output carries two kinds of lines among the test runner's:
/// - `EFFECTSTORE-STEP schedules=… states=… run=…: e0 e1 a0.0`, before each step: the schedule up to and
///   including the step about to be taken. The last one written before a crash names the step that crashed; every
///   step before it ran without one.
/// - `EFFECTSTORE-RESULT {json}`, once, at the end: the figures and the failure found, if any.
struct ChildExploration<S: State & Hashable> {
    let explorer: StateExplorer<S>
    let bounds: EffectOrderBounds
    let strategy: EffectOrderStrategy
    let test: ChildTest
    /// Where the exploration was asked for: the child explores only there.
    let site: String
    let timeout: Double
    let maxRuns: Int

    func run() -> EffectOrderExploration<S> {
        if test.isThisProcess { runAsChild() }
        return runAsParent()
    }

    // MARK: - The child

    /// Explores — or, when the parent asks, replays one schedule — announcing each step, writes the result and ends
    /// the process: the rest of the test runs in the parent.
    private func runAsChild() -> Never {
        let machine = OrderMachine(explorer: explorer, bounds: bounds) { schedule, figures in
            var line = "\(stepPrefix) schedules=\(figures?.schedules ?? 0) states=\(figures?.states ?? 0)"
            if let run = figures?.run { line += " run=\(run)" }
            writeLine(line + ": \(Schedule(schedule))")
        }
        var result = ChildResult()
        let environment = ProcessInfo.processInfo.environment
        if environment[siteVariable] != site {
            result.otherSite = site
        } else if let text = environment[replayVariable] {
            if let schedule = Schedule(text) { _ = machine.replay(schedule.choices) }
        } else {
            var search = OrderSearch(machine: machine)
            let exploration = search.run(strategy)
            result = ChildResult(
                counts: search.counts, cutShort: exploration.cutShort.map(ChildResult.CutShort.init),
                failure: exploration.failure.map {
                    ChildResult.Failure(schedule: "\($0.schedule)", found: "\($0.found)", run: $0.seed?.run)
                })
        }
        let json = (try? JSONEncoder().encode(result)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        writeLine("\(resultPrefix) \(json)")
        exit(0)
    }

    // MARK: - The parent

    private func runAsParent() -> EffectOrderExploration<S> {
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        let search = OrderSearch(machine: OrderMachine(explorer: explorer, bounds: bounds))
        var seed: UInt64? {
            switch strategy {
            case .exhaustive: return nil
            case .random(let seed, _), .priorities(let seed, _, _): return seed
            }
        }

        let exploring = runChild(replaying: nil)
        if let otherSite = exploring.result?.otherSite {
            let failure = EffectOrderFailure(
                check: "the exploration runs in a child process",
                reason: "the child process, which runs \(test.name) again from its start, met the exploration at "
                    + "\(otherSite) first, not this one at \(site). To fix, explore in a child process once per test",
                schedule: Schedule([]), found: Schedule([]), seed: nil, steps: [], state: explorer.initialState,
                regressionTest: "")
            return EffectOrderExploration(ExplorationCounts(), seconds: elapsed(), cutShort: nil, failure: failure)
        }
        if let result = exploring.result {
            let failure = result.failure.flatMap { failure -> EffectOrderFailure<S>? in
                guard let schedule = Schedule(failure.schedule), let found = Schedule(failure.found) else { return nil }
                return search.report(
                    schedule.choices, found: found.choices, seed: seed.map { ($0, failure.run ?? 0) })
            }
            return EffectOrderExploration(
                result.counts, seconds: elapsed(), cutShort: result.cutShort?.reason, failure: failure)
        }

        let last = exploring.lastStep
        let failure: EffectOrderFailure<S>
        switch exploring.ending {
        case .timedOut:
            failure = EffectOrderFailure(
                check: "the exploration ends",
                reason: "its child process ran longer than \(timeout) s, the last "
                    + "schedule it started being \"\(Schedule(last?.schedule ?? []))\" (raise the timeout, or lower "
                    + "the bounds, if the exploration is only slow)",
                schedule: Schedule(last?.schedule ?? []), found: Schedule(last?.schedule ?? []), seed: nil,
                steps: [], state: explorer.initialState, regressionTest: "")
        case .ended where last == nil:
            failure = EffectOrderFailure(
                check: "no crash",
                reason: "the child process ended before its first schedule (\(exploring.crash)). Its output ends "
                    + "with:\n\(exploring.tail)",
                schedule: Schedule([]), found: Schedule([]), seed: nil, steps: [], state: explorer.initialState,
                regressionTest: "")
        case .ended:
            let found = last?.schedule ?? []
            var runs = 1
            let shrunk = Shrinking.byName.shrink(found) { candidate in
                guard runs < maxRuns else { return nil }
                runs += 1
                let replay = runChild(replaying: candidate)
                guard replay.result == nil, case .ended = replay.ending, let crashed = replay.lastStep else {
                    return nil
                }
                return crashed.schedule
            }
            failure = search.crashReport(
                shrunk, found: found, seed: seed.map { ($0, exploring.lastWalk ?? 0) }, crash: exploring.crash)
        }
        let reached = ExplorationCounts(schedules: last?.schedules ?? 0, distinctStates: last?.states ?? 0)
        return EffectOrderExploration(reached, seconds: elapsed(), cutShort: nil, failure: failure)
    }

    /// What one child process did.
    private struct ChildRun {
        var ending: ChildEnding
        /// The last step announced, parsed.
        var lastStep: (schedule: [ScheduleChoice], schedules: Int, states: Int, run: Int?)?
        /// The last run of a random or priority walk announced (a crash may come later, in a replay that shrinks a
        /// failure the walk found).
        var lastWalk: Int?
        var result: ChildResult?
        /// How it crashed: the runtime's message, or the signal or status.
        var crash: String
        /// The end of its output.
        var tail: String
    }

    /// Runs the test in a child process that explores, or that replays `schedule`, and reads how it ended.
    private func runChild(replaying schedule: [ScheduleChoice]?) -> ChildRun {
        var environment = [siteVariable: site]
        if let schedule { environment[replayVariable] = "\(Schedule(schedule))" }
        let child: ChildScenario
        do {
            child = try ChildScenario(test, environment: environment)
        } catch {
            return ChildRun(
                ending: .ended(signaled: false, status: -1), lastStep: nil, lastWalk: nil, result: nil,
                crash: "could not start the child process: \(error)", tail: "")
        }
        let ending = child.waitForEnd(timeout: timeout)
        let lines = child.outputText().split(separator: "\n", omittingEmptySubsequences: false)
        var run = ChildRun(
            ending: ending, lastStep: nil, lastWalk: nil, result: nil, crash: "",
            tail: lines.suffix(15).joined(separator: "\n"))
        var afterLastStep = lines[...]
        if let index = lines.lastIndex(where: { $0.hasPrefix(stepPrefix) }) {
            run.lastStep = Self.step(lines[index])
            afterLastStep = lines[(index + 1)...]
            run.lastWalk =
                lines[...index].last { $0.hasPrefix(stepPrefix) && $0.contains(" run=") }.flatMap(Self.step)?.run
        }
        if let line = afterLastStep.last(where: { $0.hasPrefix(resultPrefix) }) {
            run.result = try? JSONDecoder().decode(
                ChildResult.self, from: Data(line.dropFirst(resultPrefix.count).utf8))
        }
        // The runtime's message ("Fatal error: Index out of range", "…: Unexpectedly found nil while unwrapping an
        // Optional value"), without the file and line before it; else the signal or status.
        let words = ["Fatal error", "Precondition failed", "Assertion failed", "Unexpectedly found nil"]
        if let message = afterLastStep.first(where: { line in words.contains { line.contains($0) } }) {
            let start = words.compactMap { message.range(of: $0)?.lowerBound }.min() ?? message.startIndex
            run.crash = String(message[start...].prefix(300))
        } else if case .ended(let signaled, let status) = ending {
            run.crash = signaled ? "signal \(status)" : "exit status \(status)"
        }
        return run
    }

    /// Reads `EFFECTSTORE-STEP schedules=3 states=4 run=1: e0 a0.0`.
    private static func step(_ line: Substring) -> (schedule: [ScheduleChoice], schedules: Int, states: Int, run: Int?)?
    {
        guard let colon = line.firstIndex(of: ":"), let schedule = Schedule(String(line[line.index(after: colon)...]))
        else { return nil }
        var fields: [Substring: Int] = [:]
        for word in line[..<colon].split(separator: " ") {
            let parts = word.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { fields[parts[0]] = value }
        }
        return (schedule.choices, fields["schedules"] ?? 0, fields["states"] ?? 0, fields["run"])
    }
}

/// What a child process hands back when it ends without a crash: the exploration's figures and its failure's
/// schedules; the parent replays the failing schedule (which ran in the child without a crash) for the report.
struct ChildResult: Codable {
    struct Failure: Codable {
        var schedule: String
        var found: String
        var run: Int?
    }

    struct CutShort: Codable {
        var states: Int?
        var seconds: Double?
        var schedules: Int?

        init(_ reason: CutShortReason) {
            switch reason {
            case .stateLimit(let count): states = count
            case .timeLimit(let limit): seconds = limit
            case .scheduleLimit(let count): schedules = count
            }
        }

        var reason: CutShortReason? {
            if let states { return .stateLimit(states) }
            if let seconds { return .timeLimit(seconds: seconds) }
            return schedules.map { .scheduleLimit($0) }
        }
    }

    var counts = ExplorationCounts()
    var cutShort: CutShort?
    var failure: Failure?
    /// Set when the child met another exploration in a child process first: where that one was asked for.
    var otherSite: String?
}

/// Writes one line to the standard error at once: a line shorter than the pipe's buffer is never interleaved with
/// another writer's, and nothing waits in a buffer when the process crashes.
private func writeLine(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

private let stepPrefix = "EFFECTSTORE-STEP"
private let resultPrefix = "EFFECTSTORE-RESULT"
/// The environment variable that asks a child process to replay one schedule instead of exploring.
private let replayVariable = "EFFECTSTORE_EXPLORER_REPLAY"
/// The environment variable that names the exploration a child process runs: where it was asked for.
private let siteVariable = "EFFECTSTORE_EXPLORER_SITE"
