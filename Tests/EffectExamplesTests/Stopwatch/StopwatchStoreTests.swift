import EffectExamples
import EffectStore
import EffectStoreTesting
import XCTest

/// The stopwatch in a real store whose time is a `TestClock`: every tick is handled inside `advance(by:)`.
final class StopwatchStoreTests: XCTestCase {
    private let clock = TestClock()
    private lazy var store = Store<StopwatchState>(effectHandler: StopwatchEffects(), clock: clock)

    func test_running_ticksEvery100ms() {
        store.dispatch(event: .start)
        clock.advance(by: .milliseconds(350))
        XCTAssertEqual(store.state.elapsed, .milliseconds(300))
        clock.advance(by: .milliseconds(50))
        XCTAssertEqual(store.state.elapsed, .milliseconds(400))
    }

    func test_stop_endsTheTicking_andResolvesTheStartsFuture() {
        let started = store.dispatch(event: .start)
        clock.advance(by: .milliseconds(250))
        store.dispatch(event: .stop)

        XCTAssertEqual(clock.scheduledCount, 0, "no tick waits any more")
        XCTAssertTrue(started.isResolved)
        clock.advance(by: .seconds(1))
        XCTAssertEqual(store.state.elapsed, .milliseconds(200))
    }

    func test_stopThenStart_goesOnFromTheTimeItHad_withOneTickAtATime() {
        store.dispatch(event: .start)
        clock.advance(by: .milliseconds(150))
        store.dispatch(event: .stop)
        store.dispatch(event: .start)
        clock.advance(by: .milliseconds(100))
        XCTAssertEqual(store.state.elapsed, .milliseconds(200))
        XCTAssertEqual(clock.scheduledCount, 1)
    }

    func test_resetWhileRunning_countsAgainFromZero() {
        store.dispatch(event: .start)
        clock.advance(by: .milliseconds(300))
        store.dispatch(event: .reset)
        clock.advance(by: .milliseconds(100))
        XCTAssertEqual(store.state.elapsed, .milliseconds(100))
        XCTAssertTrue(store.state.isRunning)
    }
}
