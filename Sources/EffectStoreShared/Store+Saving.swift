import Dispatch
import EffectStore

extension Store {
    /// Loads and saves one ``SavedState`` of this store's state: the load runs off the store's queue and arrives as
    /// an event, and after every transition that changes the value it is handed to a ``SavedValueWriter``.
    ///
    /// ```swift
    /// let store = Store<MeetingsList>()
    /// let saving = store.save(
    ///     \.meetings, as: meetingsKey, in: FileStorage(url: folder.appendingPathComponent("meetings.json")),
    ///     loaded: MeetingsList.Event.loaded)
    /// // …
    /// _ = await saving.flush().value   // before a command-line tool exits
    /// ```
    ///
    /// What the load found reaches the state as `loaded(load)`; the state applies it with
    /// ``SavedState/apply(_:)``. The value is saved only while it is ``SavedState/Phase/saving``: not while loading
    /// (an edit then would overwrite the file with a list that lacks what was saved), not after a load that could
    /// not read the file until the state calls ``SavedState/startFresh()``. What the load found is not written
    /// straight back; an edit made while loading, which a load that found nothing keeps, is. An undo or redo that
    /// changes the value is saved too. A write that finds the storage changed by another process since the writer
    /// last read it is not made: the link looks up the change and delivers it as `loaded(change)`, as it delivers any
    /// outside change, and the state decides what is saved next. The rules of the writer — coalescing, atomic and
    /// durable writes, unreadable files, changes from outside — are in <doc:SharedAndSavedState>.
    ///
    /// - Parameters:
    ///   - path: Where the state holds the value.
    ///   - key: The value's declaration.
    ///   - storage: Where its bytes go.
    ///   - delay: The writer's delay (see ``SavedValueWriter/init(key:storage:delay:clock:onWriteFailure:)``), on this
    ///     store's clock: with a `TestClock`, it passes when the test advances the clock. It counts from the first
    ///     change after a quiet spell, not from the last.
    ///   - checkEvery: How often to look for changes that another process wrote
    ///     (``SavedStateLink/checkForOutsideChange()``); `nil`, the default, never looks by itself.
    ///   - loaded: The event that carries what the load found, and later each change written from outside; dispatched
    ///     from a global queue.
    ///   - failed: The event that carries a refused write, if the state wants to know; dispatched from the writer's
    ///     queue, before a flush that waited for the write answers. The value stays pending and is written at the
    ///     next change or flush. A write not made over another process's change is not a refusal: that change
    ///     arrives as `loaded`.
    /// - Returns: The link. Keep it: releasing it (or ``SavedStateLink/cancel()``) stops saving later changes;
    ///   changes already handed to the writer are still written.
    public func save<Value>(
        _ path: KeyPath<S, SavedState<Value>> & Sendable,
        as key: SavedKey<Value>,
        in storage: any SavedValueStorage,
        delay: DispatchTimeInterval = .nanoseconds(0),
        checkEvery: DispatchTimeInterval? = nil,
        loaded: @escaping @Sendable (SavedLoad<Value>) -> S.Event,
        failed: (@Sendable (SavedValueError) -> S.Event)? = nil
    ) -> SavedStateLink<Value> {
        // Set once the link exists: what a write that met another process's change does, which is to look it up and
        // deliver it.
        let lookUpOutsideChange = LockedBox<(@Sendable () -> Void)?>.make(nil)
        let writer = SavedValueWriter(key: key, storage: storage, delay: delay, clock: clock) { [weak self] error in
            if error.reason == .changedOutside {
                lookUpOutsideChange.withLock { $0 }?()
            } else if let failed {
                _ = self?.dispatch(event: failed(error))
            }
        }
        // Written on the store's queue only, by the observer; a box, so that the observer's closure is Sendable.
        let steps = LockedBox.make(SavingSteps<Value>())
        let token = observeTransitions { transition in
            let step = steps.withLock { steps in
                steps.step(
                    from: transition.from[keyPath: path], to: transition.to[keyPath: path],
                    holdsValue: writer.holdsValue)
            }
            guard let step else { return }
            if step.allowingWrites { writer.allowWrites() }  // the state decided to start fresh
            writer.save(step.value)
        }
        let loadHandled = Promise<SavedLoad<Value>>()
        let link = SavedStateLink(writer: writer, token: token, load: loadHandled.future) { [weak self] change in
            _ = self?.dispatch(event: loaded(change))
        }
        lookUpOutsideChange.withLock { $0 = { [weak link] in link?.checkForOutsideChange() } }
        // The observer is installed now, so it sees the load's transition whatever else the store handles meanwhile.
        DispatchQueue.global().async { [weak self] in
            let load = writer.load()
            // From outside any store, `dispatch` returns once the store has handled the event.
            _ = self?.dispatch(event: loaded(load))
            loadHandled.resolve(load)
            if let checkEvery { link.check(every: checkEvery) }
        }
        return link
    }
}

