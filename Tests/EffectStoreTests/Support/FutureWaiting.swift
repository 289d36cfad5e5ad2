import Dispatch
import Foundation
import XCTest

@testable import EffectStore

/// The value of `future`, waiting at most `timeout` on a semaphore; fails the test (at the caller) if it does not
/// come. For futures resolved on other threads, never on the main queue.
func waitForValue<Value: Sendable>(
    of future: Future<Value>,
    timeout: TimeInterval = 5,
    file: StaticString = #filePath,
    line: UInt = #line
) -> Value? {
    let arrived = DispatchSemaphore(value: 0)
    let slot = Recorder<Value>()
    future.onComplete { value in
        slot.append(value)
        arrived.signal()
    }
    guard arrived.wait(timeout: .now() + timeout) == .success else {
        XCTFail("the future did not resolve within \(timeout) s", file: file, line: line)
        return nil
    }
    return slot.values.first
}
