import EffectStore
import EffectStoreLogging

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
/// event source, whether or not it changed the state — and every undo and redo, each with the state after it and the
/// effect the state returned.
/// That is everything a replay needs: see ``SessionLog/replay()``.
///
/// ## Bounded
///
/// It keeps at most `limit` entries. Past that, it drops the oldest entry and moves the log's
/// ``SessionLog/initialState`` to the state after it, so the log still replays; ``droppedEntryCount`` and the log's
/// ``SessionLog/droppedEntryCount`` say how many were dropped.
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
    private let recording: LockedBox<Recording>
    private let token: SubscriptionToken

    /// Starts recording `store`.
    ///
    /// ```swift
    /// let recorder = SessionRecorder(recording: store, limit: 500)
    /// let quiet = SessionRecorder(recording: store, redacting: SessionRedaction().replacing(\.password, with: ""))
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store to record. Not kept alive by the recorder.
    ///   - limit: The most entries to keep; past it, the oldest are dropped. At least 1; 10,000 by default.
    ///   - redaction: What the session never holds (see ``/EffectStoreLogging/SessionRedaction``): applied to the starting state and to
    ///     each transition's state, event and effect as it is recorded, on the store's queue, after the redaction the
    ///     state declares (``/EffectStoreLogging/SessionRedacting``). None by default.
    public init(recording store: Store<S>, limit: Int = 10_000, redacting redaction: SessionRedaction<S> = .init()) {
        guard limit > 0 else {
            fatalError(
                "EffectStore: SessionRecorder<\(S.self)> needs a limit of at least 1, not \(limit). To fix, pass the "
                    + "number of entries to keep.")
        }
        self.limit = limit
        let redaction = (SessionLog<S>.declaredRedaction ?? SessionRedaction()).combined(with: redaction)
        let recording = LockedBox.make(Recording(initialState: redaction.redacted(store.state), limit: limit))
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
            onInstall: { state in recording.withLock { $0.initialState = redaction.redacted(state) } }
        )
    }

    /// The session so far, as a value: a snapshot, safe to read from any thread.
    public var log: SessionLog<S> {
        recording.withLock { $0.log }
    }

    /// How many of the oldest entries have been dropped to stay within ``limit``. Safe from any thread.
    public var droppedEntryCount: Int {
        recording.withLock { $0.droppedCount }
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

    /// The entries in a ring buffer, so that dropping the oldest costs nothing.
    private struct Recording {
        var initialState: S
        let limit: Int
        var ring: [SessionLog<S>.Entry] = []
        /// Where the oldest entry is, once the ring is full.
        var head = 0
        var droppedCount = 0

        init(initialState: S, limit: Int) {
            self.initialState = initialState
            self.limit = limit
        }

        mutating func append(_ entry: SessionLog<S>.Entry) {
            guard ring.count == limit else {
                ring.append(entry)
                return
            }
            initialState = ring[head].state ?? initialState  // a recorder's entries always hold their state
            ring[head] = entry
            head = (head + 1) % limit
            droppedCount += 1
        }

        var log: SessionLog<S> {
            SessionLog(
                initialState: initialState, entries: Array(ring[head...] + ring[..<head]),
                droppedEntryCount: droppedCount
            )
        }
    }
}
