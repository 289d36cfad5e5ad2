import Dispatch
import EffectStore
import EffectStoreTesting
import XCTest

final class DerivedStateTests: XCTestCase {
    func test_state_isTheTransformOfTheStoresCurrentState() {
        let store = Store<StandInProcessState>(effectHandler: NoAnswers())
        let viewState = store.map { StandInListViewState($0) }

        XCTAssertEqual(viewState.state, StandInListViewState(title: "Processes", rows: [], showsSpinner: false))
        store.dispatch(event: .fetchProcesses)
        XCTAssertEqual(viewState.state, StandInListViewState(title: "Loading…", rows: [], showsSpinner: true))
    }

    func test_subscribe_deliversCurrentThenEveryChangeInOrder() {
        let store = Store<TwoFieldState>()
        let recorder = Recorder<Int>()
        let token = store.map(\.count).subscribe { recorder.append($0) }

        for _ in 1...3 { store.dispatch(event: .increment) }

        XCTAssertEqual(recorder.values, [0, 1, 2, 3])  // synchronous: dispatched from outside any store
        token.cancel()
    }

    func test_subscribe_viewOfOneFieldIsNotNotifiedWhenOtherFieldsChange() {
        let store = Store<TwoFieldState>()
        let recorder = Recorder<Int>()
        let token = store.map(\.count).subscribe { recorder.append($0) }

        store.dispatch(event: .rename("a"))
        store.dispatch(event: .rename("b"))
        store.dispatch(event: .increment)
        store.dispatch(event: .rename("c"))
        store.dispatch(event: .set(1))  // same count: not a change

        XCTAssertEqual(recorder.values, [0, 1])
        token.cancel()
    }

    func test_mapOfMap_derivesAgainAndNotifiesOnlyWhenItsOwnValueChanges() {
        let store = Store<TwoFieldState>()
        let isEven = store.map(\.count).map { $0 % 2 == 0 }
        let label = isEven.map { $0 ? "even" : "odd" }
        let recorder = Recorder<String>()
        let token = label.subscribe { recorder.append($0) }

        store.dispatch(event: .set(2))  // still even
        store.dispatch(event: .set(3))
        store.dispatch(event: .set(5))  // still odd
        store.dispatch(event: .set(6))

        XCTAssertEqual(recorder.values, ["even", "odd", "even"])
        XCTAssertEqual(label.state, "even")
        token.cancel()
    }

    func test_subscribe_concurrentDispatchesArriveInTheStoresOrderWithoutLossOrRepeat() {
        let store = Store<TwoFieldState>()
        let recorder = Recorder<Int>()
        let threads = 4
        let eventsPerThread = 250
        let total = threads * eventsPerThread
        let token = store.map(\.count).subscribe { recorder.append($0) }

        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<eventsPerThread { store.dispatch(event: .increment) }
        }

        waitUntil { recorder.count >= total + 1 }
        XCTAssertEqual(recorder.values, Array(0...total))
        token.cancel()
    }

    func test_map_doesNotKeepTheStoreAlive_andKeepsTheLastValue() {
        var store: Store<TwoFieldState>? = Store<TwoFieldState>()
        weak let weakStore = store
        let count = store!.map(\.count)
        let doubled = count.map { $0 * 2 }
        store!.dispatch(event: .set(21))
        XCTAssertEqual(doubled.state, 42)

        store = nil

        XCTAssertNil(weakStore)
        XCTAssertEqual(count.state, 21)
        XCTAssertEqual(doubled.state, 42)
        let recorder = Recorder<Int>()
        let token = doubled.subscribe { recorder.append($0) }
        XCTAssertEqual(recorder.values, [42])  // once, with the last value
        token.cancel()
    }

    func test_subscribe_tokenDoesNotKeepTheStoreAlive() {
        var store: Store<TwoFieldState>? = Store<TwoFieldState>()
        weak let weakStore = store
        let token = store!.map(\.name).subscribe { _ in }

        store = nil

        XCTAssertNil(weakStore)
        token.cancel()
    }
}
