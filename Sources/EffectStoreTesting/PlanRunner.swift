import EffectStore

/// A ``TestStore``'s effect runtime, for effects that carry plans (``/EffectStore/ComposableEffect``): the core's
/// `EffectScheduler` — the one implementation of the plan rules, which the ``/EffectStore/Store`` drives too — and
/// what the test store keeps of its decisions: the timers set on its clock, and the effects it cancelled.
///
/// Confined to the test's thread, like the test store that owns it. Chains (a store's dispatch futures) have no
/// counterpart in a test store: every effect starts with no chain.
final class PlanRunner<S: ChildState & Equatable> where S.Effect: Equatable {
    typealias Action = EffectScheduler<S.Effect>.Action

    /// A performed effect the scheduler cancelled, and the call that cancelled it.
    struct Cancellation {
        let captured: TestStore<S>.CapturedEffect
        let cancelledBy: String
        /// Whether the test let it go: the effect was, or the cancellation came while the exhaustivity was partial.
        let isExempt: Bool
    }

    var scheduler: EffectScheduler<S.Effect>
    /// The clock's cancel functions of the timers set and not yet fired, by timer.
    var timers: [UInt64: @Sendable () -> Void] = [:]
    /// Cancellations the test has not confirmed yet, oldest first.
    var unconfirmed: [Cancellation] = []
    /// Every cancellation so far, for messages about an effect that is no longer in flight.
    var history: [Cancellation] = []
    /// Timers set while the exhaustivity was partial: the end-of-test check lets them be pending.
    var exemptTimers: Set<UInt64> = []
    /// What to name as the origin of effects that timers start: the `advance(by:)` call, while one runs.
    var timerOrigin: String?

    /// A runner for `type`, or `nil` when `type` is not a ``/EffectStore/ComposableEffect``.
    init?(for type: S.Effect.Type) {
        guard let planReader = planReader(for: type) else { return nil }
        scheduler = EffectScheduler(planReader: planReader)
    }

    var pendingTimerCount: Int { timers.count }

    /// The timers pending that the test must account for: set while the exhaustivity was exhaustive.
    var strictPendingTimerCount: Int { timers.keys.filter { !exemptTimers.contains($0) }.count }

    /// Cancels every timer still set on the clock, so it keeps no action of a released store.
    func cancelTimers() {
        for cancel in timers.values { cancel() }
        timers = [:]
        exemptTimers = []
    }
}

/// Lets a clock action, which must be `@Sendable`, reach the test store that set the timer.
final class TimerTarget<S: ChildState & Equatable>: @unchecked Sendable where S.Effect: Equatable {
    // Safe because: `store` is written once, in `init`; the action that reads it runs on the thread that advances
    // the test store's clock, which is the test's thread — the one thread a `TestStore` may be used from (documented
    // on `TestStore.clock`).
    private weak var store: TestStore<S>?

    init(_ store: TestStore<S>) { self.store = store }

    func fire(_ timer: UInt64) { store?.timerFired(timer) }
}
