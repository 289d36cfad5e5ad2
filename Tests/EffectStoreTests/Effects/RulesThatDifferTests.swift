import EffectStore
import EffectStoreTesting
import XCTest

/// The rules "Coming from TCA or ReSwift" lists as working differently, each shown on a real store with a test clock.
final class RulesThatDifferTests: XCTestCase {
    typealias Effect = Planner.Effect

    func test_throttle_limitsStarts_notTheEventsARunSends() {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(), clock: clock)

        let run = store.dispatch(event: .start(Effect.ticks(count: 5).throttled(id: "t", for: .seconds(1))))

        XCTAssertEqual(run.wait(timeout: .seconds(5))?.ticks, 5, "every event the throttled run sent was handled")
    }

    func test_newThrottledEffect_afterTheInterval_doesNotCancelTheRunningOne() {
        let clock = TestClock()
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects, clock: clock)

        store.dispatch(event: .start(Effect.endless.throttled(id: "t", for: .seconds(1))))
        clock.advance(by: .seconds(1))
        store.dispatch(event: .start(Effect.endless.throttled(id: "t", for: .seconds(1))))

        XCTAssertEqual(effects.performedEffects, [.endless, .endless], "both started")
        XCTAssertEqual(effects.cancelledRunCount, 0, "the first was not cancelled by the second")
        store.dispatch(event: .start(.cancel(id: "t")))
        XCTAssertEqual(effects.cancelledRunCount, 2)
    }

    func test_debouncedForZero_stillWaitsForTheClock() {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(answersAtOnce: true), clock: clock)

        store.dispatch(event: .start(Effect.fetch("q").debounced(id: "d", for: .zero)))
        XCTAssertEqual(store.state.log, [], "not started in the transition that asked for it")

        clock.advance(by: .zero)
        XCTAssertEqual(store.state.log, ["q"])
    }
}
