import EffectStore

/// A clock that moves only when you advance it: delayed, debounced and throttled effects start with no sleeping.
///
/// ```swift
/// let clock = TestClock()
/// let store = Store<SearchState>(effectHandler: effects, clock: clock)
/// store.dispatch(event: .queryChanged("sw"))
/// store.dispatch(event: .queryChanged("swift"))
/// clock.advance(by: .milliseconds(300))      // one search starts, for "swift", before this returns
/// ```
///
/// ``advance(by:)`` runs every action that falls due, in deadline order (equal deadlines in the order they were
/// scheduled), on the calling thread, before it returns — including actions scheduled by earlier ones inside the
/// window. A store's timer action dispatches into the store synchronously from outside any store, so when `advance`
/// returns, the store has handled what the timers started.
///
/// Nothing else moves it: ``/EffectStore/Store/waitUntilSettled(timeout:)`` on a store with a delay pending on this
/// clock waits out its whole timeout and returns `false`. Advance the clock first, then wait.
///
/// Safe from any thread: its schedule is guarded by a lock, and actions run outside it.
public final class TestClock: EffectClock, Sendable {
    private struct Entry {
        var deadline: UInt64
        var order: UInt64
        var action: @Sendable () -> Void
    }

    private struct Schedule {
        var now: UInt64 = 0
        var nextOrder: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
    }

    private let schedule = LockedBox.make(Schedule())

    /// Creates a clock at time zero with nothing scheduled.
    public init() {}

    /// How much time has passed since the clock was made.
    public var elapsed: EffectDuration { .nanoseconds(schedule.withLock { $0.now }) }

    /// How many actions wait for their time.
    public var scheduledCount: Int { schedule.withLock { $0.entries.count } }

    public func schedule(after delay: EffectDuration, _ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void
    {
        let key = schedule.withLock { schedule -> UInt64 in
            let key = schedule.nextOrder
            schedule.nextOrder += 1
            let deadline = (EffectDuration.nanoseconds(schedule.now) + delay).nanoseconds  // saturates, like `+`
            schedule.entries[key] = Entry(deadline: deadline, order: key, action: action)
            return key
        }
        return { [schedule] in _ = schedule.withLock { $0.entries.removeValue(forKey: key) } }
    }

    /// Moves the clock forward by `duration`, running every action that falls due on the way, on this thread.
    ///
    /// - Parameter duration: How far to move.
    public func advance(by duration: EffectDuration) {
        let target = schedule.withLock { (EffectDuration.nanoseconds($0.now) + duration).nanoseconds }
        while let entry = takeNextDue(before: target) {
            entry.action()
        }
        schedule.withLock { $0.now = max($0.now, target) }
    }

    /// Runs every scheduled action, advancing as far as the last one needs.
    public func runAll() {
        while let entry = takeNextDue(before: .max) {
            entry.action()
        }
    }

    /// Removes and returns the earliest entry due at `target` or before, moving `now` to its deadline.
    private func takeNextDue(before target: UInt64) -> Entry? {
        schedule.withLock { schedule in
            guard let next = schedule.entries.values.min(by: { ($0.deadline, $0.order) < ($1.deadline, $1.order) }),
                next.deadline <= target
            else { return nil }
            schedule.entries[next.order] = nil
            schedule.now = max(schedule.now, next.deadline)
            return next
        }
    }
}
