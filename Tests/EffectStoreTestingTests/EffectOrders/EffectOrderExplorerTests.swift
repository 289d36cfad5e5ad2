import EffectStore
import EffectStoreTesting
import XCTest

/// The explorer of effect orders on four features whose ordering bugs example-based tests pass: each bug is found,
/// shrunk and replayed, and each fixed version explores clean within the bounds stated here.
final class EffectOrderExplorerTests: XCTestCase {
    // MARK: - The example-based tests these bugs pass

    func test_exampleBasedTests_passTheBuggyVersions() {
        let search = TestStore(initialState: StaleSearch(), exhaustivity: .partial)
        search.send(.typed("a"))
        search.complete(.work(.search("a")), with: .answered(query: "a", results: ["a!"]))
        search.send(.typed("ab"))
        search.complete(.work(.search("ab")), with: .answered(query: "ab", results: ["ab!"]))
        XCTAssertEqual(search.state.results, ["ab!"])

        let checkout = TestStore(initialState: DoubleSubmit(), exhaustivity: .partial)
        checkout.send(.submitTapped)
        checkout.complete(.placeOrder, with: .orderPlaced)
        XCTAssertEqual(checkout.state.orders, 1)

        let sheet = TestStore(initialState: SaveAfterDismiss(), exhaustivity: .partial)
        sheet.send(.saveTapped)
        sheet.complete(.work(.save), with: .saved)
        sheet.send(.dismissed)
        XCTAssertNil(sheet.state.banner)

        let timer = TestStore(initialState: RearmedTimer(), exhaustivity: .partial)
        timer.send(.start)
        timer.advance(by: .seconds(1))
        timer.complete(.work(.tick), with: .ticked)
        timer.send(.stop)
        XCTAssertEqual(timer.state, RearmedTimer(isRunning: false, seconds: 1))
    }

    // MARK: - Found, shrunk, replayed; the fixed versions explore clean

    func test_staleSearch_isFound_shrunk_andReplayed() throws {
        try expectFound(StaleSearch.explorer(fixed: false), "the results shown are for the query", schedule: "e0 e1 a0.0")
        expectClean(StaleSearch.explorer(fixed: true), EffectOrderBounds(depth: 8, outOfOrder: 2, eventsInAnyOrder: true))
    }

    func test_doubleSubmit_isFound_shrunk_andReplayed() throws {
        try expectFound(DoubleSubmit.explorer(fixed: false), "one order per checkout", schedule: "e0 e1 a0.0 a1.0")
        expectClean(DoubleSubmit.explorer(fixed: true), EffectOrderBounds(depth: 8, outOfOrder: 2))
    }

    func test_saveAfterDismiss_isFound_shrunk_andReplayed() throws {
        try expectFound(SaveAfterDismiss.explorer(fixed: false), "no banner on a dismissed sheet", schedule: "e0 e1 a0.0")
        expectClean(SaveAfterDismiss.explorer(fixed: true), EffectOrderBounds(depth: 8, outOfOrder: 2, eventsInAnyOrder: true))
    }

    func test_rearmedTimer_isFound_shrunk_andReplayed() throws {
        try expectFound(
            RearmedTimer.explorer(fixed: false), "a stopped timer does not count", schedule: "e0 t a0.0 e1 t a1.0")
        // Started and never stopped, the fixed timer ticks for ever: the depth bound cuts that schedule, and says so.
        expectClean(RearmedTimer.explorer(fixed: true), EffectOrderBounds(depth: 10, outOfOrder: 2), accepting: [.depth])
    }

    // MARK: - Strategies

