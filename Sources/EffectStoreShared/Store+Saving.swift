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
    /// straight back. An undo or redo that changes the value is saved too. The rules of the writer — coalescing,
    /// atomic and durable writes, unreadable files — are in <doc:SharedAndSavedState>.
    ///
    /// - Parameters:
    ///   - path: Where the state holds the value.
    ///   - key: The value's declaration.
    ///   - storage: Where its bytes go.
    ///   - delay: The writer's delay (see ``SavedValueWriter/init(key:storage:delay:onWriteFailure:)``).
    ///   - loaded: The event that carries what the load found; dispatched once, from the writer's queue.
    ///   - failed: The event that carries a refused write, if the state wants to know; dispatched from the writer's
    ///     queue. The value stays pending and is written at the next change or flush.
    /// - Returns: The link. Keep it: releasing it (or ``SavedStateLink/cancel()``) stops saving later changes;
    ///   changes already handed to the writer are still written.
    public func save<Value>(
        _ path: KeyPath<S, SavedState<Value>> & Sendable,
        as key: SavedKey<Value>,
        in storage: any SavedValueStorage,
        delay: DispatchTimeInterval = .nanoseconds(0),
        loaded: @escaping @Sendable (SavedLoad<Value>) -> S.Event,
        failed: (@Sendable (SavedValueError) -> S.Event)? = nil
    ) -> SavedStateLink<Value> {
        let writer = SavedValueWriter(key: key, storage: storage, delay: delay) { [weak self] error in
            if let failed { _ = self?.dispatch(event: failed(error)) }
        }
        let token = observeTransitions { transition in
            SavedStateLink.hand(transition.from[keyPath: path], transition.to[keyPath: path], to: writer)
        }
        // The observer is installed now, so it sees the load's transition whatever else the store handles meanwhile.
        DispatchQueue.global().async { [weak self] in
            let load = writer.load()
            _ = self?.dispatch(event: loaded(load))
        }
        return SavedStateLink(writer: writer, token: token)
    }
}

/// What keeps a ``SavedState`` of a store saved: returned by `Store.save(_:as:in:delay:loaded:failed:)`.
///
/// Keep it as long as the value should be saved, and ``flush()`` it before a server or a command-line tool exits:
///
/// ```swift
/// _ = saving.flush().wait(timeout: .seconds(5))   // EffectStoreTesting's wait, in a test
/// ```
public final class SavedStateLink<Value: Codable & Equatable & Sendable>: Sendable {
    /// The writer that loads and writes the value.
    public let writer: SavedValueWriter<Value>
    private let token: SubscriptionToken

    init(writer: SavedValueWriter<Value>, token: SubscriptionToken) {
        self.writer = writer
        self.token = token
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
    public func flush() -> Future<Result<Void, SavedValueError>> {
        writer.flush()
    }

    /// Stops saving later changes. Changes already handed to the writer are still written.
    public func cancel() {
        token.cancel()
    }

    /// What one transition means for the writer: the rules of ``SavedState``'s phases. On the store's queue.
    static func hand(_ before: SavedState<Value>, _ after: SavedState<Value>, to writer: SavedValueWriter<Value>) {
        guard after.phase == .saving else { return }
        switch before.phase {
        case .saving:
            if before.value != after.value { writer.save(after.value) }
        case .loading:
            writer.save(after.value)  // what was loaded counts as written: the writer writes only what differs
        case .unreadable:
            writer.allowWrites()  // the state decided to start fresh
            writer.save(after.value)
        }
    }
}