/// What keeps a ``SavedState`` of a store saved: returned by `Store.save(_:as:in:delay:checkEvery:loaded:failed:)`.
///
/// Keep it as long as the value should be saved, and ``flush()`` it before a server or a command-line tool exits:
///
/// ```swift
/// _ = saving.flush().wait(timeout: .seconds(5))   // a tool, before it exits
/// ```
public final class SavedStateLink<Value: Codable & Equatable & Sendable>: Sendable {
    /// The writer that loads and writes the value.
    public let writer: SavedValueWriter<Value>
    /// What the load found, once the store has handled the load's event: a test or a tool waits for it instead of
    /// polling the state.
    ///
    /// ```swift
    /// _ = await saving.load.value                    // the state has applied what the load found
    /// _ = saving.load.wait(timeout: .seconds(5))     // the same, blocking
    /// ```
    ///
    /// It resolves on the global queue the load runs on, right after the store handled the event (its transition
    /// committed, its observers told; not the effects the event started). `Store.waitUntilSettled(timeout:)` does not
    /// wait for the load, which is not an effect: wait for this. If the store is released before the load ends, it
    /// resolves all the same.
    public let load: Future<SavedLoad<Value>>
    private let token: SubscriptionToken
    private let deliver: @Sendable (SavedLoad<Value>) -> Void
    private let cancelled = LockedBox<Bool>.make(false)

    init(
        writer: SavedValueWriter<Value>, token: SubscriptionToken, load: Future<SavedLoad<Value>>,
        deliver: @escaping @Sendable (SavedLoad<Value>) -> Void
    ) {
        self.writer = writer
        self.token = token
        self.load = load
        self.deliver = deliver
    }

    /// Looks for a change that another process wrote (see ``SavedValueWriter/checkForOutsideChange()``) and, if
    /// there is one, dispatches it to the store as the load's event. Returns at once; the storage is read on a global
    /// queue.
    ///
    /// ```swift
    /// // when the app comes back to the foreground
    /// saving.checkForOutsideChange()
    /// ```
    public func checkForOutsideChange() {
        DispatchQueue.global().async { [self] in
            guard !cancelled.withLock({ $0 }), let change = writer.checkForOutsideChange() else { return }
            deliver(change)
        }
    }

    /// Checks every `interval` until cancelled or released.
    func check(every interval: DispatchTimeInterval) {
        DispatchQueue.global().asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self, !self.cancelled.withLock({ $0 }) else { return }
            if let change = self.writer.checkForOutsideChange() { self.deliver(change) }
            self.check(every: interval)
        }
    }

    /// A future that resolves once every change the store committed before this call is on disk: the store hands a
    /// change to the writer in the transition that makes it, so a change dispatched and committed before the call is
    /// covered.
    ///
    /// ```swift
    /// let state = await store.dispatch(event: .add(meeting)).value
    /// _ = await saving.flush().value   // the new meeting is on disk
    /// ```
    ///
    /// - Returns: See ``SavedValueWriter/flush()``; callbacks run on the writer's queue.
    @discardableResult
    public func flush() -> Future<SavedFlush> {
        writer.flush()
    }

    /// Stops saving later changes, and looking for outside ones. Changes already handed to the writer are still
    /// written.
    public func cancel() {
        cancelled.withLock { $0 = true }
        token.cancel()
    }

}

/// The rules of ``SavedState``'s phases, transition by transition: what each asks of the writer. A plain value that a
/// store link keeps between transitions. `package`: the test store's saves (EffectStoreSharedTesting) follow the same
/// rules.
package struct SavingSteps<Value: Codable & Equatable & Sendable>: Sendable {
    /// The value the state held at its first transition while loading: the one it started from; `nil` until then.
    private var startedFrom: Value?

    package init() {}

    /// What the transition from `before` to `after` asks of the writer: the value to save, and whether writes held
    /// back since a failed load are allowed first; `nil` for nothing.
    ///
    /// - Parameters:
    ///   - before: The saved state before the transition.
    ///   - after: The saved state after it.
    ///   - holdsValue: Whether the storage holds a value, as far as the writer knows: the load found one.
    package mutating func step(
        from before: SavedState<Value>, to after: SavedState<Value>, holdsValue: @autoclosure () -> Bool
    ) -> (value: Value, allowingWrites: Bool)? {
        if before.phase == .loading, startedFrom == nil { startedFrom = before.value }
        guard after.phase == .saving else { return nil }
        switch before.phase {
        case .saving:
            return before.value != after.value ? (after.value, false) : nil
        case .loading:
            // What the load found counts as written: the writer writes only what differs. After a load that found
            // nothing, the value the state started from is not written either; an edit made while loading is, since
            // the state kept it.
            let editedWhileLoading = startedFrom != after.value
            return holdsValue() || before.value != after.value || editedWhileLoading ? (after.value, false) : nil
        case .unreadable:
            return (after.value, true)
        }
    }
}