    func test_randomAndPriorityStrategies_findTheStaleSearch_andShrinkItToTheShortestSchedule() throws {
        for strategy in [EffectOrderStrategy.random(seed: 7, runs: 200), .priorities(seed: 7, runs: 200, changePoints: 2)]
        {
            let exploration = StaleSearch.explorer(fixed: false).exploreEffectOrders(strategy: strategy)
            let failure = try XCTUnwrap(exploration.failure, "\(strategy)")
            XCTAssertEqual(failure.schedule.description, "e0 e1 a0.0", "\(strategy)")
            XCTAssertEqual(failure.seed?.seed, 7)
            XCTAssertTrue(failure.message.contains("found by seed 7, run \(failure.seed?.run ?? -1)"))
            let again = StaleSearch.explorer(fixed: false).exploreEffectOrders(strategy: strategy).failure
            XCTAssertEqual(again?.found, failure.found, "the same seed finds the same schedule")
        }
        let clean = StaleSearch.explorer(fixed: true).exploreEffectOrders(strategy: .priorities(seed: 1, runs: 300, changePoints: 3))
        XCTAssertNil(clean.failure)
        XCTAssertEqual(clean.schedules, 300)
    }

    // Failed before: a walk's failure was shrunk by dropping and swapping choices by name alone, which stopped at 5
    // choices where 4 fail in 8 of the 16 walks of the three submits, and at 4 where 3 do in 4 of the sheet's and 4
    // of the searches'.
    func test_everyStrategy_shrinksToAShortestSchedule() throws {
        let submits = StateExplorer(initialState: DoubleSubmit(), events: Array(repeating: .submitTapped, count: 3))
            .invariant("one order per checkout") { $0.orders <= 1 }
            .answering { _ in [.later(.orderPlaced)] }
        let saves = StateExplorer(initialState: SaveAfterDismiss(), events: [.saveTapped, .saveTapped, .dismissed])
            .invariant("no banner on a dismissed sheet") { $0.banner == nil || $0.isPresented }
            .answering { _ in [.later(.saved), .failing(.saveFailed)] }
        let searches = StateExplorer(initialState: StaleSearch(), events: [.typed("a"), .typed("ab"), .typed("abc")])
            .invariant("the results shown are for the query") { $0.isSearching || $0.resultsQuery == $0.query }
            .answering { effect in
                guard case .work(.search(let query)) = effect else { return [] }
                return [.later(.answered(query: query, results: [query + "!"]))]
            }
        try expectShortest(submits, EffectOrderBounds())
        try expectShortest(saves, EffectOrderBounds(eventsInAnyOrder: true))
        try expectShortest(searches, EffectOrderBounds(eventsInAnyOrder: true))
    }

    /// Each random and priority walk of seeds 1 to 8 finds a failure, shrunk to the length breadth first finds.
    func expectShortest<S>(_ explorer: StateExplorer<S>, _ bounds: EffectOrderBounds, line: UInt = #line) throws {
        let shortest = try XCTUnwrap(explorer.exploreEffectOrders(bounds: bounds).failure, line: line).schedule
        for seed in UInt64(1)...8 {
            for strategy in [EffectOrderStrategy.random(seed: seed, runs: 300), .priorities(seed: seed, runs: 300, changePoints: 2)] {
                let failure = try XCTUnwrap(explorer.exploreEffectOrders(bounds: bounds, strategy: strategy).failure)
                XCTAssertEqual(failure.schedule.choices.count, shortest.choices.count, "\(strategy): \(failure.schedule)",
                               line: line)
            }
        }
    }

    func test_commutingDeliveries_areNotExploredTwice() {
        // Three submits and their answers, interleaved in every way: without merging the orders that reach the same
        // configuration, each interleaving would be a schedule of its own.
        let explorer = StateExplorer(initialState: DoubleSubmit(), events: [.submitTapped, .submitTapped, .submitTapped])
            .answering { _ in [.later(.orderPlaced)] }
        let exploration = explorer.exploreEffectOrders(bounds: EffectOrderBounds(depth: 6, outOfOrder: 6))
        XCTAssertNil(exploration.failure)
        XCTAssertGreaterThan(exploration.mergedOrders, 0)
        // Every interleaving of three submits and their answers ends with three orders: one leaf, reached once.
        XCTAssertEqual(exploration.schedules, 1)
    }

    // MARK: - End-of-schedule checks

