extension Store {
    /// The current state, then every later one, in order, as an `AsyncStream`; it finishes when the store is
    /// released.
    ///
    /// ```swift
    /// for await state in store.states {
    ///     print(state)
    /// }
    /// // here the store has been released
    /// ```
    ///
    /// Each access makes a new stream with its own subscription, made at once (so the first element is the state
    /// at the time of the access). States are buffered without limit, so none is skipped however slowly you
    /// iterate. Like a subscriber, the stream has the state after every event, also one equal to the previous state;
    /// iterate `store.map(\.someField).states` to see only changes. Ending the iteration
    /// (breaking out, or cancelling the iterating task) cancels the subscription. The stream does not keep the
    /// store alive.
    public var states: AsyncStream<S> {
        stateStream(of: self, endingWith: lifetime)
    }
}

extension DerivedState {
    /// The current derived value, then every later one that differs, in order; it finishes when the store is
    /// released.
    ///
    /// ```swift
    /// for await isLoggedIn in sessionStore.map(\.isLoggedIn).states {
    ///     print(isLoggedIn ? "in" : "out")
    /// }
    /// ```
    ///
    /// As ``Store/states``, for the derived values (see ``subscribe(_:)`` for which are delivered).
    public var states: AsyncStream<Value> {
        stateStream(of: self, endingWith: lifetime)
    }
}

/// Subscribes to `source` and yields every value into a stream that finishes when `lifetime` ends.
private func stateStream<Source: StateSource>(
    of source: Source,
    endingWith lifetime: StoreLifetime
) -> AsyncStream<Source.Value> {
    AsyncStream { continuation in
        let token = source.subscribe { continuation.yield($0) }
        // The subscription's block holds the continuation, and the continuation's termination handler would hold
        // the token: a cycle. Keeping the token in a box that both ends empty breaks it whichever ends first.
        let tokenBox = LockedBox<SubscriptionToken?>.make(token)
        let stop: @Sendable () -> Void = {
            tokenBox.withLock { box -> SubscriptionToken? in
                defer { box = nil }
                return box
            }?.cancel()
        }
        let key = lifetime.register { _ in
            {
                continuation.finish()
                stop()
            }
        }
        guard let key else {
            continuation.finish()
            stop()
            return
        }
        continuation.onTermination = { _ in
            stop()
            lifetime.unregister(key)
        }
    }
}
