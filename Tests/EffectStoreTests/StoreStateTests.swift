import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Promise 2: `state` can be read from any thread, including inside a subscriber or an effect handler, never
/// deadlocks, and returns the latest committed state.
final class StoreStateTests: XCTestCase {
    func test_state_startsWithTheInitialState() {
        XCTAssertEqual(Store<Tally>(effectHandler: NoAnswers()).state, Tally())
        XCTAssertEqual(Store<Tally>(initialState: Tally(count: 7), effectHandler: NoAnswers()).state.count, 7)
    }

    func test_state_afterDispatchFromOutside_isTheCommittedState() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.dispatch(event: .add(5))
        XCTAssertEqual(store.state.count, 5)
    }

    func test_state_readInsideSubscriber_isTheStateBeingDelivered() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let mismatches = Recorder<Int>()
        let token = store.subscribe { delivered in
            let read = store.state
            if read != delivered { mismatches.append(delivered.count) }
        }
        for _ in 0..<100 { store.dispatch(event: .increment) }
        XCTAssertEqual(mismatches.values, [])
        token.cancel()
    }

    func test_state_readInsideEffectHandler_seesTheStateThatProducedTheEffect() {
        let seen = Recorder<Int>()
        let box = StoreBox()
        let effects = ControlledEffects(answersImmediately: true) { _ in
            seen.append(box.store?.state.count ?? -1)
        }
        let store = Store<Tally>(initialState: Tally(count: 10), effectHandler: effects)
        box.store = store
        store.dispatch(event: .request(id: 1, amount: 5))
        XCTAssertEqual(seen.values, [10])
        XCTAssertEqual(store.state.count, 15)
    }

    func test_state_readFromManyThreadsWhileDispatching_isNeverOlderThanAnEarlierRead() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let regressions = Recorder<Int>()
        let total = 20_000
        runConcurrently(threads: 4) { thread in
            if thread == 0 {
                for _ in 0..<total { store.dispatch(event: .increment) }
            } else {
                var last = 0
                while last < total {
                    let now = store.state.count
                    if now < last { regressions.append(now) }
                    last = now
                }
            }
        }
        XCTAssertEqual(regressions.values, [])
        XCTAssertEqual(store.state.count, total)
    }
}

/// Lets a test hand a store to the effect handler it was created with.
final class StoreBox: @unchecked Sendable {
    // Safe because: set once before the store runs any work, then only read.
    weak var store: Store<Tally>?
}
