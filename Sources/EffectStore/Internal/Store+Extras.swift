extension Store {
    /// What `deinit` ends in a store that has extras or effects. Out of line: inlined into `deinit`, the lookup of the
    /// state box's generic metadata that it needs was hoisted above the `guard`, and every store paid for it.
    @inline(never)
    func endExtrasAndEffects() {
        let committed = stateBox.unsynchronizedValue
        committed.extras?.lifetime.end()  // cancels async effects' tasks and finishes `states` streams
        runtime?.endAll(with: committed.state)  // stops runs and timers, resolves waiting dispatch futures
        // Nothing is in flight any more: wake the threads waiting for this store to settle (they hold it weakly).
        if let extras = committed.extras {
            for waiter in extras.idleWaiters { waiter.signal() }
            extras.idleWaiters = []
        }
        // A derived state may keep the box, for the last state; not the observers, the undo history or the event
        // source. They are taken out under the lock and released after it: their `deinit` may read this box.
        let released = stateBox.withLock { committed -> (Committed.Tail, AnyObject?) in
            let tail = committed.tail
            committed.tail = .empty
            guard case .extras(let extras) = tail else { return (tail, nil) }
            defer { extras.creationEventSource = nil }
            return (tail, extras.creationEventSource)
        }
        withExtendedLifetime((committed, released)) {}
    }

    /// Keeps `clock` for the effect runtime. Out of line: the clock is an existential, whose copies and destruction
    /// an inlined `if let clock` paid for on every store's creation, also with no clock.
    @usableFromInline
    func setClock(_ clock: (any EffectClock)?) {
        if let clock { extras.clock = clock }
    }

    /// What delayed, debounced and throttled effects wait with.
    @usableFromInline
    var clock: any EffectClock { stateBox.withLock { $0.extras?.clock } ?? DispatchEffectClock() }

    /// What ends with this store: its async effects' tasks and its `states` streams. Made on first use, so a store
    /// that needs neither pays nothing for it. Safe from any thread.
    var lifetime: StoreLifetime { extras.lifetime }

    /// The store's lifetime, transition observers and undo history, made on first use. Safe from any thread.
    @usableFromInline
    var extras: StoreExtras<S> {
        stateBox.withLock { extras(in: &$0) }
    }

    /// The extras in `committed`, made if need be. Call it under the state box's lock.
    func extras(in committed: inout Committed) -> StoreExtras<S> {
        if let extras = committed.extras { return extras }
        let extras = StoreExtras<S>()
        committed.install(extras)
        hasExtras = true
        return extras
    }
}

/// Whether `clock` is set, looked at in place: inlined, `clock != nil` copies the existential first.
@usableFromInline
func isClockSet(_ clock: (any EffectClock)?) -> Bool {
    clock != nil
}
