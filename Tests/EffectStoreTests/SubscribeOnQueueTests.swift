import Dispatch
import EffectStore
import Foundation
import XCTest

final class SubscribeOnQueueTests: XCTestCase {
    func test_subscribeOnMain_deliversCurrentThenEveryStateInOrderOnTheMainThread() {
        let store = Store<TwoFieldState>()
        let recorder = ValueRecorder<Int>()
        let done = recorder.expectation(count: 4)

        let token = store.subscribe(on: .main) { state in
            dispatchPrecondition(condition: .onQueue(.main))
            recorder.record(state.count)
        }
        XCTAssertEqual(recorder.all, [], "delivered on a later turn of the main queue")
        DispatchQueue.global().async {
            for _ in 1...3 { store.dispatch(event: .increment) }
        }

        wait(for: [done], timeout: 5)  // runs the main run loop, which services the main queue
        XCTAssertEqual(recorder.all, [0, 1, 2, 3])
        XCTAssertEqual(recorder.recordedOnMainThread, [true, true, true, true])
        token.cancel()
    }

    func test_subscribeOnConcurrentQueue_keepsOrderAndNeverOverlaps() {
        let store = Store<TwoFieldState>()
        let recorder = ValueRecorder<Int>()
        let total = 200
        let done = recorder.expectation(count: total + 1)
        let inside = LockedCounter()

        let token = store.map(\.count).subscribe(on: .global()) { count in
            XCTAssertEqual(inside.increment(), 1, "the block never runs concurrently with itself")
            recorder.record(count)
            _ = inside.decrement()
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<(total / 4) { store.dispatch(event: .increment) }
        }

        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.all, Array(0...total))
        token.cancel()
    }

    func test_cancelOnTheTargetQueue_dropsStatesAlreadyOnTheirWay() {
        let store = Store<TwoFieldState>()
        let recorder = ValueRecorder<Int>()
        let tokenBox = TokenBox()
        tokenBox.token = store.subscribe(on: .main) { state in
            recorder.record(state.count)
            if state.count == 2 { tokenBox.token?.cancel() }
        }

        // From the main thread: states 0...5 are all queued on the main queue before any is delivered.
        for _ in 1...5 { store.dispatch(event: .increment) }
        let drained = expectation(description: "main queue drained past the queued states")
        DispatchQueue.main.async { drained.fulfill() }

        wait(for: [drained], timeout: 5)
        XCTAssertEqual(recorder.all, [0, 1, 2])
    }
}

/// A counter for detecting overlapping calls.
final class LockedCounter: @unchecked Sendable {
    // Safe because: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int { lock.withLock { value += 1; return value } }
    func decrement() -> Int { lock.withLock { value -= 1; return value } }
}

/// Lets a subscription block reach its own token.
final class TokenBox: @unchecked Sendable {
    // Safe because: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: SubscriptionToken?

    var token: SubscriptionToken? {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }
}
