import Dispatch
import EffectStore
import Foundation

/// Loads one saved value and writes its changes: coalesced, atomic and durable, and never over a file it could not
/// read.
///
/// Give a writer every new value with ``save(_:)``; it returns at once. The writer keeps only the latest value,
/// encodes it only when it writes it, and has at most one write in flight, so a burst of edits costs one write, not
/// one per edit. ``flush()`` answers once every value saved before it is on disk.
///
/// ```swift
/// let writer = SavedValueWriter(
///     key: meetingsKey, storage: FileStorage(url: folder.appendingPathComponent("meetings.json")))
/// var meetings = writer.load().value ?? []
/// meetings.append(Meeting(title: "Standup"))
/// writer.save(meetings)
/// _ = await writer.flush().value   // .written once the file holds the new list
/// ```
///
/// A file that cannot be read — it does not decode, or a newer version of the app wrote it — is left untouched, a
/// copy is kept aside, ``load()`` answers ``SavedLoad/failed(_:)``, and nothing is written under the key until
/// ``allowWrites()``: the app decides whether to start fresh or to carry on read-only.
///
/// A write goes only over the bytes the writer last read or wrote (``SavedValueStorage/write(_:replacing:)``): a
/// value another process wrote since is not overwritten but reported — the flush answers
/// ``SavedValueError/Reason/changedOutside`` and ``checkForOutsideChange()`` gives the value — and the next save or
/// flush after that writes.
///
/// Where the platform announces it (iOS, tvOS and visionOS backgrounding and termination, macOS termination), a
/// writer flushes then by itself. A server or a command-line tool gets no such notice: call ``flush()`` before it
/// exits.
///
/// ## Threading
///
/// A writer is safe to use from any thread. It does its reading and writing on a serial queue of its own;
/// `onWriteFailure` and the callbacks of ``flush()``'s future run there. A writer keeps itself alive until its
/// pending writes are done.
public final class SavedValueWriter<Value: Codable & Equatable & Sendable>: Sendable {
    /// The key this writer saves.
    public let key: SavedKey<Value>
    /// Where it saves.
    public let storage: any SavedValueStorage

    private let coding: SavedValueCoding<Value>
    private let delay: EffectDuration
    /// What the delay waits on; `nil` for the writer's queue, on the monotonic clock.
    private let clock: (any EffectClock)?
    private let queue: DispatchQueue
    private let onWriteFailure: (@Sendable (SavedValueError) -> Void)?
    /// Whether writes wait for ``flush()``: a test store's saves are written when the test says so, once each.
    private let writesOnlyWhenFlushed: Bool
    private let state = LockedBox<WriterState<Value>>.make(WriterState())
    #if canImport(Darwin)
        private let lifecycle = LifecycleObservers()
    #endif

    /// A writer of `key` to `storage`.
    ///
    /// - Parameters:
    ///   - key: The declaration of the value: its name, version and migrations.
    ///   - storage: Where the bytes go.
    ///   - delay: How long a write waits after the first save that follows a quiet spell, so that more edits join
    ///     it: counted from that first save, not from the last, so that edits that never stop are still written once
    ///     a `delay`. None by default (edits that arrive while a write is in flight join the next one anyway).
    ///     ``flush()`` never waits for it.
    ///   - clock: What the delay waits on: the monotonic clock by default; a store link passes its store's, so that a
    ///     `TestClock` moves it.
    ///   - onWriteFailure: Called when the storage refuses a write, on the writer's queue, before the flushes that
    ///     waited for the write are answered. The value stays pending and is written at the next save or flush.
    public convenience init(
        key: SavedKey<Value>, storage: any SavedValueStorage, delay: DispatchTimeInterval = .nanoseconds(0),
        clock: (any EffectClock)? = nil, onWriteFailure: (@Sendable (SavedValueError) -> Void)? = nil
    ) {
        self.init(
            key: key, storage: storage, delay: delay, clock: clock, writesOnlyWhenFlushed: false,
            onWriteFailure: onWriteFailure)
    }

    /// A writer that writes only when flushed, each flush one attempt, when `writesOnlyWhenFlushed`. `package`: the
    /// test store's saves (EffectStoreSharedTesting) are written when their window ends on the test's clock, and a
    /// write made to fail fails once, whatever the threads do.
    package init(
        key: SavedKey<Value>, storage: any SavedValueStorage, delay: DispatchTimeInterval = .nanoseconds(0),
        clock: (any EffectClock)? = nil, writesOnlyWhenFlushed: Bool,
        onWriteFailure: (@Sendable (SavedValueError) -> Void)? = nil
    ) {
        self.writesOnlyWhenFlushed = writesOnlyWhenFlushed
        self.key = key
        self.storage = storage
        self.coding = SavedValueCoding(key: key)
        self.delay = EffectDuration(delay)
        self.clock = clock
        self.onWriteFailure = onWriteFailure
        self.queue = DispatchQueue(label: "EffectStoreShared.SavedValueWriter.\(key.name)")
        #if canImport(Darwin)
            lifecycle.observe { [weak self] in self?.flush() }
        #endif
    }

