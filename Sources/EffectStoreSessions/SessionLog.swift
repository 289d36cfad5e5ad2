import EffectStore
import EffectStoreLogging
import Foundation

/// A recorded session of a store: the state it started from and every transition it took, in order — the events
/// it handled, including the ones effects answered with, and its undos and redos — each with the state after it and
/// the effect the state asked for.
///
/// A ``SessionRecorder`` makes one. Because effects' answers are in the log as events, the session can be replayed into
/// the pure ``/EffectStore/State`` with no effect handler (``replay()``), which must reproduce every recorded state —
/// and, where the entries record them, every effect; the `EffectStoreTesting` helper `assertReplayMatchesRecording`
/// turns that into a regression test. When the state and its events are `Codable`, the log reads and writes JSON:
///
/// ```swift
/// let recorder = SessionRecorder(recording: store)
/// // … use the app …
/// try recorder.log.write(to: URL(fileURLWithPath: "session.json"))
///
/// let session = try SessionLog<ProcessState>(contentsOf: URL(fileURLWithPath: "session.json"))
/// let replayed = session.replay()          // the same states, from the pure state alone
/// ```
///
/// ## The session file
///
/// ``write(to:)`` streams the log to the file, one entry a line, and keeps it small: an entry holds what changed from
/// the state before (`.rows[id: 500].isOn → true`, by path, as the diffs write it), and the whole state only every
/// 500 entries, at the last, and at each undo and redo — the keyframes a replay and the inspector start from. Each
/// entry holds its event as `Codable` writes it and as Swift writes it, and its effect, of any effect type: as Swift
/// writes it (plans in operator syntax), what it asks the store to start and cancel by which id, and — when every
/// effect and id in it is `Codable` — a form that a replay compares. Effects whose ids or values are not `Codable`
/// are still recorded and shown; the file says once that a replay cannot compare them. Secrets never reach the file:
/// see ``/EffectStoreLogging/SessionRedaction``.
///
/// A log read from a file, and one a ``SessionRecorder`` made, has each entry's ``Entry/state`` at keyframes only; the
/// entries between hold what changed, which a replay compares (``ReplayStep/matchesRecording``). Files of format 1, which held every state whole, still
/// read.
///
/// A log is a plain value, `Sendable` like its state.
public struct SessionLog<S: State>: Sendable {
    /// The state the session starts from: the store's state when recording began or, once the recorder dropped
    /// its oldest entries, the state right after the last dropped one.
    public var initialState: S
    /// The transitions, oldest first.
    public var entries: [Entry]
    /// How many of the oldest entries the recorder dropped to stay within its limits (entries and bytes); 0 when the
    /// log is complete.
    public var droppedEntryCount: Int

    /// Creates a log.
    ///
    /// ```swift
    /// let log = SessionLog<CounterState>(initialState: .idle(count: 0), entries: [])
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state the session starts from.
    ///   - entries: The transitions, oldest first.
    ///   - droppedEntryCount: How many older entries were dropped before `entries`; 0 by default.
    public init(initialState: S, entries: [Entry] = [], droppedEntryCount: Int = 0) {
        self.initialState = initialState
        self.entries = entries
        self.droppedEntryCount = droppedEntryCount
    }

    /// Whether the recorder dropped entries, so the log starts later than the recording did.
    public var hasDroppedEntries: Bool { droppedEntryCount > 0 }

    /// The last recorded state: that of the last entry that holds one (a log read from a file, or a recorder's, holds
    /// the last entry's), or ``initialState`` when there is none.
    public var finalState: S { entries.last(where: { $0.state != nil })?.state ?? initialState }

    /// One recorded transition: what happened, the state the store committed after it, and the effect the state asked
    /// for.
    ///
    /// ```swift
    /// for entry in recorder.log.entries where entry.origin == .effect {
    ///     print("#\(entry.sequenceNumber)", entry.event as Any, "→", entry.state)   // what the effects answered
    /// }
    /// ```
    public struct Entry: Sendable {
        /// The transition's number in its store (see ``/EffectStore/StoreTransition/sequenceNumber``).
        public var sequenceNumber: UInt64
        /// When the store committed the state.
        public var time: Date
        /// Where the event came from, or ``/EffectStore/TransitionOrigin/undo`` /
        /// ``/EffectStore/TransitionOrigin/redo``.
        public var origin: TransitionOrigin
        /// The event; `nil` exactly for an undo or a redo.
        public var event: S.Event?
        /// The state the store committed after this transition, at keyframes only, and `nil` between them, where the
        /// entry holds what changed instead: in an entry read from a session file, every 500th entry, the last, each
        /// undo and redo; in one a ``SessionRecorder`` made, the keyframes it keeps (see its "Bounded in bytes"), the
        /// last entry, each undo and redo. An entry made with `init` holds it.
        ///
        /// ```swift
        /// let keyframes = log.entries.compactMap(\.state)
        /// ```
        public var state: S?
        /// The effect ``/EffectStore/State/handle(event:)`` returned — a plan, when the effect type carries one —
        /// or `nil` for none. Meaningful only when ``hasRecordedEffect`` is `true`.
        ///
        /// ```swift
        /// for entry in log.entries where entry.hasRecordedEffect { print(entry.event as Any, entry.effect as Any) }
        /// ```
        public var effect: S.Effect?
        /// Whether the entry records the effect: `true` for an entry a ``SessionRecorder`` made and for one read from
        /// a file that has it; `false` for an entry made without one, and for one read from a file written before
        /// effects were recorded. A replay compares effects only where this is `true`.
        ///
        /// Read from a file, an effect of a type that is `Decodable` and carries no plan is in ``effect``; any other
        /// (a plan, an id or a value that is not `Codable`) is there only as ``effectDescription``, and a replay
        /// compares it through its recorded form where it has one.
        public var hasRecordedEffect: Bool

