import EffectExamples
import EffectStore
import EffectStoreTesting
import XCTest

/// The stopwatch's decisions, data in and data out.
final class StopwatchStateTests: XCTestCase {
    typealias Effect = StopwatchState.Effect
    private let nextTick = Effect.work(.tick).delayed(by: .milliseconds(100), id: StopwatchID.ticking)

    func test_start_asksForATickIn100ms_once() {
        var watch = StopwatchState()
        XCTAssertEqual(watch.handle(event: .start), nextTick)
        XCTAssertNil(watch.handle(event: .start), "a running stopwatch does not start a second tick")
        XCTAssertTrue(watch.isRunning)
    }

    func test_tick_counts100ms_andAsksForTheNext() {
        var watch = StopwatchState()
        _ = watch.handle(event: .start)
        XCTAssertEqual(watch.handle(event: .tick), nextTick)
        XCTAssertEqual(watch.elapsed, .milliseconds(100))
    }

    func test_stop_cancelsTheTicking_andKeepsTheTime() {
        var watch = StopwatchState()
        _ = watch.handle(event: .start)
        _ = watch.handle(event: .tick)
        XCTAssertEqual(watch.handle(event: .stop), .cancel(id: StopwatchID.ticking))
        XCTAssertNil(watch.handle(event: .stop))
        XCTAssertEqual(watch.elapsed, .milliseconds(100))
        XCTAssertFalse(watch.isRunning)
    }

    func test_reset_setsTheTimeToZero_andStartsOrStopsNothing() {
        var watch = StopwatchState()
        _ = watch.handle(event: .start)
        _ = watch.handle(event: .tick)
        XCTAssertNil(watch.handle(event: .reset))
        XCTAssertEqual(watch.elapsed, .zero)
        XCTAssertTrue(watch.isRunning)
    }
}
