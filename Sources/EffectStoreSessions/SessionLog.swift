import EffectStore
import Foundation

/// A recorded session of a store: the state it started from and every transition it took, in order — the events
/// it handled, including the ones effects answered with, and its undos and redos — each with the state after it and
/// the effect the state asked for.
///
/// A ``SessionRecorder`` makes one. Because effects' answers are in the log as events, the session can be replayed into
/// the pure ``/EffectStore/State`` with no effect handler (``replay()``), which must reproduce every recorded state —
/// and, where the entries record them, every effect; the `EffectStoreTesting` helper `assertReplayMatchesRecording`
/// turns that into a regression test. Effects are written to JSON when the effect type is `Codable` (a type whose
/// effect carries an ``/EffectStore/EffectPlan`` usually is not, and its log is written without effects); a file
/// written without effects still reads back, and its replay checks the states. When the state and its events are
/// `Codable`, so is the log, and it reads and writes JSON:
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
/// A log is a plain value, `Sendable` like its state.
public struct SessionLog<S: State>: Sendable {
    /// The state the session starts from: the store's state when recording began or, once the recorder dropped
    /// its oldest entries, the state right after the last dropped one.
    public var initialState: S
    /// The transitions, oldest first.
    public var entries: [Entry]
    /// How many of the oldest entries the recorder dropped to stay within its limit; 0 when the log is complete.
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

    /// The last recorded state: that of the last entry, or ``initialState`` when there is none.
    public var finalState: S { entries.last?.state ?? initialState }

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
        /// The state the store committed after this transition.
        public var state: S
        /// The effect ``/EffectStore/State/handle(event:)`` returned — a plan, when the effect type carries one —
        /// or `nil` for none. Meaningful only when ``hasRecordedEffect`` is `true`.
        ///
        /// ```swift
        /// for entry in log.entries where entry.hasRecordedEffect { print(entry.event as Any, "→", entry.effect as Any) }
        /// ```
        public var effect: S.Effect?
        /// Whether the entry records the effect: `true` for an entry a ``SessionRecorder`` made and for one read from
        /// a file that has it; `false` for an entry made without one, and for one read from a file written before
        /// effects were recorded (or whose effect type is not `Codable`). A replay compares effects only where this
        /// is `true`.
        public var hasRecordedEffect: Bool

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
        case sequenceNumber, time, origin, event, state, effect
    }

    /// Decodes an entry; `event` may be absent only for an undo or a redo.
    ///
    /// When the effect type is `Decodable` and the entry has an `"effect"` key (`null` for none), the entry records
    /// the effect; without the key — a file written before effects were recorded — it does not (see
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
        if event == nil, origin != .undo, origin != .redo {
            let index = decoder.codingPath.last?.intValue.map { "entry \($0)" } ?? "an entry"
            throw DecodingError.keyNotFound(
                CodingKeys.event,
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "SessionLog<\(S.self)>: \(index) (origin \(origin.rawValue)) has no event; "
                        + "only an undo or a redo is recorded without one. To fix, record the session again, or "
                        + "restore the entry's \"event\"."
                )
            )
        }
        self.init(
            sequenceNumber: try container.decode(UInt64.self, forKey: .sequenceNumber),
            time: try container.decode(Date.self, forKey: .time),
            origin: origin,
            event: event,
            state: try container.decode(S.self, forKey: .state)
        )
        if let effectType = S.Effect.self as? any Decodable.Type, container.contains(.effect) {
            hasRecordedEffect = true
            if try !container.decodeNil(forKey: .effect) {
                effect = try Self.decodeEffect(effectType, from: container)
            }
        }
    }

    /// Decodes the `"effect"` value as `type`, which is `S.Effect`.
    private static func decodeEffect<E: Decodable>(
        _ type: E.Type, from container: KeyedDecodingContainer<CodingKeys>
    ) throws -> S.Effect? {
        try container.decode(type, forKey: .effect) as? S.Effect
    }

    /// Encodes the entry; `event` is left out for an undo or a redo, `effect` (`null` for none) when the entry
    /// records it and the effect type is `Encodable`.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequenceNumber, forKey: .sequenceNumber)
        try container.encode(time, forKey: .time)
        try container.encode(origin, forKey: .origin)
        try container.encodeIfPresent(event, forKey: .event)
        try container.encode(state, forKey: .state)
        guard hasRecordedEffect, S.Effect.self is any Encodable.Type else { return }
        if let effect = effect as? any Encodable {
            try container.encode(effect, forKey: .effect)
        } else {
            try container.encodeNil(forKey: .effect)
        }
    }
}

extension SessionLog: Codable where S: Codable, S.Event: Codable {
    private enum CodingKeys: String, CodingKey {
        case formatVersion, initialState, droppedEntryCount, entries
    }

    /// The version of the encoded form; decoding another version fails.
    static var formatVersion: Int { 1 }

    /// Decodes a log written by ``encode(to:)``.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .formatVersion)
        guard version == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "SessionLog format \(version) is not supported; this version reads format "
                    + "\(Self.formatVersion). To fix, record the session again with this version of EffectStore."
            )
        }
        self.init(
            initialState: try container.decode(S.self, forKey: .initialState),
            entries: try container.decode([Entry].self, forKey: .entries),
            droppedEntryCount: try container.decode(Int.self, forKey: .droppedEntryCount)
        )
    }

    /// Encodes the log, with a format version.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .formatVersion)
        try container.encode(initialState, forKey: .initialState)
        try container.encode(droppedEntryCount, forKey: .droppedEntryCount)
        try container.encode(entries, forKey: .entries)
    }

    /// The log as JSON: pretty-printed with sorted keys, so that a committed fixture diffs well; times as `Date`
    /// encodes them by default (seconds since 2001-01-01), which reads back exactly.
    ///
    /// ```swift
    /// let data = try recorder.log.jsonData()
    /// ```
    ///
    /// - Returns: UTF-8 JSON that ``init(jsonData:)`` reads back.
    /// - Throws: An `EncodingError` when a state or an event fails to encode.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a log from JSON written by ``jsonData()``.
    ///
    /// ```swift
    /// let session = try SessionLog<ProcessState>(jsonData: data)
    /// ```
    ///
    /// - Parameter jsonData: UTF-8 JSON.
    /// - Throws: A `DecodingError` when the data is not such a log for `S`.
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: jsonData)
    }

    /// Writes the log to a file as JSON (see ``jsonData()``), replacing the file if it exists.
    ///
    /// ```swift
    /// try recorder.log.write(to: URL(fileURLWithPath: "Fixtures/session.json"))
    /// ```
    ///
    /// - Parameter url: A file URL.
    /// - Throws: An encoding error, or the error of writing the file.
    public func write(to url: URL) throws {
        try jsonData().write(to: url, options: .atomic)
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
    /// Whether two entries record the same transition: the same sequence number, time, origin, event and state.
    ///
    /// The effect is not compared: its type need not be `Equatable`, and a log written and read back with an effect
    /// type that is not `Codable` has none, yet records the same session. `assertReplayMatchesRecording` (in
    /// EffectStoreTesting) checks recorded effects against the state logic.
    ///
    /// - Returns: `true` when the transitions are the same.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sequenceNumber == rhs.sequenceNumber && lhs.time == rhs.time && lhs.origin == rhs.origin
            && lhs.event == rhs.event && lhs.state == rhs.state
    }
}

extension SessionLog: Equatable where S: Equatable, S.Event: Equatable {}
