import Dispatch
import EffectStore
import XCTest

final class AsyncStreamTests: XCTestCase {
    func test_states_yieldsTheCurrentThenEveryLaterStateInOrder() async {
        let store = Store<TwoFieldState>()
        let states = store.states
        DispatchQueue.global().async {
            for _ in 1...100 { store.dispatch(event: .increment) }
        }

        var counts: [Int] = []
        for await state in states {
            counts.append(state.count)
            if state.count == 100 { break }
        }

        XCTAssertEqual(counts, Array(0...100))
    }

    func test_states_finishesWhenTheStoreIsReleased() async {
        var store: Store<TwoFieldState>? = Store<TwoFieldState>()
        weak let weakStore = store
        let states = store!.states
        store!.dispatch(event: .increment)
        store = nil
        XCTAssertNil(weakStore, "the stream does not keep the store alive")

        var counts: [Int] = []
        for await state in states { counts.append(state.count) }

        XCTAssertEqual(counts, [0, 1])
    }

    func test_states_ofADerivedState_yieldsChangesAndFinishesWithTheStore() async {
        var store: Store<TwoFieldState>? = Store<TwoFieldState>()
        let names = store!.map(\.name).states
        store!.dispatch(event: .rename("a"))
        store!.dispatch(event: .increment)  // not a change of name
        store!.dispatch(event: .rename("b"))
        store = nil

        var values: [String] = []
        for await name in names { values.append(name) }

        XCTAssertEqual(values, ["", "a", "b"])
    }

    func test_states_endingTheIterationCancelsTheSubscription() async {
        let store = Store<TwoFieldState>()
        do {
            for await state in store.states where state.count == 0 { break }
        }
        // The stream is gone; its subscription must be too, or it would keep buffering for ever.
        let flushed = expectation(description: "later dispatch handled")
        store.dispatch(event: .increment).onComplete { _ in flushed.fulfill() }
        await fulfillment(of: [flushed], timeout: 5)
        XCTAssertEqual(store.state.count, 1)
    }
}
