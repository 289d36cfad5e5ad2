import Dispatch
import Foundation

extension Future where Value: Sendable {
    /// Waits at most `timeout` for the future's value, and returns it, or `nil` if the future is still pending.
    ///
    /// For code that must block until a value comes — a command-line tool before it exits, a synchronous test —
    /// without hanging when the value never comes:
    ///
    /// ```swift
    /// let exported = store.dispatch(event: .export).wait(timeout: .seconds(30))   // a tool, before it exits
    /// XCTAssertEqual(store.dispatch(event: .fetchProcesses).wait(timeout: .seconds(5)), .loaded(Process.examples))
    /// ```
    ///
    /// Code that can suspend awaits ``value`` instead, which blocks no thread.
    ///
    /// On the main thread the main run loop keeps running in short slices while it waits (so work on the main
    /// dispatch queue still drains, as with `XCTWaiter`), which means a future resolved from the main queue does not
    /// deadlock; on any other thread the calling thread blocks until the value comes or the time is up. A future that
    /// is already resolved returns its value at once, whatever `timeout` is. The value is handed over under a lock,
    /// so this is clean under ThreadSanitizer whichever thread resolves the future. Waiting from inside a store's
    /// callbacks for a value that store must produce waits the whole `timeout`: the store's queue is the one waiting.
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
