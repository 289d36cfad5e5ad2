extension StoreEventSource {
    /// Creates an event source that sends an event only when one field of the source's state changes, not for the
    /// state the source already has.
    ///
    /// ```swift
    /// let processStore = Store<ProcessState>(
    ///     effectHandler: ProcessEffects(service: service),
    ///     eventSource: StoreEventSource(sessionStore, whenChanged: \.isLoggedIn) { $0 ? nil : .userDidLogOut }
    /// )
    /// ```
    ///
    /// The source's current state is only remembered: `event` is not called for it, so a session that is already
    /// logged out when the process store is created sends nothing. After that, `event` is called with the new key
    /// each time the key differs from the last one seen — once per change, however many states with the same key
    /// follow — and its answer, if not `nil`, is sent. Use ``init(_:event:)`` instead to react to the current state
    /// too, and to every state the source delivers.
    ///
    /// Threading and lifetime are those of ``StoreEventSource``: `key` and `event` run **on the source store's
    /// serial queue**, in order, and neither store is kept alive.
    ///
    /// - Parameters:
    ///   - source: A ``Store`` or a ``DerivedState`` to observe.
    ///   - key: The part of the source's state to watch, usually a key path such as `\.isLoggedIn`. A pure function.
    ///   - event: A pure function from the new key to the event to send, or `nil` to send none.
    public convenience init<Source: StateSource, Key: Equatable & Sendable>(
        _ source: Source,
        whenChanged key: @escaping @Sendable (Source.Value) -> Key,
        event: @escaping @Sendable (Key) -> Event?
    ) {
        // The last key seen; `nil` until the source's current state has been seen. The source calls the block below
        // serially, so the lock is never contended: it only makes the box safe to capture in a `@Sendable` block.
        let lastKey = LockedBox<Key?>.make(nil)
        self.init(source) { value in
            let newKey = key(value)
            let isChange = lastKey.withLock { last -> Bool in
                defer { last = newKey }
                guard let last else { return false }
                return last != newKey
            }
            return isChange ? event(newKey) : nil
        }
    }
}
