import EffectStore
import EffectStoreTesting
import RecruitmentProcess
import XCTest

/// Every state `ProcessState` can reach with every kind of event, checked against the feature's invariants (see
/// `Support/ProcessExploration.swift`), and the same invariants catching a plausible bug.
final class ProcessStateExplorerTests: XCTestCase {
    private let two = ProcessExploration.processes

    func test_explore_fromIdle_holdsEveryInvariant() {
        let exploration = ProcessExploration.explorer().explore()

        exploration.assertNoViolations()
        XCTAssertEqual(exploration.states, [.idle, .loading, .loaded(two), .error("Offline")])
        XCTAssertFalse(exploration.wasCutShort)
    }

    func test_explore_fromIdle_hasNoDeadEndsAndNoUselessEvents() {
        let exploration = ProcessExploration.explorer().explore()

        XCTAssertEqual(exploration.deadEnds, [], "every state has a way out")
        XCTAssertEqual(exploration.noOpEvents, [], "every event does something in some state")
    }

    func test_explore_findsTheShortestPathToEachState() {
        let exploration = ProcessExploration.explorer().explore()

        XCTAssertEqual(exploration.path(to: .loaded(two)), [.fetchProcesses, .load(processes: two)])
        XCTAssertEqual(exploration.path(to: .error("Offline")), [.fetchProcesses, .failed(reason: "Offline")])
    }

    func test_explore_aVariantThatLoadsWhenIdle_isCaughtWithTheShortestPath() {
        let exploration = brokenExplorer().explore()

        XCTAssertEqual(
            exploration.violations.map(\.invariant),
            ["never loaded without having been loading", "an answer nobody waits for changes nothing"]
        )
        let violation = exploration.violations.first
        XCTAssertEqual(violation?.path, [.load(processes: two)], "one event from idle is enough")
        XCTAssertEqual(violation?.transition?.from.process, .idle)
        XCTAssertEqual(violation?.state.process, .loaded(two))
    }

    func test_assertNoViolations_onTheBrokenVariant_reportsThePathAndHowToFix() {
        let log = TestFailureCollector()

        brokenExplorer().explore().assertNoViolations(reporter: log.reporter)

        XCTAssertEqual(log.messages.count, 2)
        let message = log.messages.first ?? ""
        XCTAssertTrue(
            message.contains("\"never loaded without having been loading\" is violated after 1 event"),
            message)
        XCTAssertTrue(message.contains("To fix,"), message)
    }

    /// The broken variant, with exactly the invariants and events of the real state.
    private func brokenExplorer() -> StateExplorer<LoadsWhenIdle> {
        ProcessExploration.withInvariants(
            StateExplorer(initialState: LoadsWhenIdle(), events: ProcessExploration.events),
            process: \.process
        )
    }
}

/// `ProcessState` with a plausible bug: an answer is taken even when nothing is loading, so a download that
/// finishes after log-out brings the old list back.
private struct LoadsWhenIdle: State, Hashable {
    var process = ProcessState.idle

    static var initialState: LoadsWhenIdle { LoadsWhenIdle() }

    mutating func handle(event: ProcessState.Event) -> ProcessState.Effect? {
        if process == .idle, case .load(let processes) = event {
            process = .loaded(processes)  // the bug
            return nil
        }
        return process.handle(event: event)
    }
}
