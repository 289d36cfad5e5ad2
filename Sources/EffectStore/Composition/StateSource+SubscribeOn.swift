import Dispatch

extension StateSource {
    /// Calls `block` on `queue` with the current state, then with every later one, in order.
    ///
    /// ```swift
    /// let token = store.subscribe(on: .main) { state in
    ///     label.text = "\(state.processes.count) processes"
    /// }
    /// ```
    ///
    /// Works on a ``Store`` and on a ``DerivedState`` alike. Each state the source delivers is handed to `queue`
    /// with `async`, through a private serial queue that targets `queue`, so states arrive in the source's order
    /// and the block never runs concurrently with itself, even on a concurrent queue. The first call comes
    /// asynchronously too, even when you subscribe on `queue`.
    ///
    /// ## Servicing the main queue
    ///
    /// Blocks sent to `.main` run only while something drains the main queue. An app's run loop does that. A
    /// command-line tool or server must do it itself: call `dispatchMain()` at the end of `main.swift` (it never
    /// returns), or run `RunLoop.main.run(until:)` / `RunLoop.main.run()` on the main thread. Tests that wait
    /// with `XCTestCase.wait(for:timeout:)` on the main thread service it while they wait.
    ///
    /// - Parameters:
    ///   - queue: The queue to call `block` on, for example `.main`.
    ///   - block: Receives each state **on `queue`**. It may read, dispatch, subscribe and cancel freely.
    /// - Returns: A token that keeps the subscription alive. Cancelling it stops deliveries: a state already
    ///   handed to `queue` is dropped, not delivered, if the token is cancelled before it runs. Called on `queue`
    ///   itself, `cancel()` therefore guarantees the block is not called again.
    public func subscribe(on queue: DispatchQueue, _ block: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
        // The main queue is serial already; any other queue may be concurrent, so go through a serial one.
        let serial =
            queue === DispatchQueue.main
            ? queue
            : DispatchQueue(label: "EffectStore.subscribe(on:)", target: queue)
        let isCancelled = LockedBox.make(false)
        let upstream = subscribe { value in
            serial.async {
                guard !isCancelled.withLock({ $0 }) else { return }
                block(value)
            }
        }
        return SubscriptionToken(QueueHopSubscription(upstream: upstream, isCancelled: isCancelled))
    }
}

/// The subscription behind ``StateSource/subscribe(on:_:)``: cancels the source's subscription and drops the
/// states already on their way to the target queue.
final class QueueHopSubscription: CancellableSubscription, @unchecked Sendable {
    // Safe because: both properties are immutable references to thread-safe objects.
    private let upstream: SubscriptionToken
    private let isCancelled: LockedBox<Bool>

    init(upstream: SubscriptionToken, isCancelled: LockedBox<Bool>) {
        self.upstream = upstream
        self.isCancelled = isCancelled
    }

    override func cancel() {
        isCancelled.withLock { $0 = true }
        upstream.cancel()
    }
}
