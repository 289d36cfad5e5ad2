import EffectStore
import Foundation
import XCTest

extension XCTestCase {
    /// The value of `future`, waiting at most `timeout` seconds: only where a real thread (a run's task) answers.
    func value<Value: Sendable>(
        of future: Future<Value>, timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line
    ) -> Value? {
        let resolved = expectation(description: "the future resolves")
        let box = Events<Value>()
        future.onComplete { value in
            box.append(value)
            resolved.fulfill()
        }
        wait(for: [resolved], timeout: timeout)
        return box.values.first
    }

    /// Waits at most `timeout` seconds for `condition` to hold, checking it every millisecond: only where a real
    /// thread (a run's task, another store's queue) makes it true.
    func waitUntil(
        _ description: String, timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line,
        _ condition: () -> Bool
    ) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            guard Date() < deadline else {
                return XCTFail("\(description): not within \(timeout) s", file: file, line: line)
            }
            Thread.sleep(forTimeInterval: 0.001)
        }
    }
}

/// What a store handled, in order, collected from any thread.
final class Events<Value>: @unchecked Sendable {
    // Safe because: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}

extension Store {
    /// Records every event this store handles from now on, in order, until the token is cancelled.
    func recordEvents(into events: Events<S.Event>) -> SubscriptionToken {
        observeTransitions { transition in
            if let event = transition.event { events.append(event) }
        }
    }
}