    /// Reads the saved value, migrating it if an older version wrote it.
    ///
    /// Call it once, before the first ``save(_:)``, and not on a queue the app must keep responsive: it reads the
    /// storage (and writes a migrated value back) before it returns. The value it returns counts as written, so
    /// saving it straight back writes nothing.
    ///
    /// ```swift
    /// switch writer.load() {
    /// case .absent: meetings = []
    /// case .loaded(let saved), .migrated(let saved, _): meetings = saved
    /// case .failed(let error): print(error)   // the file is untouched and writes are held back
    /// }
    /// ```
    ///
    /// - Returns: What was found. On ``SavedLoad/failed(_:)`` the file is left untouched, a copy of unreadable bytes
    ///   is kept aside, and writes are held back until ``allowWrites()``.
    public func load() -> SavedLoad<Value> {
        queue.sync { loadOnQueue() }
    }

    /// Hands the writer a new value; it is written soon, after any write in flight, unless a newer value replaces
    /// it first.
    ///
    /// ```swift
    /// writer.save(meetings)
    /// ```
    ///
    /// Returns at once: the value is neither encoded nor written on the calling thread. A value equal to what is on
    /// disk, with no write in flight, is not written again, and replaces any value pending.
    ///
    /// - Parameter value: The new value.
    public func save(_ value: Value) {
        let schedule = state.withLock { state -> Bool in
            state.saved += 1
            state.unencodable = nil  // a newer value replaces one that could not be encoded
            if state.writing == nil, !state.heldBack, state.written == value {
                // What the storage holds is the latest value: nothing to write. Flushes waiting for a value pending
                // until now are answered by the write queued for it, which finds nothing to do.
                state.pending = nil
                state.durable = state.saved
                return false
            }
            state.pending = value
            if state.heldBack || state.writeQueued || writesOnlyWhenFlushed { return false }
            state.writeQueued = true
            return true
        }
        guard schedule else { return }
        if delay == .zero {
            queue.async { self.writePending() }
        } else if let clock {
            _ = clock.schedule(after: delay) { self.queue.async { self.writePending() } }
        } else {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: delay.nanoseconds))) { self.writePending() }
        }
    }

    /// A future that resolves once every value saved before this call is on disk.
    ///
    /// ```swift
    /// writer.save(meetings)
    /// if case .failed(let error) = await writer.flush().value { print(error) }
    /// ```
    ///
    /// It does not wait for the writer's `delay`. A write that fails resolves it with the failure (the value stays
    /// pending), after `onWriteFailure` was called with it. A value that cannot be encoded is not kept pending, since
    /// no retry can write it: it is reported once, with ``SavedValueError/Reason/unencodable``, and every flush answers
    /// that failure until a newer value is saved. While writes are held back (see ``allowWrites()``) it resolves at
    /// once with ``SavedValueError/Reason/writesHeldBack``, if anything is pending.
    ///
    /// - Returns: A future of ``SavedFlush/written``, or of the failure that kept a value from the disk. Its callbacks
    ///   run on the writer's queue, or at once on the calling thread when nothing is pending.
    @discardableResult
    public func flush() -> Future<SavedFlush> {
        let promise = Promise<SavedFlush>()
        let now = state.withLock { state -> SavedFlush? in
            if state.durable >= state.saved { return .written }
            if state.heldBack {
                return .failed(SavedValueError(key: key.name, reason: .writesHeldBack, detail: "flush()"))
            }
            if let unencodable = state.unencodable { return .failed(unencodable) }
            state.waiters.append(Waiter(generation: state.saved, promise: promise))
            return nil
        }
        if let now { return Future(value: now) }
        queue.async { self.writePending() }
        return promise.future
    }

    /// Lets writes go to a key whose load failed: the app has decided to start fresh over the unreadable file (whose
    /// copy was kept aside). The latest value saved meanwhile, if any, is written now.
    ///
    /// ```swift
    /// case .startFresh:
    ///     writer.allowWrites()
    ///     writer.save([])
    /// ```
    public func allowWrites() {
        let schedule = state.withLock { state -> Bool in
            state.heldBack = false
            guard state.pending != nil, !state.writeQueued, !writesOnlyWhenFlushed else { return false }
            state.writeQueued = true
            return true
        }
        if schedule { queue.async { self.writePending() } }
    }

    /// Whether writes are held back since the key's load failed, until ``allowWrites()``.
    public var writesHeldBack: Bool { state.withLock { $0.heldBack } }

    /// Reads the storage and answers what someone else — another process, another writer — put there since this
    /// writer last read or wrote it; `nil` when nothing changed.
    ///
    /// ```swift
    /// if let change = writer.checkForOutsideChange() {
    ///     meetings.apply(change)   // SavedState takes it as it takes the load
    /// }
    /// ```
    ///
    /// What this writer wrote itself is never reported. A value that another writer saved is ``SavedLoad/loaded(_:)``
    /// (or ``SavedLoad/migrated(_:fromVersion:)``); it now counts as written. Bytes that cannot be read are reported as
    /// ``SavedLoad/failed(_:)`` and treated as a load that failed: left untouched, a copy kept aside, writes held back
    /// until ``allowWrites()``. A storage that cannot be read at the moment, or that was emptied, is not reported: the
    /// next write puts the value back.
    ///
    /// A local value saved and not yet written when the change is found is still written after it, unless a newer
    /// save replaces it first: who wins is decided by what is saved next. A store link
    /// (`Store.save(_:as:in:delay:checkEvery:loaded:failed:)`) delivers the change as the load's event, and when the
    /// state applies it, the state's value — the outside one — is what is saved next.
    ///
    /// Waits for the writer's queue, as ``load()`` does; call it where waiting for the disk is fine.
    ///
    /// - Returns: The change, or `nil`.
    public func checkForOutsideChange() -> SavedLoad<Value>? {
        queue.sync { checkOnQueue() }
    }

    /// Whether the storage holds a value, as far as the writer knows: loaded or written. `package`: the test store's
    /// saves ask it too.
    package var holdsValue: Bool { state.withLock { $0.written != nil } }

    // MARK: - On the writer's queue

    private func loadOnQueue() -> SavedLoad<Value> {
        dispatchPrecondition(condition: .onQueue(queue))
        let data: Data?
        do {
            data = try storage.read()
        } catch {
            state.withLock { $0.heldBack = true }
            return .failed(SavedValueError(key: key.name, reason: .readFailed, detail: "\(error)"))
        }
        guard let data else { return .absent }
        state.withLock { $0.bytes = data }
        do {
            switch try coding.decode(data) {
            case .current(let value):
                state.withLock { $0.written = value }
                return .loaded(value)
            case .migrated(let value, let version):
                // Written back only now that it decoded as the current version; a refused write leaves it pending.
                switch store(value) {
                case .success(let migrated):
                    state.withLock { state in
                        state.written = value
                        state.bytes = migrated
                    }
                case .failure(let error):
                    if error.reason != .unencodable {
                        state.withLock { state in
                            state.saved += 1
                            state.pending = value
                        }
                    }
                    onWriteFailure?(error)
                }
                return .migrated(value, fromVersion: version)
            }
        } catch {
            return .failed(unreadable(data, error))
        }
    }

    /// Holds writes back over bytes that could not be read, and keeps a copy of them aside.
    private func unreadable(_ data: Data, _ failure: SavedValueCoding<Value>.Failure) -> SavedValueError {
        state.withLock { $0.heldBack = true }
        let copy: String?
        let detail: String
        do {
            copy = try storage.keepAside(data)
            detail = failure.detail
        } catch let keeping {
            copy = nil
            detail = failure.detail + "; no copy could be kept aside: \(keeping)"
        }
        return SavedValueError(key: key.name, reason: failure.reason, detail: detail, copyKeptAt: copy)
    }

    private func checkOnQueue() -> SavedLoad<Value>? {
        dispatchPrecondition(condition: .onQueue(queue))
        // A storage that cannot be read now, or was emptied, changes nothing: the next write puts the value back.
        guard let data = try? storage.read(), data != state.withLock({ $0.bytes }) else { return nil }
        state.withLock { $0.bytes = data }
        do {
            let decoded = try coding.decode(data)
            let value: Value
            switch decoded {
            case .current(let current): value = current
            case .migrated(let migrated, _): value = migrated
            }
            let changed = state.withLock { state -> Bool in
                guard state.written != value else { return false }
                state.written = value
                return true
            }
            guard changed else { return nil }
            switch decoded {
            case .current: return .loaded(value)
            case .migrated(_, let version): return .migrated(value, fromVersion: version)
            }
        } catch {
            return .failed(unreadable(data, error))
        }
    }

    /// Writes the pending value, and the next one if another came meanwhile, until nothing is pending or a write
    /// fails.
    private func writePending() {
        dispatchPrecondition(condition: .onQueue(queue))
        while true {
            let heldBack = SavedValueError(key: key.name, reason: .writesHeldBack, detail: "flush()")
            let next = state.withLock { state -> (job: (value: Value, generation: UInt64)?, answers: [Answer]) in
                state.writeQueued = false
                guard !state.heldBack, let value = state.pending else {
                    // Nothing to write: the flushes whose saves are all on disk are answered, and while writes are
                    // held back (outside bytes found unreadable since they asked), the others too.
                    let durable = state.durable
                    let answers = state.waiters.compactMap { waiter -> Answer? in
                        if waiter.generation <= durable { return Answer(waiter: waiter, flush: .written) }
                        return state.heldBack ? Answer(waiter: waiter, flush: .failed(heldBack)) : nil
                    }
                    state.waiters.removeAll { $0.generation <= durable || state.heldBack }
                    return (nil, answers)
                }
                state.pending = nil
                state.writing = state.saved
                return ((value, state.saved), [])
            }
            guard let job = next.job else {
                for answer in next.answers { answer.waiter.promise.resolve(answer.flush) }
                return
            }
            let result = store(job.value)
            let answered = state.withLock { state -> [Waiter] in
                state.writing = nil
                switch result {
                case .success(let data):
                    state.written = job.value
                    state.bytes = data
                    state.durable = job.generation
                case .failure(let error) where error.reason == .unencodable:
                    // No retry can write it: flushes answer the failure until a newer value is saved.
                    if state.pending == nil { state.unencodable = error }
                case .failure:
                    if state.pending == nil { state.pending = job.value }
                }
                let answered = state.waiters.filter { $0.generation <= job.generation }
                state.waiters.removeAll { $0.generation <= job.generation }
                return answered
            }
            // The failure is told first, then the flushes answered: a store link's `failed:` event is dispatched
            // before a flush that waited for the write answers.
            guard case .failure(let error) = result else {
                for waiter in answered { waiter.promise.resolve(.written) }
                continue
            }
            onWriteFailure?(error)
            for waiter in answered { waiter.promise.resolve(.failed(error)) }
            // A value saved since, unlike this one, may encode; a storage that refused a write waits for the next.
            guard error.reason == .unencodable else { return }
        }
    }

    /// Encodes `value` and hands it to the storage, to be written only over the bytes this writer last read or wrote:
    /// the bytes written, or why they are not.
    private func store(_ value: Value) -> Result<Data, SavedValueError> {
        let data: Data
        do {
            data = try coding.encode(value)
        } catch {
            return .failure(SavedValueError(key: key.name, reason: .unencodable, detail: "\(error)"))
        }
        let found: Data?
        do {
            found = try storage.write(data, replacing: state.withLock { $0.bytes })
        } catch {
            return .failure(SavedValueError(key: key.name, reason: .writeFailed, detail: "\(error)"))
        }
        // Bytes another writer put there since are not written over unseen, not even when they are these very bytes:
        // that writer's change, made from a value this one has not seen, is reported first.
        guard let found else { return .success(data) }
        return .failure(
            SavedValueError(
                key: key.name, reason: .changedOutside,
                detail: "the storage holds \(found.count) bytes that this writer did not read or write"))
    }
}

