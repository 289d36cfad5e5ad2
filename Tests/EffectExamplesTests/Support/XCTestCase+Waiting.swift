import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

extension XCTestCase {
    /// Waits at most `timeout` seconds for `condition` to hold, checking it every millisecond: only where a real
    /// thread (a run's task) makes it true.
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

extension Store {
    /// Records every event this store handles from now on, in order, until the token is cancelled.
    func recordEvents(into events: Recorder<S.Event>) -> SubscriptionToken {
        observeTransitions { transition in
            if let event = transition.event { events.append(event) }
        }
    }
}
