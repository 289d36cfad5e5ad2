import Dispatch
import EffectStore
import EffectStoreShared
import EffectStoreTesting

extension TestStore {
    /// Loads and saves one ``/EffectStoreShared/SavedState`` of the test store's state as
    /// `Store.save(_:as:in:delay:checkEvery:loaded:failed:)` does in a real store — and makes each save an obligation
    /// that an exhaustive test asserts, value included.
    ///
    /// ```swift
    /// let storage = InMemoryStorage(seeding: [standup], as: meetingsKey)
    /// let store = TestStore<MeetingsList>()
    /// let saving = store.save(\.meetings, as: meetingsKey, in: storage, delay: .seconds(1), loaded: .loaded)
    ///
    /// saving.receiveLoad { $0.meetings.apply(.loaded([standup])) }
    /// store.send(.add(design)) { $0.meetings.value.append(design) }
    /// store.send(.add(retro)) { $0.meetings.value.append(retro) }
    /// saving.receiveSave([standup, design, retro])     // one save, of the last value
    /// store.finish()
    /// ```
    ///
    /// The key is loaded from `storage` now, as a real store starts its load; what the load found
    /// (``TestSavedStateLink/load``) reaches the state only when the test says so, with
    /// ``TestSavedStateLink/receiveLoad(fileID:file:line:column:assert:)``. After that, every transition that changes
    /// the value while it is saving is saved by the rules of the real store, and written to `storage` by a real
    /// ``/EffectStoreShared/SavedValueWriter``. The rules of saves under the test store — the coalescing window on
    /// `clock`, what an exhaustive test must assert, how to inject failures — are in
    /// <doc:/EffectStoreShared/SharedAndSavedState> ("Testing saves").
    ///
    /// - Parameters:
    ///   - path: Where the state holds the value.
    ///   - key: The value's declaration.
    ///   - storage: Where its bytes go: an ``/EffectStoreShared/InMemoryStorage`` seeded with what the test starts
    ///     from, told to fail reads or writes when the test wants them to; or a `FileStorage` for a relaunch.
    ///   - delay: The coalescing window: changes made within it of the first are one save, of the last value. It
    ///     runs on `clock`.
    ///   - loaded: The event that carries what the load found, and each change written from outside.
    ///   - failed: The event that carries a refused write, if the state wants to know; handled when the test asserts
    ///     the save.
    /// - Returns: The link, through which the test receives the load and asserts the saves. The test store keeps
    ///   it: its obligations are checked at `finish()` even when the test drops it.
    @discardableResult
    public func save<Value>(
        _ path: KeyPath<S, SavedState<Value>>,
        as key: SavedKey<Value>,
        in storage: any SavedValueStorage,
        delay: DispatchTimeInterval = .nanoseconds(0),
        loaded: @escaping (SavedLoad<Value>) -> S.Event,
        failed: ((SavedValueError) -> S.Event)? = nil
    ) -> TestSavedStateLink<S, Value> {
        let link = TestSavedStateLink(
            store: self, path: path, key: key, storage: storage, window: EffectDuration(delay), loaded: loaded,
            failed: failed)
        add(
            TestStoreObligation(
                transitioned: { transition, origin in link.transitioned(transition, origin: origin) },
                beforeEvent: { call, location in link.requireSavesAsserted(before: call, at: location) },
                atEnd: { location, released in link.checkNothingIsLeft(at: location, released: released) }))
        return link
    }
}
