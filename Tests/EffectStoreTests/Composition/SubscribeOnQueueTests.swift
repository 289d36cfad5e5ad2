import Dispatch
import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

final class SubscribeOnQueueTests: XCTestCase {
    func test_subscribeOnMain_deliversCurrentThenEveryStateInOrderOnTheMainThread() {
        let store = Store<TwoFieldState>()
        let recorder = Recorder<Int>()
        let onMainThread = Recorder<Bool>()

        let token = store.subscribe(on: .main) { state in
            dispatchPrecondition(condition: .onQueue(.main))
            recorder.append(state.count)
            onMainThread.append(Thread.isMainThread)
        }
        XCTAssertEqual(recorder.values, [], "delivered on a later turn of the main queue")
        DispatchQueue.global().async {
            for _ in 1...3 { store.dispatch(event: .increment) }
        }

        waitUntil { recorder.count >= 4 }  // runs the main run loop, which services the main queue
        XCTAssertEqual(recorder.values, [0, 1, 2, 3])
        XCTAssertEqual(onMainThread.values, [true, true, true, true])
        token.cancel()
    }

    func test_subscribeOnConcurrentQueue_keepsOrderAndNeverOverlaps() {
        let store = Store<TwoFieldState>()
        let recorder = Recorder<Int>()
        let total = 200
        let inside = LockedBox.make(0)

        let token = store.map(\.count).subscribe(on: .global()) { count in
            XCTAssertEqual(inside.withLock { $0 += 1; return $0 }, 1, "the block never runs concurrently with itself")
            recorder.append(count)
            inside.withLock { $0 -= 1 }
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<(total / 4) { store.dispatch(event: .increment) }
        }

        waitUntil { recorder.count >= total + 1 }
        XCTAssertEqual(recorder.values, Array(0...total))
        token.cancel()
    }

    func test_cancelOnTheTargetQueue_dropsStatesAlreadyOnTheirWay() {
        let store = Store<TwoFieldState>()
        let recorder = Recorder<Int>()
        let tokenBox = LockedBox<SubscriptionToken?>.make(nil)
        let token = store.subscribe(on: .main) { state in
            recorder.append(state.count)
            if state.count == 2 { tokenBox.withLock { $0 }?.cancel() }
        }
        tokenBox.withLock { $0 = token }

        // From the main thread: states 0...5 are all queued on the main queue before any is delivered.
        for _ in 1...5 { store.dispatch(event: .increment) }
        let drained = expectation(description: "main queue drained past the queued states")
        DispatchQueue.main.async { drained.fulfill() }

        wait(for: [drained], timeout: 5)
        XCTAssertEqual(recorder.values, [0, 1, 2])
    }
}