    func test_anEffectThatNeverAnswers_failsTheEnd_unlessAllowed() throws {
        let explorer = DoubleSubmit.explorer(fixed: true, answer: .never)
        let failure = try XCTUnwrap(explorer.exploreEffectOrders().failure)
        XCTAssertEqual(failure.check, "nothing is left running")
        XCTAssertEqual(failure.schedule.description, "e0 e1 a0.0")
        XCTAssertNil(explorer.exploreEffectOrders(bounds: EffectOrderBounds(allowsRunningEffects: true)).failure)
    }

    // MARK: - Schedules and replays

    func test_scheduleText_roundTrips_andRejectsOtherWords() {
        let schedule = Schedule("e0 t a1.2 e3")
        XCTAssertEqual(schedule?.choices, [.event(0), .timer, .answer(effect: 1, outcome: 2), .event(3)])
        XCTAssertEqual(schedule?.description, "e0 t a1.2 e3")
        XCTAssertEqual(Schedule("")?.choices, [])
        for text in ["x", "e", "a1", "a1.", "e-1", "t1", "a.0"] { XCTAssertNil(Schedule(text), text) }
    }

    func test_anEffect_keepsItsNameInASchedule_whateverIsDeliveredBeforeIt() throws {
        // Two orders placed: a0 is the first performed and a1 the second, before and after either answers. (Named by
        // their position among the pending effects, both answers were "a0.0", each naming another effect.)
        let explorer = DoubleSubmit.explorer(fixed: false)
        let run = explorer.replay(try XCTUnwrap(Schedule("e0 e1 a1.0 a0.0")))
        XCTAssertNil(run.invalidChoice)
        XCTAssertEqual(run.transitions.map(\.event), [.submitTapped, .submitTapped, .orderPlaced, .orderPlaced])
        XCTAssertEqual(explorer.replay(try XCTUnwrap(Schedule("e0 e1 a0.0 a0.0"))).invalidChoice,
                       .answer(effect: 0, outcome: 0), "the first order has answered already")
        let failure = try XCTUnwrap(explorer.exploreEffectOrders().failure)
        XCTAssertEqual(
            failure.steps.map { String($0.prefix(while: { $0 != ":" })) }, ["e0", "e1", "a0.0", "a1.0"])
    }

    func test_replay_carriesOutPlansThroughTheStoresScheduler_onAVirtualClock() throws {
        // The debounced search: the second query cancels the first before its timer fires; one search runs.
        let explorer = StateExplorer(initialState: Search(), events: [.queryChanged("sw"), .queryChanged("swift")])
            .answering { effect in
                switch effect {
                case .work(.search(let query)): return [.later(.results([query]))]
                case .work(.saveHistory): return [.finishes]
                case .plan: return []
                }
            }
        let debounced = explorer.replay(try XCTUnwrap(Schedule("e0 e1 t a0.0")))
        XCTAssertNil(debounced.invalidChoice)
        XCTAssertEqual(debounced.state.results, ["swift"])
        XCTAssertNil(debounced.failedCheck)
        // The first search started (its timer fired), then the second query cancelled it: an answer it sent before
        // the cancel still reaches the store, which drops it.
        let cancelled = explorer.replay(try XCTUnwrap(Schedule("e0 t e1 t a0.0 a1.0")))
        XCTAssertNil(cancelled.invalidChoice)
        XCTAssertEqual(cancelled.replayed, 6)
        XCTAssertEqual(cancelled.state.results, ["swift"])
        XCTAssertEqual(cancelled.transitions.count, 3, "two queries and the second search's answer")
        // Events go in the order given unless the bounds say otherwise.
        XCTAssertEqual(explorer.replay(try XCTUnwrap(Schedule("e1"))).invalidChoice, ScheduleChoice.event(1))
        XCTAssertNil(
            explorer.replay(try XCTUnwrap(Schedule("e1 e0")), bounds: EffectOrderBounds(eventsInAnyOrder: true))
                .invalidChoice)
    }

