import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// `.cancel(id:)` cancels an effect declared under the id also while it waits for its turn in a queue of another id,
/// or as a throttle's trailing effect: `EffectPlan.cancel` promises "effects still waiting for their time or their
/// turn". (Both failed before the fix: the scheduler looked only at the queue and throttle named by the id.) The
/// `Store` and the `TestStore` drive the same scheduler.
final class SchedulerWaitingCancellationTests: XCTestCase {

    func test_scheduler_cancel_dropsAnEffectUnderTheIDWaitingInAnotherQueue() {
        var scheduler = EffectScheduler<Relay.Effect>(planReader: { $0.plan })
        let started = scheduler.start(
            .all(
                Relay.Effect.work(.job(1)).queued(id: "q"),
                Relay.Effect.work(.job(2)).queued(id: "q").cancellable(id: "x")),
            chain: 7)
        XCTAssertEqual(started, [.perform(.work(.job(1)), job: 1)])

        _ = scheduler.cancel(EffectID("x"))
        let afterFirst = scheduler.ended(1)

        XCTAssertEqual(afterFirst, [.finish(7)], "job 2 was cancelled under x while it waited for its turn")
    }

    func test_scheduler_cancel_dropsAThrottlesTrailingEffectUnderTheID() {
        var scheduler = EffectScheduler<Relay.Effect>(planReader: { $0.plan })
        let throttled = { (number: Int) in
            Relay.Effect.work(.job(number)).throttled(id: "t", for: .seconds(1)).cancellable(id: "x")
        }
        _ = scheduler.start(throttled(1), chain: 7)
        _ = scheduler.start(throttled(2), chain: 8)

        let cancelled = scheduler.cancel(EffectID("x"))

        XCTAssertTrue(cancelled.contains(.finish(8)), "the trailing job 2 is under x: its chain ends (\(cancelled))")
        let atTheWindowsEnd = scheduler.timerFired(2)  // job 1 is 1, the window's timer 2
        XCTAssertFalse(
            atTheWindowsEnd.contains { if case .perform = $0 { true } else { false } },
            "the trailing job 2 was cancelled; nothing starts at the window's end (\(atTheWindowsEnd))")
    }

    func test_testStore_cancel_dropsAnEffectWaitingForItsTurn() {
        let store = TestStore(initialState: Relay(), exhaustivity: .partial)
        store.send(
            .start(
                .all(
                    Relay.Effect.work(.job(1)).queued(id: "q"),
                    Relay.Effect.work(.job(2)).queued(id: "q").cancellable(id: "x"))))
        store.send(.start(.cancel(id: "x")))
        store.complete(.work(.job(1)))

        XCTAssertEqual(store.unreceivedEffects, [], "job 2, cancelled while waiting for its turn, must not start")
    }
}
