import EffectStore
import EffectStoreTesting
import XCTest

/// Exploring in a child process: a crash in `handle(event:)` under one answer order is found, reported as the failure
/// "no crash", shrunk by replays in child processes, and its schedule replays to the crash; the fixed feature explores
/// clean. Each test starts a few child processes (the exploration's, and at most `maxRuns` in all), so it stays quick
/// under ThreadSanitizer too.
final class CrashExplorationTests: XCTestCase {
    func test_exampleBasedTest_passesTheBuggyList() {
        let store = TestStore(initialState: StaleIndexList(), exhaustivity: .partial)
        store.send(.loadLastTapped)
        store.complete(.loadDetail(index: 1, id: 2), with: .loaded(index: 1, id: 2, detail: "row 2"))
        store.send(.removeFirstTapped)
        XCTAssertEqual(store.state.rows, [StaleIndexList.Row(id: 2, detail: "row 2")])
    }

    func test_aCrashInHandle_isReported_asAFailure_withItsScheduleAndTest() throws {
        let failures = TestFailureCollector()
        let exploration = StaleIndexList.explorer(fixed: false)
            .exploreEffectOrders(in: .childProcess(of: self, maxRuns: 10))
        exploration.assertNoFailure(reporter: failures.reporter)

        let failure = try XCTUnwrap(exploration.failure)
        XCTAssertEqual(failure.check, "no crash")
        XCTAssertTrue(failure.reason.hasPrefix("crashed: Fatal error: Index out of range"), failure.reason)
        XCTAssertEqual(failure.schedule.description, "e0 e1 a0.0", "breadth first: the shortest crash is found first")
        XCTAssertEqual(failure.state.rows, [StaleIndexList.Row(id: 2)], "the state the crashing answer met")
        XCTAssertEqual(
            failure.steps.last,
            "a0.0: .loadDetail(index: 1, id: 2) answers .loaded(index: 1, id: 2, detail: \"row 2\") → crashed")
        XCTAssertGreaterThan(exploration.schedules + exploration.distinctStates, 0, "the figures the child reached")

        let message = try XCTUnwrap(failures.messages.first)
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(
            message.hasPrefix(
                "Effect order \"e0 e1 a0.0\" breaks \"no crash\": crashed: Fatal error: Index out of range"),
            message)
        XCTAssertTrue(message.contains("Replay it with `explorer.replay(Schedule(\"e0 e1 a0.0\")!)`"), message)
        assertPrinted(failure.regressionTest, pastedIn: "PastedTests.swift")
    }

    func test_aCrashFoundByARandomWalk_isShrunk_byReplaysInChildProcesses() throws {
        // A third event makes the walk's schedule longer than the crash needs: the replays drop what is not needed.
        let exploration = StaleIndexList.explorer(fixed: false, more: [.loadLastTapped])
            .exploreEffectOrders(strategy: .random(seed: 3, runs: 20), in: .childProcess(of: self, maxRuns: 20))
        let failure = try XCTUnwrap(exploration.failure)
        XCTAssertEqual(failure.check, "no crash")
        XCTAssertEqual(failure.schedule.description, "e0 e1 a0.0")
        XCTAssertEqual(failure.found.description, "e0 e1 e2 a0.0")
        XCTAssertEqual(failure.seed?.seed, 3)
        XCTAssertTrue(
            failure.message.contains("(found by seed 3, run \(failure.seed?.run ?? -1), as \"e0 e1 e2 a0.0\")"))
    }

    func test_theReportedSchedule_replaysToTheCrash() throws {
        let schedule = try XCTUnwrap(Schedule("e0 e1 a0.0"))
        XCTAssertEqual(StaleIndexList.explorer(fixed: false).replay(Schedule("e0 e1")!).state.rows.count, 1)
        runInChildProcess(self, expectingCrashWith: "Index out of range") {
            _ = StaleIndexList.explorer(fixed: false).replay(schedule)
        }
    }

    func test_thePastedTest_crashesWhileTheBugIsThere_andPassesOnTheFixedList() {
        runInChildProcess(self, expectingCrashWith: "Index out of range") {
            PastedStaleIndexListTest(explorer: StaleIndexList.explorer(fixed: false)).test_effectOrder_noCrash()
        }
        PastedStaleIndexListTest(explorer: StaleIndexList.explorer(fixed: true)).test_effectOrder_noCrash()
    }

    func test_theFixedList_exploresClean_inAChildProcess() {
        let failures = TestFailureCollector()
        let exploration = StaleIndexList.explorer(fixed: true, more: [.loadLastTapped])
            .exploreEffectOrders(bounds: EffectOrderBounds(depth: 8, outOfOrder: 2), in: .childProcess(of: self))
        exploration.assertNoFailure(reporter: failures.reporter)
        XCTAssertEqual(failures.messages, [])
        XCTAssertGreaterThan(exploration.distinctStates, 1, "the figures come back from the child")
        let here = StaleIndexList.explorer(fixed: true, more: [.loadLastTapped])
            .exploreEffectOrders(bounds: EffectOrderBounds(depth: 8, outOfOrder: 2))
        XCTAssertEqual(exploration.schedules, here.schedules)
        XCTAssertEqual(exploration.distinctStates, here.distinctStates)
    }

    func test_aHangInHandle_isStoppedAtTheTimeout_andFailsTheExploration() throws {
        let explorer = StateExplorer(initialState: Hanging(), events: [.tapped])
        let exploration = explorer.exploreEffectOrders(in: .childProcess(of: self, timeout: 5))
        let failure = try XCTUnwrap(exploration.failure)
        XCTAssertEqual(failure.check, "the exploration ends")
        XCTAssertTrue(failure.reason.contains("ran longer than 5.0 s, the last schedule it started being \"e0\""))
        XCTAssertTrue(failure.message.hasPrefix("Exploring effect orders fails \"the exploration ends\""))
    }

    func test_twoExplorationsInChildProcesses_inOneTest_failAndSaySo() {
        let first = StaleIndexList.explorer(fixed: true).exploreEffectOrders(in: .childProcess(of: self))
        XCTAssertNil(first.failure)
        let second = StaleIndexList.explorer(fixed: true).exploreEffectOrders(in: .childProcess(of: self))
        XCTAssertEqual(second.failure?.check, "the exploration runs in a child process")
        XCTAssertTrue(second.failure?.reason.contains("To fix, explore in a child process once per test") ?? false)
    }
}

/// A feature whose `handle(event:)` never returns.
private struct Hanging: State, Hashable {
    enum Event: Sendable, Hashable { case tapped }
    enum Effect: Sendable, Equatable { case nothing }

    static var initialState: Hanging { Hanging() }

    mutating func handle(event: Event) -> Effect? {
        while true { sleep(60) }
    }
}