/// What a ``SavedValueWriter`` knows, behind its lock.
struct WriterState<Value: Sendable>: Sendable {
    /// The latest value saved and not yet handed to the storage.
    var pending: Value?
    /// The value the storage holds, as far as the writer knows: loaded or last written.
    var written: Value?
    /// The bytes the writer last read or wrote: other bytes in the storage were written by someone else.
    var bytes: Data?
    /// How many saves were made; a save's number is its generation.
    var saved: UInt64 = 0
    /// Every save up to this generation is on disk.
    var durable: UInt64 = 0
    /// The generation being written, if a write is in flight.
    var writing: UInt64?
    /// Whether a write is queued and will pick up `pending`.
    var writeQueued = false
    /// Whether writes wait for `allowWrites()`, after a failed load.
    var heldBack = false
    /// Why the latest value saved could not be encoded, until a newer one is saved: what flushes answer meanwhile.
    var unencodable: SavedValueError?
    /// Flushes waiting for a generation to be on disk.
    var waiters: [Waiter] = []
}

/// A flush waiting for every save up to `generation`.
struct Waiter: Sendable {
    let generation: UInt64
    let promise: Promise<SavedFlush>
}

/// A flush's answer, decided under the lock and given after it.
private struct Answer {
    let waiter: Waiter
    let flush: SavedFlush
}
