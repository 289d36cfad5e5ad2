import Dispatch

extension Store {
    /// Waits until this store — and the stores that feed it, through ``StoreEventSource``s — have nothing pending
    /// and no effect in flight, or until `timeout` passes.
    ///
    /// For tests and command-line tools that must wait for cross-store events and effects to land, without polling:
    ///
    /// ```swift
    /// session.dispatch(event: .logOut)          // the feed store hears it asynchronously
    /// XCTAssertTrue(feed.waitUntilSettled(timeout: .seconds(2)))
    /// XCTAssertEqual(feed.state, .empty)
    /// ```
    ///
    /// "In flight" means what the store knows of: events another store's callbacks sent it and it has not handled
    /// yet, effects whose answer it waits for, runs that have not finished, and delayed, debounced, throttled or
    /// queued effects still waiting, and a throttle's interval still open. Events that an outside thread is about
    /// to dispatch are not known to any store.
    /// A cancelled run counts as ended at once: nothing it sends is handled any more, though its task may still be
    /// winding down (a loop noticing the cancellation, a stream's termination handler) after the store has settled.
    /// A test that checks that clean-up waits for it itself.
    ///
    /// **With a `TestClock`, advance the clock before you wait.** A delayed, debounced or throttled effect waiting
    /// on a `TestClock` stays in flight until the test calls `TestClock.advance(by:)` or `TestClock.runAll()`,
    /// and nothing moves that clock while this call blocks: the wait lasts the whole `timeout` and returns `false`,
    /// and the effect has not started. What a test sees: `XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(5)))`
    /// takes five seconds, then fails.
    /// Advance the clock past the delay first — `clock.advance(by:)` runs what falls due before it returns — and
    /// then wait for the rest; or test the feature with EffectStoreTesting's `TestStore`, whose `advance(by:)` moves
    /// its own clock with no waiting at all.
    ///
    /// The wait follows the stores feeding this one transitively, so two stores linked both ways settle together.
    /// It keeps none of them alive: a feeding store released during the wait has nothing left in flight, and its
    /// abandoned effects no longer hold the wait.
    /// It blocks the calling thread: calling it from inside a store's callbacks is a programmer error and stops with
    /// a message.
    ///
    /// - Parameter timeout: The longest to wait.
    /// - Returns: `true` once everything has settled; `false` if `timeout` passed first — also when what holds the
    ///   store is a delay on a `TestClock` that nobody advances.
    public func waitUntilSettled(timeout: EffectDuration = .seconds(5)) -> Bool {
        guard LoopMarker.running.value == nil else {
            fatalError(
                """
                EffectStore: Store<\(S.self)>.waitUntilSettled(timeout:) was called from inside a store's callbacks, \
                where it would wait for itself. To fix, call it from a test, a tool's main code or another thread.
                """
            )
        }
        let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: timeout.nanoseconds))
        var previousPass: [UInt64]?
        while true {
            // Held weakly, so that waiting keeps no store alive ("nothing the store hands out keeps it alive"): a
            // feeding store released meanwhile wakes this thread as it goes, and counts as settled — its abandoned
            // work can no longer reach this store.
            let group = settleGroup().map(WeakSettlingMember.init)
            var completed: [UInt64] = []
            var everyStoreWasIdle = true
            for member in group {
                guard let (isIdle, finishedBlocks) = member.store?.idleSnapshot() else { continue }
                if !isIdle {
                    everyStoreWasIdle = false
                    guard member.waitUntilIdle(deadline: deadline) else { return false }
                }
                completed.append(finishedBlocks)
            }
            // Settled when two passes in a row found every store idle and no block ran in between, so that no store
            // could have handed another one work after that one was seen idle.
            if everyStoreWasIdle, completed == previousPass { return true }
            // A first all-idle pass still gets its confirming pass, which waits for nothing, after the deadline.
            if DispatchTime.now() >= deadline, !(everyStoreWasIdle && previousPass == nil) { return false }
            previousPass = everyStoreWasIdle ? completed : nil
        }
    }

    /// Waits, without blocking a task's thread, until this store and the stores feeding it have settled; see
    /// ``waitUntilSettled(timeout:)``.
    ///
    /// ```swift
    /// let settled = await feed.settled(timeout: .seconds(2))
    /// ```
    ///
    /// As there, a delayed, debounced or throttled effect pending on a `TestClock` holds the wait for the whole
    /// `timeout`, which then returns `false`: advance the clock past the delay before you wait.
    ///
    /// - Parameter timeout: The longest to wait.
    /// - Returns: `true` once everything has settled; `false` if `timeout` passed first — also when what holds the
    ///   store is a delay on a `TestClock` that nobody advances.
    public func settled(timeout: EffectDuration = .seconds(5)) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.waitUntilSettled(timeout: timeout))
            }
        }
    }

    /// This store and every store feeding it, transitively, each once.
    func settleGroup() -> [any SettlingMember] {
        var group: [any SettlingMember] = []
        var seen: Set<ObjectIdentifier> = []
        var next: [any SettlingMember] = [self]
        while let member = next.popLast() {
            guard seen.insert(ObjectIdentifier(member)).inserted else { continue }
            group.append(member)
            next.append(contentsOf: member.feeders)
        }
        return group
    }

    // MARK: - On the queue

    /// Whether nothing is pending, no block from another store waits, and no effect is in flight. On the queue.
    var isIdleOnQueue: Bool {
        assertOnQueue()
        guard nothingPending, effects?.scheduler.isIdle ?? true else { return false }
        return stateBox.withLock { $0.extras?.asyncPending ?? 0 } == 0
    }

    /// Wakes the threads waiting for this store to be idle, if it is. On the queue, after each block.
    @usableFromInline
    func signalIdleWaitersIfIdle() {
        guard isIdleOnQueue else { return }
        let extras = self.extras
        let waiters = extras.idleWaiters
        extras.idleWaiters = []
        needsIdleSignal = false
        for waiter in waiters { waiter.signal() }
    }

    /// Counts a block scheduled from another store's loop, so that the store is not idle until it has run.
    @usableFromInline
    func noteBlockFromAnotherStore(finished: Bool) {
        stateBox.withLock { committed in
            let extras = extras(in: &committed)
            if finished {
                extras.asyncPending -= 1
                extras.asyncCompleted += 1
            } else {
                extras.asyncPending += 1
            }
        }
    }
}

