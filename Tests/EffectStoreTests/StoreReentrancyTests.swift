import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Promise 8: a subscriber or an effect handler may dispatch, read `state`, subscribe or cancel without deadlock.
final class StoreReentrancyTests: XCTestCase {
    func test_subscriber_mayDispatchReadSubscribeAndCancel() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let log = Recorder<String>()
        let token = store.subscribe { state in
            log.append("saw \(state.count), read \(store.state.count)")
            if state.count == 1 {
                store.dispatch(event: .increment)  // handled after this delivery completes
                let inner = store.subscribe { log.append("inner \($0.count)") }
                inner.cancel()
            }
        }
        store.dispatch(event: .increment)
        XCTAssertEqual(log.values, ["saw 0, read 0", "saw 1, read 1", "inner 1", "saw 2, read 2"])
        XCTAssertEqual(store.state.count, 2)
        token.cancel()
    }

    func test_effectHandler_mayDispatchReadSubscribeAndCancel() {
        let box = StoreBox()
        let log = Recorder<String>()
        let effects = ControlledEffects(answersImmediately: true) { effect in
            guard let store = box.store else { return }
            log.append("effect at \(store.state.count)")
            store.dispatch(event: .note("from handler"))
            let token = store.subscribe { log.append("subscriber \($0.count)") }
            token.cancel()
        }
        let store = Store<Tally>(effectHandler: effects)
        box.store = store
        let final = store.dispatch(event: .request(id: 1, amount: 3))
        XCTAssertTrue(final.isResolved)
        XCTAssertEqual(store.state.count, 3)
        XCTAssertEqual(store.state.log, ["from handler"])
        XCTAssertEqual(log.values, ["effect at 0", "subscriber 0"])
    }

    func test_subscriber_reenteringThroughAnotherQueuesSync_doesNotDeadlock() {
        // `otherQueue.sync` runs on the loop's own thread: the store must still see a re-entrant call and enqueue,
        // not wait on its own queue.
        let store = Store<Tally>(effectHandler: NoAnswers())
        let otherQueue = DispatchQueue(label: "other")
        let token = store.subscribe { state in
            guard state.count == 1 else { return }
            otherQueue.sync {
                store.dispatch(event: .increment)
                _ = store.state
            }
        }
        store.dispatch(event: .increment)
        XCTAssertEqual(store.state.count, 2)
        token.cancel()
    }

    func test_dispatchFutureCallback_mayDispatch() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.dispatch(event: .increment).onComplete { _ in store.dispatch(event: .increment) }
        XCTAssertEqual(store.state.count, 2)
    }

    func test_twoStoresFeedingEachOther_fromManyThreads_doNotDeadlock() {
        let ping = Store<Tally>(effectHandler: NoAnswers())
        let pong = Store<Tally>(effectHandler: NoAnswers())
        // Every change of one store calls into the other from its queue: ping's changes increment pong, and pong's
        // changes send ping an event that changes nothing (so the exchange ends). `map` skips unchanged states.
        let pingToken = ping.map { $0 }.subscribe { _ in pong.dispatch(event: .increment) }
        let pongToken = pong.map { $0 }.subscribe { _ in ping.dispatch(event: .nothing) }
        runConcurrently(threads: 4) { thread in
            for _ in 0..<500 {
                if thread.isMultiple(of: 2) {
                    ping.dispatch(event: .increment)
                } else {
                    pong.dispatch(event: .note("t"))
                }
                _ = ping.state
                _ = pong.state
            }
        }
        XCTAssertEqual(ping.state.count, 1_000)
        waitUntil { pong.state.count == 1_001 }  // the initial delivery plus one per ping increment
        XCTAssertEqual(pong.state.log.count, 1_000)
        pingToken.cancel()
        pongToken.cancel()
    }
}
