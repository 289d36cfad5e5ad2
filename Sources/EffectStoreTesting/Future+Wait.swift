import Dispatch
import EffectStore
import Foundation

extension Future where Value: Sendable {
    /// Waits at most `timeout` for the future's value, and returns it, or `nil` if the future is still pending.
    ///
    /// Use it in a synchronous test to wait for a store's chain or an effect's answer without hanging the test run
    /// when the value never comes:
    ///
    /// ```swift
    /// let fetched = store.dispatch(event: .fetchProcesses).wait(timeout: .seconds(5))
    /// XCTAssertEqual(fetched, .loaded(Process.examples))   // a timeout fails here, as nil
    /// ```
    ///
    /// On the main thread the main run loop keeps running in short slices while it waits (so work on the main
    /// dispatch queue still drains, as with `XCTWaiter`), which means a future resolved from the main queue does not
    /// deadlock; on any other thread the calling thread blocks until the value comes or the time is up. A future that
    /// is already resolved returns its value at once, whatever `timeout` is. The value is handed over under a lock,
    /// so this is clean under ThreadSanitizer whichever thread resolves the future.
    ///
    /// - Parameter timeout: The longest time to wait. `.never` waits until the value comes.
    /// - Returns: The value, or `nil` if the future did not resolve within `timeout`.
    public func wait(timeout: DispatchTimeInterval) -> Value? {
        let result = LockedBox<Value?>.make(nil)
        let resolved = DispatchSemaphore(value: 0)
        onComplete { value in
            result.withLock { $0 = value }
            resolved.signal()
        }
        let deadline = DispatchTime.now() + timeout
        if Thread.isMainThread {
            while result.withLock({ $0 == nil }), DispatchTime.now() < deadline {
                let slice = Date(timeIntervalSinceNow: 0.005)
                _ = RunLoop.current.run(mode: .default, before: slice)
            }
        } else {
            _ = resolved.wait(timeout: deadline)
        }
        return result.withLock { $0 }
    }
}

extension DispatchTimeInterval {
    /// "1 s", "250 ms", … for messages.
    var readable: String {
        switch self {
        case .seconds(let value): return "\(value) s"
        case .milliseconds(let value): return "\(value) ms"
        case .microseconds(let value): return "\(value) µs"
        case .nanoseconds(let value): return "\(value) ns"
        case .never: return "forever"
        @unknown default: return "\(self)"
        }
    }
}
