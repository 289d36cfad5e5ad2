import Dispatch
import EffectStore
import EffectStoreTesting
import XCTest

/// A derived state's `state` never goes backwards: not after its store is released, not under concurrent reads.
final class DerivedStateMonotonicTests: XCTestCase {
    func test_state_afterTheStoreIsReleased_isTheStoresLastState_evenWithNoSubscriberOrRead() {
        var store: Store<TwoFieldState>? = Store<TwoFieldState>()
        weak let weakStore = store
        let count = store!.map(\.count)
        let label = count.map { "count \($0)" }

        for _ in 1...5 { store!.dispatch(event: .increment) }
        store = nil

        XCTAssertNil(weakStore, "the view must not keep the store alive")
        XCTAssertEqual(count.state, 5)
        XCTAssertEqual(label.state, "count 5")
        let delivered = Recorder<Int>()
        _ = count.subscribe { delivered.append($0) }
        XCTAssertEqual(delivered.values, [5], "a subscription after the release gets the store's last state")
    }

    func test_state_readConcurrentlyWithDeliveries_neverGoesBackwards_alsoAfterTheRelease() {
        let readers = 3
        let events = 2_000
        var store: Store<TwoFieldState>? = Store<TwoFieldState>()
        let count = store!.map(\.count)
        let delivered = Recorder<Int>()
        let token = count.subscribe { delivered.append($0) }
        let finished = DispatchGroup()
        let backwards = Recorder<String>()

        // Readers: each read must be at least the one before it on the same thread.
        let reading = DispatchQueue(label: "readers", attributes: .concurrent)
        let isDone = Recorder<Bool>()
        for reader in 0..<readers {
            reading.async(group: finished) {
                var last = count.state
                while isDone.values.isEmpty {
                    let now = count.state
                    if now < last { backwards.append("reader \(reader) read \(now) after \(last)") }
                    last = now
                }
            }
        }
        for _ in 0..<events { store!.dispatch(event: .increment) }
        isDone.append(true)
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        token.cancel()
        store = nil

        XCTAssertEqual(backwards.values, [])
        XCTAssertEqual(delivered.values.last, events)
        XCTAssertEqual(count.state, events, "after the release: the store's last state, not an older read")
    }
}