/// A store, as a settling wait sees it without its state type.
protocol SettlingMember: AnyObject, Sendable {
    /// Whether the store is idle now, and how many blocks from other stores it has finished so far.
    func idleSnapshot() -> (isIdle: Bool, finishedBlocks: UInt64)
    /// `nil` if the store is idle now; otherwise a semaphore it signals once it is idle, or when it is released.
    func idleSignal() -> DispatchSemaphore?
    /// Forgets a semaphore from ``idleSignal()`` that nobody waits for any more.
    func stopWaiting(for signal: DispatchSemaphore)
    /// The stores whose event sources feed this one.
    var feeders: [any SettlingMember] { get }
}

/// A store of a settling wait's group, held weakly: the wait keeps no store alive.
struct WeakSettlingMember {
    weak var store: (any SettlingMember)?

    init(_ store: any SettlingMember) { self.store = store }

    /// Blocks until the store is idle, is released, or `deadline` passes; `false` then. Holds the store only to ask.
    func waitUntilIdle(deadline: DispatchTime) -> Bool {
        guard let signal = store?.idleSignal() else { return true }
        if signal.wait(timeout: deadline) == .success { return true }
        store?.stopWaiting(for: signal)
        return false
    }
}

/// Something that can say which store it reads from: a store, or a derived state of one.
protocol SettlingOrigin {
    var originStore: (any SettlingMember)? { get }
}

/// An event source that follows another store: a ``StoreEventSource``.
protocol FeedingLink: AnyObject {
    var feedingStore: (any SettlingMember)? { get }
}

extension Store: SettlingMember, SettlingOrigin {
    var originStore: (any SettlingMember)? { self }

    func idleSnapshot() -> (isIdle: Bool, finishedBlocks: UInt64) {
        let isIdle = LockedBox.make(false)
        schedule(.call { store in isIdle.withLock { $0 = store.isIdleOnQueue } })
        let finished = stateBox.withLock { $0.extras?.asyncCompleted ?? 0 }
        return (isIdle.withLock { $0 }, finished)
    }

    func idleSignal() -> DispatchSemaphore? {
        let semaphore = DispatchSemaphore(value: 0)
        let isIdle = LockedBox.make(false)
        schedule(
            .call { store in
                if store.isIdleOnQueue {
                    isIdle.withLock { $0 = true }
                } else {
                    store.extras.idleWaiters.append(semaphore)
                    store.needsIdleSignal = true
                }
            })
        return isIdle.withLock { $0 } ? nil : semaphore
    }

    func stopWaiting(for signal: DispatchSemaphore) {
        schedule(.call { store in store.extras.idleWaiters.removeAll { $0 === signal } })
    }

    var feeders: [any SettlingMember] {
        allEventSources.compactMap { ($0 as? any FeedingLink)?.feedingStore }
    }
}
