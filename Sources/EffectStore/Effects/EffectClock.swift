import Dispatch

/// What a store waits with when it delays, debounces or throttles effects.
///
/// A store uses ``DispatchEffectClock`` unless you give it another; tests give it a `TestClock`, which moves only
/// when the test advances it, so no test sleeps:
///
/// ```swift
/// let clock = TestClock()
/// let store = Store<SearchState>(effectHandler: SearchEffects(api: api), clock: clock)
/// store.dispatch(event: .queryChanged("swift"))
/// clock.advance(by: .milliseconds(300))   // the debounced search starts now, on this thread
/// ```
///
/// Implementations call each action at most once. An action that runs although it was just cancelled does no harm:
/// the store ignores a timer it has cancelled.
public protocol EffectClock: Sendable {
    /// Calls `action` once `delay` has passed, on any thread, unless the returned function is called first.
    ///
    /// - Parameters:
    ///   - delay: How long to wait.
    ///   - action: What to run; the store schedules its own work from it.
    /// - Returns: A function that cancels the action if it has not started.
    func schedule(after delay: EffectDuration, _ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void
}

/// The clock stores use by default: `DispatchQueue.global().asyncAfter` on the monotonic clock.
///
/// ```swift
/// let store = Store<SearchState>(effectHandler: effects, clock: DispatchEffectClock())
/// ```
public struct DispatchEffectClock: EffectClock {
    /// Creates the clock.
    public init() {}

    public func schedule(after delay: EffectDuration, _ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void
    {
        let isCancelled = LockedBox.make(false)
        let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: delay.nanoseconds))
        DispatchQueue.global().asyncAfter(deadline: deadline) {
            if !isCancelled.withLock({ $0 }) { action() }
        }
        return { isCancelled.withLock { $0 = true } }
    }
}