        /// What changed at this entry, as the file or the recorder recorded it; `nil` in an entry made with `init`.
        var recordedChanges: JSONValue?
        /// Whether a ``SessionRecorder`` made the entry, with the redaction the state declares applied already: a write
        /// takes its changes as they are.
        var isRedactedByRecorder = false
        /// The effect as the file recorded it (see `EffectRecord`): its text, its starts and cancellations and, when
        /// it has one, its comparable form (`"value"`).
        var recordedEffect: JSONValue?

        /// The effect as Swift writes it, plans in operator syntax — `search("swift").cancellable(id: "search")` —
        /// or `nil` when the entry records no effect, or that the state returned none.
        ///
        /// ```swift
        /// for entry in session.entries { print(entry.event as Any, "→", entry.effectDescription ?? "none") }
        /// ```
        public var effectDescription: String? {
            if let text = recordedEffect?["text"]?.stringValue { return text }
            return effect.map { EffectRecord($0).text }
        }

        /// Creates an entry that does not record the effect (see ``hasRecordedEffect``).
        ///
        /// ```swift
        /// let entry = SessionLog<CounterState>.Entry(
        ///     sequenceNumber: 1, time: Date(), origin: .dispatch, event: .increment, state: .saving(count: 1)
        /// )
        /// ```
        ///
        /// - Parameters:
        ///   - sequenceNumber: The transition's number in its store.
        ///   - time: When the state was committed.
        ///   - origin: Where the event came from.
        ///   - event: The event; `nil` for an undo or a redo.
        ///   - state: The state after the transition.
        public init(sequenceNumber: UInt64, time: Date, origin: TransitionOrigin, event: S.Event?, state: S) {
            self.sequenceNumber = sequenceNumber
            self.time = time
            self.origin = origin
            self.event = event
            self.state = state
            self.effect = nil
            self.hasRecordedEffect = false
        }

        /// Creates an entry that records the effect the state returned.
        ///
        /// ```swift
        /// let entry = SessionLog<CounterState>.Entry(
        ///     sequenceNumber: 1, time: Date(), origin: .dispatch, event: .increment, state: .saving(count: 1),
        ///     effect: .save(1)
        /// )
        /// ```
        ///
        /// - Parameters:
        ///   - sequenceNumber: The transition's number in its store.
        ///   - time: When the state was committed.
        ///   - origin: Where the event came from.
        ///   - event: The event; `nil` for an undo or a redo.
        ///   - state: The state after the transition.
        ///   - effect: The effect ``/EffectStore/State/handle(event:)`` returned, or `nil` for none (and for an undo or
        ///     a redo).
        public init(
            sequenceNumber: UInt64, time: Date, origin: TransitionOrigin, event: S.Event?, state: S, effect: S.Effect?
        ) {
            self.init(sequenceNumber: sequenceNumber, time: time, origin: origin, event: event, state: state)
            self.effect = effect
            self.hasRecordedEffect = true
        }

        /// The entry that records `transition`.
        ///
        /// ```swift
        /// let entry = SessionLog.Entry(transition)   // in a transition observer
        /// ```
        ///
        /// - Parameter transition: A transition a store took.
        public init(_ transition: StoreTransition<S>) {
            self.init(
                sequenceNumber: transition.sequenceNumber, time: transition.time, origin: transition.origin,
                event: transition.event, state: transition.to, effect: transition.effect
            )
        }
    }
}

extension SessionLog.Entry: Codable where S: Codable, S.Event: Codable {
    private enum CodingKeys: String, CodingKey {
        case sequenceNumber, time, origin, event, state, effect, changes
    }

