import EffectStore
import EffectStoreLogging
import Foundation

/// Records a store's session — the state it starts from and every transition it takes — as a ``SessionLog``.
///
/// ```swift
/// let recorder = SessionRecorder(recording: store, limit: 1_000)
/// store.dispatch(event: .fetchProcesses)    // recorded, and so is the download's answer when it comes
/// let log = recorder.log                    // a snapshot, from any thread
/// try log.write(to: URL(fileURLWithPath: "session.json"))   // when the state and its events are Codable
/// ```
///
/// The recorder keeps, in order, every event the store handles — dispatched, answered by an effect, or sent by its
/// event source, whether or not it changed the state — and every undo and redo, each with the effect the state
/// returned and what the state became.
/// That is everything a replay needs: see ``SessionLog/replay()``.
///
/// ## Bounded in bytes
///
/// A recording holds what changed at each entry, by path, as the session file does, and the whole state only at
/// keyframes: at each undo and redo, and once the changes since the last keyframe weigh as much as a whole state, so
/// that a large state costs a few copies, not one per entry. The log's last entry always holds its state.
///
/// It keeps at most `limit` entries and about `byteLimit` bytes, counted from the entries' encoded size (their
/// changes as the file writes them, a keyframe's state as the page's tree of it). Past either, it drops the oldest
/// entries, up to a keyframe, and moves the log's ``SessionLog/initialState`` to that keyframe's state, so the log
/// still replays exactly; keyframes are at most half of `limit` apart, so that at least half of `limit` entries stay; ``droppedEntryCount``, the log's ``SessionLog/droppedEntryCount`` and the session file say
/// how many were dropped. The figures are in <doc:EffectStoreSessions#Recording>.
///
/// ## Threading and lifetime
///
/// The recorder is a transition observer: it records on the store's queue, in order (<doc:/EffectStore/Threading>).
/// Created from outside any store, it has read the starting state and records every later transition when `init`
/// returns. ``log`` may be read from any thread. The recorder does not keep the store alive; it records until
/// ``stop()`` is called or it is released.
public final class SessionRecorder<S: State>: Sendable {
    /// The most entries kept.
    public let limit: Int
    /// About how many bytes of entries are kept, counted as ``SessionRecorder`` says.
    public let byteLimit: Int
    private let recording: LockedBox<Recording>
    private let token: SubscriptionToken

    /// The byte budget a recorder has when it is given none: 32 MB of entries.
    public static var defaultByteLimit: Int { 32 << 20 }

    /// Starts recording `store`.
    ///
    /// ```swift
    /// let recorder = SessionRecorder(recording: store, limit: 500)
    /// let small = SessionRecorder(recording: store, byteLimit: 4 << 20)   // about 4 MB of entries
    /// let quiet = SessionRecorder(recording: store, redacting: SessionRedaction().replacing(\.password, with: ""))
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store to record. Not kept alive by the recorder.
    ///   - limit: The most entries to keep; past it, the oldest are dropped up to a keyframe, so that between half of
    ///     it and all of it stay (fewer only when `byteLimit` is reached first). At least 1; 10,000 by default.
    ///   - byteLimit: About how many bytes of entries to keep (see ``SessionRecorder``); past it, the oldest are
    ///     dropped. At least 1; ``defaultByteLimit`` (32 MB) by default.
    ///   - redaction: What the session never holds (see ``/EffectStoreLogging/SessionRedaction``): applied to the
    ///     starting state and to each transition's state, event and effect as it is recorded, on the store's queue,
    ///     after the redaction the state declares (``/EffectStoreLogging/SessionRedacting``). None by default.
    public init(
        recording store: Store<S>, limit: Int = 10_000, byteLimit: Int = defaultByteLimit,
        redacting redaction: SessionRedaction<S> = .init()
    ) {
        guard limit > 0, byteLimit > 0 else {
            fatalError(
                "EffectStore: SessionRecorder<\(S.self)> needs a limit of at least 1 entry and 1 byte, not \(limit) "
                    + "entries and \(byteLimit) bytes. To fix, pass the number of entries, or of bytes, to keep.")
        }
        self.limit = limit
        self.byteLimit = byteLimit
        let redaction = (SessionLog<S>.declaredRedaction ?? SessionRedaction()).combined(with: redaction)
        let recording = LockedBox.make(
            Recording(initialState: redaction.redacted(store.state), limit: limit, byteLimit: byteLimit))
        self.recording = recording
        // The observer holds the recording, not the recorder: the recorder holds the token, which holds the observer.
        self.token = store.addObserver(
            { transition in
                var entry = SessionLog.Entry(transition)
                if !redaction.isEmpty {
                    entry.state = entry.state.map(redaction.redacted)
                    entry.event = entry.event.map { redaction.redacted(event: $0) }
                    entry.effect = entry.effect.map { redaction.redacted(effect: $0) }
                }
                recording.withLock { $0.append(entry) }
            },
            onInstall: { state in recording.withLock { $0.start(from: redaction.redacted(state)) } }
        )
    }

