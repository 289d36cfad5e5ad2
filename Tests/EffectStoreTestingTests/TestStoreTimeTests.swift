import EffectStore
import EffectStoreTesting
import XCTest

/// `TestStore` and its clock: throttled and delayed effects, with no sleeping.
final class TestStoreTimeTests: XCTestCase {
    private func throttled(_ number: Int, latest: Bool = true) -> Relay.Event {
        .start(Relay.Effect.work(.job(number)).throttled(id: "throttle", for: .milliseconds(100), latest: latest))
    }

    func test_throttled_startsTheFirstAtOnce_andTheLatestAtTheEndOfTheInterval() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), reporter: failures.reporter)

        store.send(throttled(1))
        store.receiveEffect(.work(.job(1)))
        store.send(throttled(2))
        store.send(throttled(3))
        XCTAssertEqual(store.unreceivedEffects, [], "effects that come in during the interval wait")
        store.advance(by: .milliseconds(100))
        store.receiveEffect(.work(.job(3)))
        store.advance(by: .milliseconds(100))
        XCTAssertEqual(store.unreceivedEffects, [])
        store.complete(.work(.job(1)))
        store.complete(.work(.job(3)))
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_throttled_withoutLatest_dropsWhatComesInDuringTheInterval() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), reporter: failures.reporter)

        store.send(throttled(1, latest: false))
        store.receiveEffect(.work(.job(1)))
        store.send(throttled(2, latest: false))
        store.advance(by: .milliseconds(100))
        store.send(throttled(3, latest: false))
        store.receiveEffect(.work(.job(3)))
        store.advance(by: .milliseconds(100))
        store.complete(.work(.job(1)))
        store.complete(.work(.job(3)))
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_delayed_underAnID_cancelledWhileItWaits_needsNoConfirmation() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), reporter: failures.reporter)

        store.send(.start(Relay.Effect.work(.job(1)).delayed(by: .seconds(1), id: "later")))
        store.advance(by: .milliseconds(999))
        store.send(.start(.cancel(id: "later")))
        store.advance(by: .seconds(1))
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(store.unreceivedEffects, [])
        XCTAssertEqual(store.cancelledEffects, [], "an effect that never started was not cancelled in flight")
    }

    func test_delayedEffects_startInDeadlineOrder_withinOneAdvance() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), reporter: failures.reporter)

        store.send(
            .start(
                .all(
                    Relay.Effect.work(.job(2)).delayed(by: .milliseconds(200)),
                    Relay.Effect.work(.job(1)).delayed(by: .milliseconds(100)))))
        store.advance(by: .seconds(1))

        XCTAssertEqual(store.unreceivedEffects, [.work(.job(1)), .work(.job(2))])
        store.receiveEffect(.work(.job(1)))
        store.receiveEffect(.work(.job(2)))
        store.complete(.work(.job(2)))
        store.complete(.work(.job(1)))
        store.finish()
        XCTAssertEqual(failures.messages, [])
    }

    func test_releasedStore_cancelsItsTimersOnTheClock() {
        let clock: TestClock
        do {
            let store = TestStore(initialState: Relay(), exhaustivity: .partial)
            store.send(.start(Relay.Effect.work(.job(1)).delayed(by: .seconds(1))))
            clock = store.clock
            XCTAssertEqual(clock.scheduledCount, 1)
        }
        XCTAssertEqual(clock.scheduledCount, 0)
    }
}