    /// Decodes an entry of a session file, of format 2 (it has `"changes"`) or 1 (every state whole).
    ///
    /// `event` may be absent only for an undo or a redo. An entry of format 2 holds `"state"` at keyframes only; an
    /// undo or a redo always holds it, since a replay restores it. The `"effect"` key says the entry records its
    /// effect (`null` for none); without it — a file written before effects were recorded — it does not (see
    /// ``hasRecordedEffect``).
    ///
    /// An entry from ``/EffectStore/TransitionOrigin/dispatch``, ``/EffectStore/TransitionOrigin/effect`` or
    /// ``/EffectStore/TransitionOrigin/eventSource`` without an event fails to decode, naming the entry: replaying it
    /// could only restore the recorded state, so the replay would pass whatever the state's logic does.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: A `DecodingError` when a field is missing or malformed, or an event is missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let origin = try container.decode(TransitionOrigin.self, forKey: .origin)
        let event = try container.decodeIfPresent(S.Event.self, forKey: .event)
        let index = decoder.codingPath.last?.intValue.map { "entry \($0)" } ?? "an entry"
        func missing(_ key: CodingKeys, _ problem: String) -> DecodingError {
            DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "SessionLog<\(S.self)>: \(index) (origin \(origin.rawValue)) \(problem) To fix, "
                        + "record the session again."))
        }
        if event == nil, origin != .undo, origin != .redo {
            throw missing(.event, "has no event; only an undo or a redo is recorded without one.")
        }
        let changes = try container.decodeIfPresent(JSONValue.self, forKey: .changes)
        let state = try container.decodeIfPresent(S.self, forKey: .state)
        if state == nil {
            if changes == nil { throw missing(.state, "has neither its state nor what changed.") }
            if origin == .undo || origin == .redo {
                throw missing(.state, "has no state; an undo or a redo records the state it restores.")
            }
        }
        self.init(
            sequenceNumber: try container.decode(UInt64.self, forKey: .sequenceNumber),
            time: try container.decode(Date.self, forKey: .time),
            origin: origin,
            event: event,
            state: state ?? Self.placeholder
        )
        self.state = state
        recordedChanges = changes
        guard container.contains(.effect) else { return }
        hasRecordedEffect = true
        guard try !container.decodeNil(forKey: .effect) else { return }
        guard changes != nil else {
            // Format 1: the effect as its own type encodes it, when that type is Decodable.
            if let effectType = S.Effect.self as? any Decodable.Type {
                effect = try Self.decodeEffect(effectType, from: container.superDecoder(forKey: .effect))
            } else {
                hasRecordedEffect = false
            }
            return
        }
        let form = try container.decode(JSONValue.self, forKey: .effect)
        guard form["text"]?.stringValue != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .effect, in: container,
                debugDescription: "SessionLog<\(S.self)>: \(index) records an effect without its \"text\". To fix, "
                    + "record the session again.")
        }
        recordedEffect = form
        if let effectType = S.Effect.self as? any Decodable.Type, let leaf = form["value"]?["effect"],
            case .object(let keys)? = form["value"], keys.count == 1
        {
            effect = try? Self.decodeEffect(effectType, from: leaf.jsonData)
        }
    }

    /// A state to fill the entry with until `state` is set: never read.
    private static var placeholder: S { S.initialState }

    /// Decodes the effect as `type`, which is `S.Effect`.
    private static func decodeEffect<E: Decodable>(_ type: E.Type, from decoder: any Decoder) throws -> S.Effect? {
        try E(from: decoder) as? S.Effect
    }

    /// Decodes the effect from JSON as `type`, which is `S.Effect`.
    private static func decodeEffect<E: Decodable>(_ type: E.Type, from json: Data) throws -> S.Effect? {
        try JSONDecoder().decode(E.self, from: json) as? S.Effect
    }

    /// Encodes the entry as ``SessionLog/write(to:)`` writes it in a session of one entry (see
    /// ``SessionLog/encode(to:)``).
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        let log = SessionLog(initialState: state ?? S.initialState, entries: [self])
        let entries = try JSONValue(json: log.jsonData())["entries"]?.arrayValue ?? []
        try (entries.first ?? .null).encode(to: encoder)
    }
}

extension SessionLog: Codable where S: Codable, S.Event: Codable {
    private enum CodingKeys: String, CodingKey {
        case formatVersion, initialState, droppedEntryCount, entries
    }

    /// The version of the encoded form that ``write(to:)`` writes: 2, an entry holding what changed. Format 1, every
    /// state whole, still reads.
    static var formatVersion: Int { 2 }