    /// The session so far, as a value: a snapshot, safe to read from any thread.
    public var log: SessionLog<S> {
        recording.withLock { $0.log }
    }

    /// How many of the oldest entries have been dropped to stay within ``limit`` and ``byteLimit``. Safe from any
    /// thread.
    public var droppedEntryCount: Int {
        recording.withLock { $0.droppedCount }
    }

    /// About how many bytes the kept entries take, counted as ``SessionRecorder`` says; at most about ``byteLimit``.
    /// Safe from any thread.
    public var byteCount: Int {
        recording.withLock { $0.bytes }
    }

    /// Stops recording; the log keeps what was recorded.
    ///
    /// ```swift
    /// recorder.stop()
    /// let session = recorder.log
    /// ```
    ///
    /// Called from outside any store, no transition is recorded after this returns (see
    /// ``/EffectStore/SubscriptionToken/cancel()``).
    public func stop() {
        token.cancel()
    }

    /// The entries kept: each with what changed, by path, as the file's JSON; the state at keyframes only.
    private struct Recording {
        /// An entry as kept: without its state between keyframes, with what changed as JSON, and what it counts.
        struct Kept {
            var entry: SessionLog<S>.Entry
            var changes: Data
            var bytes: Int
        }

        var initialState: S
        /// The state after the last entry (or the initial state): what the next entry's changes start from.
        var lastState: S
        let limit: Int
        let byteLimit: Int
        /// The kept entries from `first` on; those before it are dropped, and removed in batches.
        var kept: [Kept] = []
        var first = 0
        var bytes = 0
        var droppedCount = 0
        /// The size of the last keyframe's state, and of the changes kept since: a keyframe is due when they weigh
        /// as much.
        var keyframeBytes: Int
        var changeBytesSinceKeyframe = 0
        var entriesSinceKeyframe = 0

        /// How many entries apart keyframes are at most: the file's interval, or half the limit when that is smaller,
        /// so that dropping the oldest entries up to a keyframe keeps at least half of `limit` entries.
        var keyframeInterval: Int { min(SessionLog<S>.keyframeInterval, max(1, limit / 2)) }

        init(initialState: S, limit: Int, byteLimit: Int) {
            self.initialState = initialState
            self.lastState = initialState
            self.limit = limit
            self.byteLimit = byteLimit
            self.keyframeBytes = Self.size(of: initialState)
        }

        /// Starts again from `state`, the store's state when the recorder was installed.
        mutating func start(from state: S) {
            initialState = state
            lastState = state
            keyframeBytes = Self.size(of: state)
        }

        /// What a state counts: the size of its tree as the page's JSON holds it.
        static func size(of state: S) -> Int {
            let output = SessionJSONOutput(file: nil)
            SessionView.writeNode(state, to: output)
            return output.data.count
        }

        mutating func append(_ entry: SessionLog<S>.Entry) {
            var entry = entry
            let state = entry.state ?? lastState
            let output = SessionJSONOutput(file: nil)
            SessionView.writeChanges(from: lastState, to: state, output: output)
            let changes = output.data
            var bytes = MemoryLayout<Kept>.stride + changes.count
            changeBytesSinceKeyframe += changes.count
            let isKeyframe =
                entry.origin == .undo || entry.origin == .redo || changeBytesSinceKeyframe >= keyframeBytes
                || entriesSinceKeyframe + 1 >= keyframeInterval
            if isKeyframe {
                keyframeBytes = Self.size(of: state)
                bytes += keyframeBytes
                changeBytesSinceKeyframe = 0
                entriesSinceKeyframe = 0
            } else {
                entriesSinceKeyframe += 1
                entry.state = nil
            }
            entry.isRedactedByRecorder = true
            lastState = state
            kept.append(Kept(entry: entry, changes: changes, bytes: bytes))
            self.bytes += bytes
            dropOldestIfNeeded()
        }

        /// Drops the oldest entries, up to a keyframe (or the last entry, whose state is `lastState`), while there are
        /// more than `limit` or they count more than `byteLimit`.
        mutating func dropOldestIfNeeded() {
            while kept.count - first > limit || (bytes > byteLimit && kept.count > first) {
                var end = first
                while end < kept.count - 1, kept[end].entry.state == nil { end += 1 }
                initialState = kept[end].entry.state ?? lastState
                for index in first...end { bytes -= kept[index].bytes }
                droppedCount += end - first + 1
                first = end + 1
            }
            if first > 1_024, first * 2 > kept.count {
                kept.removeFirst(first)
                first = 0
            }
        }

        var log: SessionLog<S> {
            var entries: [SessionLog<S>.Entry] = []
            entries.reserveCapacity(kept.count - first)
            for index in kept.indices.dropFirst(first) {
                var entry = kept[index].entry
                entry.recordedChanges = try? JSONValue(json: kept[index].changes)
                entries.append(entry)
            }
            if !entries.isEmpty { entries[entries.count - 1].state = lastState }
            return SessionLog(initialState: initialState, entries: entries, droppedEntryCount: droppedCount)
        }
    }
}
