import EffectStore
import EffectStoreTesting
import Testing

/// Exploring in a child process from Swift Testing: the child runs this `@Test` alone, through the Swift Testing pass
/// of the test binary.
@Suite("Exploring effect orders in a child process, from Swift Testing")
struct CrashExplorationSwiftTestingTests {
    @Test func aCrashInHandle_isReported_shrunk_andReplayable() throws {
        let failures = TestFailureCollector()
        let exploration = StaleIndexList.explorer(fixed: false, more: [.loadLastTapped])
            .exploreEffectOrders(strategy: .random(seed: 3, runs: 20), in: .childProcess(maxRuns: 20))
        exploration.assertNoFailure(reporter: failures.reporter)
        let failure = try #require(exploration.failure)
        #expect(failure.check == "no crash")
        #expect(failure.reason.hasPrefix("crashed: Fatal error: Index out of range"))
        #expect(failure.schedule.description == "e0 e1 a0.0")
        #expect(failure.found.description == "e0 e1 e2 a0.0")
        #expect(failures.messages.count == 1)
        #expect(failures.messages.first?.hasPrefix("Effect order \"e0 e1 a0.0\" breaks \"no crash\"") == true)
        #expect(failure.regressionTest.contains(".send(.removeFirstTapped),"))
    }

    @Test func theFixedList_exploresClean() {
        let failures = TestFailureCollector()
        let exploration = StaleIndexList.explorer(fixed: true, more: [.loadLastTapped])
            .exploreEffectOrders(bounds: EffectOrderBounds(depth: 8, outOfOrder: 2), in: .childProcess())
        exploration.assertNoFailure(reporter: failures.reporter)
        #expect(failures.messages == [])
        #expect(exploration.distinctStates > 1)
    }
}