    /// Decodes a log written by ``write(to:)``, ``jsonData()`` or ``encode(to:)``, of format 2 or 1.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: A `DecodingError` that says what is wrong: another format, a missing field, an entry without its
    ///   event or state.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let version = try? container.decode(Int.self, forKey: .formatVersion) else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "SessionLog: \"formatVersion\" is missing or not a whole number; a session file "
                    + "written by SessionLog.write(to:) starts with it. To fix, record the session again.")
        }
        guard version == 1 || version == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "SessionLog format \(version) is not supported; this version reads formats 1 and "
                    + "\(Self.formatVersion). To fix, record the session again with this version of EffectStore.")
        }
        self.init(
            initialState: try container.decode(S.self, forKey: .initialState),
            entries: try container.decode([Entry].self, forKey: .entries),
            droppedEntryCount: try container.decode(Int.self, forKey: .droppedEntryCount)
        )
    }

    /// Encodes the log in the form ``write(to:)`` writes (format 2), for an encoder of your own. ``write(to:)`` and
    /// ``jsonData()`` write the same, faster, without building it as a value first.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        try JSONValue(json: jsonData()).encode(to: encoder)
    }

    /// The log as JSON (format 2): what ``write(to:)`` writes, in memory. Keys are sorted within each entry, one entry
    /// a line, so that a committed fixture diffs well; times as `Date` encodes them by default (seconds since
    /// 2001-01-01), which reads back exactly.
    ///
    /// ```swift
    /// let data = try recorder.log.jsonData()
    /// ```
    ///
    /// - Returns: UTF-8 JSON that ``init(jsonData:)`` reads back.
    /// - Throws: An `EncodingError` when a state or an event fails to encode.
    public func jsonData() throws -> Data {
        let output = SessionJSONOutput(file: nil)
        try write(into: output, keyframeInterval: Self.keyframeInterval)
        return output.data
    }

    /// Reads a log from JSON written by ``jsonData()`` or ``write(to:)``.
    ///
    /// ```swift
    /// let session = try SessionLog<ProcessState>(jsonData: data)
    /// ```
    ///
    /// - Parameter jsonData: UTF-8 JSON.
    /// - Throws: A `DecodingError` when the data is not such a log for `S`, or an object in it holds a key twice.
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: jsonData)
        // Valid JSON, so the scan can trust its nesting; readers disagree on which copy of a key counts.
        if let duplicate = SessionInspector.firstDuplicateKey(in: jsonData) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [],
                    debugDescription: "SessionLog<\(S.self)>: the data holds the key \"\(duplicate.key)\" twice in one "
                        + "object (the second at byte \(duplicate.offset)); readers disagree on which copy counts. "
                        + "SessionLog.write(to:) never writes such a file; to fix, record the session again."))
        }
    }

    /// Writes the log to a file as JSON (format 2; see ``SessionLog``), replacing the file if it exists: streamed a
    /// chunk at a time into a file beside it, which then takes its place, so that a long session is never built whole
    /// in memory and a reader never sees half a file.
    ///
    /// ```swift
    /// try recorder.log.write(to: URL(fileURLWithPath: "Fixtures/session.json"))
    /// ```
    ///
    /// Secrets that the state declares (``/EffectStoreLogging/SessionRedacting``) are replaced before anything is written, in a log
    /// read back from a file too (its entries between keyframes are replayed to get their states back, and the write
    /// is refused, naming the entry, where today's logic does not give back what the file recorded); a recorder
    /// has replaced those it was given already (what is redacted where, and what is not:
    /// <doc:EffectStoreSessions#What-is-redacted-where-and-what-is-not>). A time that is not finite is refused, and no
    /// file is written. Runs on the calling thread.
    ///
    /// - Parameter url: A file URL.
    /// - Throws: An encoding error — naming the entry, never holding it — or the error of writing the file.
    public func write(to url: URL) throws {
        try write(to: url, keyframeInterval: Self.keyframeInterval)
    }

    /// Reads a log from a JSON file written by ``write(to:)``.
    ///
    /// ```swift
    /// let session = try SessionLog<ProcessState>(contentsOf: fixtureURL)
    /// ```
    ///
    /// - Parameter url: A file URL.
    /// - Throws: The error of reading the file, or a `DecodingError`.
    public init(contentsOf url: URL) throws {
        try self.init(jsonData: try Data(contentsOf: url))
    }
}

extension SessionLog.Entry: Equatable where S: Equatable, S.Event: Equatable {
    /// Whether two entries record the same transition: the same sequence number, time, origin, event and state (both
    /// `nil`, or equal).
    ///
    /// The effect is not compared: its type need not be `Equatable`, and a log written and read back with an effect
    /// type that is not `Codable` has it as a description only, yet records the same session.
    /// `assertReplayMatchesRecording` (in EffectStoreTesting) checks recorded effects against the state logic.
    ///
    /// - Returns: `true` when the transitions are the same.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sequenceNumber == rhs.sequenceNumber && lhs.time == rhs.time && lhs.origin == rhs.origin
            && lhs.event == rhs.event && lhs.state == rhs.state
    }
}

extension SessionLog: Equatable where S: Equatable, S.Event: Equatable {}
