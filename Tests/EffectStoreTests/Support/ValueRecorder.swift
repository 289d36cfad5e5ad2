import Foundation
import EffectStore
import XCTest

/// Collects values from any thread, and fulfils an expectation once it holds `expectedCount` of them.
final class ValueRecorder<Value: Sendable>: @unchecked Sendable {
    // Safe because: `values`, `onMainThread`, `waiter` and `heldToken` are only touched under `lock`.
    private let lock = NSLock()
    private var values: [Value] = []
    private var onMainThread: [Bool] = []
    private var waiter: (count: Int, expectation: XCTestExpectation)?
    private var heldToken: SubscriptionToken?

    /// A subscription kept alive as long as the recorder.
    var token: SubscriptionToken? {
        get { lock.withLock { heldToken } }
        set { lock.withLock { heldToken = newValue } }
    }

    var all: [Value] { lock.withLock { values } }
    /// For each value, whether it was recorded on the main thread.
    var recordedOnMainThread: [Bool] { lock.withLock { onMainThread } }

    func record(_ value: Value) {
        let expectation: XCTestExpectation? = lock.withLock {
            values.append(value)
            onMainThread.append(Thread.isMainThread)
            guard let waiter, values.count >= waiter.count else { return nil }
            self.waiter = nil
            return waiter.expectation
        }
        expectation?.fulfill()
    }

    /// An expectation fulfilled once `count` values have been recorded.
    func expectation(count: Int, description: String = "values recorded") -> XCTestExpectation {
        let expectation = XCTestExpectation(description: description)
        let isDone: Bool = lock.withLock {
            if values.count >= count { return true }
            waiter = (count, expectation)
            return false
        }
        if isDone { expectation.fulfill() }
        return expectation
    }
}
