import EffectStore
import EffectStoreTesting
import XCTest

/// `EffectDuration` holds 0 ... UInt64.max nanoseconds: too long saturates to the maximum (a delay that never ends in
/// practice), negative is zero, NaN stops with a message. Nothing wraps around to a short span.
final class EffectDurationTests: XCTestCase {
    private let maximum = EffectDuration.nanoseconds(.max)

    // MARK: Data in, data out

    func test_constructors_convertToNanoseconds_andNegativeIsZero() {
        XCTAssertEqual(EffectDuration.milliseconds(300).nanoseconds, 300_000_000)
        XCTAssertEqual(EffectDuration.seconds(1.5).nanoseconds, 1_500_000_000)
        XCTAssertEqual(EffectDuration.seconds(0.000_000_000_4).nanoseconds, 0, "rounds to the nearest nanosecond")
        XCTAssertEqual(EffectDuration.milliseconds(-5), .zero)
        XCTAssertEqual(EffectDuration.seconds(-2), .zero)
        XCTAssertEqual(EffectDuration.seconds(-.infinity), .zero)
    }

    /// Was 999,999 ns: `.nanoseconds(UInt64.max) + .milliseconds(1)` wrapped around.
    func test_addition_pastTheMaximum_isTheMaximum_notAWrappedAroundShortSpan() {
        XCTAssertEqual(maximum + .milliseconds(1), maximum)
        XCTAssertEqual(.milliseconds(1) + maximum, maximum)
        XCTAssertEqual(EffectDuration.nanoseconds(.max - 1) + .nanoseconds(1), maximum)
        XCTAssertEqual(EffectDuration.milliseconds(250) + .milliseconds(750), .seconds(1))
    }

    /// Each of these stopped the process with the runtime's generic message ("Double value cannot be converted to
    /// UInt64", an arithmetic overflow), hence the child process.
    func test_spansTooLongToHold_areTheMaximum() {
        runInChildProcess(self) {
            XCTAssertEqual(EffectDuration.seconds(.infinity), maximum)
            XCTAssertEqual(EffectDuration.seconds(1e30), maximum)
            XCTAssertEqual(EffectDuration.seconds(18_446_744_073.709_553), maximum, "just past UInt64.max ns")
            XCTAssertEqual(EffectDuration.seconds(.greatestFiniteMagnitude), maximum)
            XCTAssertEqual(EffectDuration.milliseconds(Int.max), maximum)
            XCTAssertEqual(EffectDuration.milliseconds(18_446_744_073_710), maximum, "just past UInt64.max ns")
            XCTAssertEqual(EffectDuration.milliseconds(18_446_744_073_709).nanoseconds, 18_446_744_073_709_000_000)
        }
    }

    /// Was silently zero: a delay computed as NaN started at once.
    func test_nanSeconds_stopsWithAMessageNamingTheCall() {
        runInChildProcess(self, expectingCrashWith: "EffectDuration.seconds(_:) was given NaN") {
            _ = EffectDuration.seconds(.nan)
        }
    }

    // MARK: On the clocks

    /// Was due at once: the deadline `now + UInt64.max` wrapped around to just before `now`.
    func test_testClock_aTimerForTheMaximum_waitsForTheEndOfTime_andTheClockStopsThere() {
        let clock = TestClock()
        let fired = Recorder<Int>()
        clock.advance(by: .seconds(1))
        _ = clock.schedule(after: maximum) { fired.append(1) }
        clock.advance(by: .seconds(365 * 24 * 3600))
        XCTAssertEqual(fired.values, [], "not due after a year")
        clock.advance(by: maximum)
        XCTAssertEqual(clock.elapsed, maximum, "the clock stops at the end of time instead of wrapping around")
        XCTAssertEqual(fired.values, [1], "due at the end of time, which the last advance reached")
    }

    func test_testClock_aTimerForTheMaximum_isNotDueWithinAnyRealisticAdvance() {
        let clock = TestClock()
        let fired = Recorder<Int>()
        clock.advance(by: .milliseconds(5))
        _ = clock.schedule(after: .milliseconds(1) + maximum) { fired.append(1) }
        clock.advance(by: .seconds(100 * 365 * 24 * 3600))
        XCTAssertEqual(fired.values, [], "a delay that never ends in practice")
        XCTAssertEqual(clock.scheduledCount, 1)
    }

    /// A store asked to delay an effect forever starts it never, and dropping it with its id resolves the dispatch.
    func test_store_aForeverDelayedEffect_doesNotStart_andCanBeCancelled() {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(answersAtOnce: true), clock: clock)
        let delayed = store.dispatch(
            event: .start(Planner.Effect.fetch("never").delayed(by: maximum + .seconds(1), id: "forever")))
        clock.advance(by: .seconds(100 * 365 * 24 * 3600))
        XCTAssertEqual(store.state.log, [])
        XCTAssertFalse(delayed.isResolved)
        store.dispatch(event: .start(.cancel(id: "forever")))
        XCTAssertTrue(delayed.isResolved)
    }

    /// The live clock turns the maximum into a dispatch deadline without trapping, and the timer can be cancelled.
    func test_liveClock_aTimerForTheMaximum_doesNotTrapOrFire() {
        runInChildProcess(self) {
            let fired = Recorder<Int>()
            let cancel = DispatchEffectClock().schedule(after: maximum) { fired.append(1) }
            Thread.sleep(forTimeInterval: 0.05)
            cancel()
            XCTAssertEqual(fired.values, [])
        }
    }
}