    func test_aFailure_isReported_withItsScheduleReplayAndTest() throws {
        let collector = TestFailureCollector()
        let exploration = SaveAfterDismiss.explorer(fixed: false).exploreEffectOrders()
        exploration.assertNoFailure(reporter: collector.reporter)
        let message = try XCTUnwrap(collector.messages.first)
        XCTAssertEqual(collector.messages.count, 1)
        XCTAssertTrue(message.hasPrefix("Effect order \"e0 e1 a0.0\" breaks \"no banner on a dismissed sheet\""), message)
        XCTAssertTrue(message.contains("Replay it with `explorer.replay(Schedule(\"e0 e1 a0.0\")!)`"), message)
        XCTAssertTrue(message.contains("        .answer(.work(.save), with: .saved),"), message)

        let clean = TestFailureCollector()
        SaveAfterDismiss.explorer(fixed: true).exploreEffectOrders().assertNoFailure(reporter: clean.reporter)
        XCTAssertEqual(clean.messages, [])
    }

    // Failed before: the test printed compared the state with the one failing state, and failed on a fixed feature
    // that no longer started an effect it completed ("… is not in flight"): the stale search's, the saves'.
    func test_theTestsItPrints_arePastedAsPrinted_andPassOnTheFixedFeatures() throws {
        func printed<S>(_ explorer: StateExplorer<S>) throws -> String {
            try XCTUnwrap(explorer.exploreEffectOrders().failure?.regressionTest)
        }
        assertPrinted(try printed(StaleSearch.explorer(fixed: false)), pastedIn: "PastedTests.swift")
        assertPrinted(try printed(DoubleSubmit.explorer(fixed: false)), pastedIn: "PastedTests.swift")
        assertPrinted(try printed(SaveAfterDismiss.explorer(fixed: false)), pastedIn: "PastedTests.swift")
        assertPrinted(try printed(RearmedTimer.explorer(fixed: false)), pastedIn: "PastedTests.swift")
        // Once fixed, each passes: a step whose effect the fix cancelled delivers an answer the store drops.
        PastedStaleSearchTest(explorer: StaleSearch.explorer(fixed: true)).test_effectOrder_theResultsShownAreForTheQuery()
        PastedDoubleSubmitTest(explorer: DoubleSubmit.explorer(fixed: true)).test_effectOrder_oneOrderPerCheckout()
        PastedSaveAfterDismissTest(explorer: SaveAfterDismiss.explorer(fixed: true))
            .test_effectOrder_noBannerOnADismissedSheet()
        PastedRearmedTimerTest(explorer: RearmedTimer.explorer(fixed: true)).test_effectOrder_aStoppedTimerDoesNotCount()
    }

    // MARK: - Helpers

    func expectFound<S: State & Hashable>(
        _ explorer: StateExplorer<S>, _ check: String, schedule: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let exploration = explorer.exploreEffectOrders()
        let failure = try XCTUnwrap(exploration.failure, file: file, line: line)
        XCTAssertEqual(failure.check, check, file: file, line: line)
        XCTAssertEqual(failure.schedule.description, schedule, failure.message, file: file, line: line)
        let replay = explorer.replay(try XCTUnwrap(Schedule(schedule)))
        XCTAssertEqual(replay.failedCheck, check, file: file, line: line)
        XCTAssertEqual(replay.state, failure.state, file: file, line: line)
        XCTAssertEqual(failure.steps.count, failure.schedule.choices.count, file: file, line: line)
    }

    func expectClean<S: State & Hashable>(
        _ explorer: StateExplorer<S>, _ bounds: EffectOrderBounds, accepting: Set<EffectOrderBound> = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let exploration = explorer.exploreEffectOrders(bounds: bounds)
        let failures = TestFailureCollector()
        exploration.assertNoFailure(accepting: accepting, reporter: failures.reporter)
        XCTAssertEqual(failures.messages, [], file: file, line: line)
        XCTAssertEqual(Set(exploration.cuts.keys), accepting, "each bound accepted cuts", file: file, line: line)
        XCTAssertGreaterThan(exploration.schedules, 0, file: file, line: line)
    }
}
