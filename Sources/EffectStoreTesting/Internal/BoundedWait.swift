import Dispatch
import EffectStore
import Foundation

/// Waits at most `timeout` for `future`'s value, without deadlocking a future that resolves on the main queue.
///
/// On the main thread the main run loop keeps running in short slices (the main dispatch queue drains in it), as
/// `XCTWaiter` does; on any other thread the calling thread blocks on a semaphore until the value or the deadline.
/// The value is handed over under a lock, so this is clean under ThreadSanitizer whichever thread resolves it.
func waitForValue<Value: Sendable>(of future: Future<Value>, timeout: DispatchTimeInterval) -> Value? {
    let result = Locked<Value?>(nil)
    let resolved = DispatchSemaphore(value: 0)
    future.onComplete { value in
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
