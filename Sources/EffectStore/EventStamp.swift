import Foundation

/// Fresh ids and the current time, taken where an event is made, so that the transition that needs them has them —
/// and the state stays pure.
///
/// A state never asks for a `UUID()` or a `Date()`: it would not be a function of its events any more, and a test
/// could not write what it returns. An event that creates something carries the id and the time instead, stamped by
/// the view or the event source that sends it, and a test sends the values it wants:
///
/// ```swift
/// enum Event: Sendable { case endMeetingTapped(EventStamp) /* … */ }
///
/// // In the state: one transition, no round trip through an effect handler.
/// case .endMeetingTapped(let stamp):
///     let record = Meeting(id: stamp.id, date: stamp.date, transcript: transcript)
///     return .tell(.meetingEnded(record))
///
/// // In the view:
/// Button("End meeting") { model.send(.endMeetingTapped(stamper.stamp())) }
///
/// // In a test:
/// store.send(.endMeetingTapped(EventStamp(id: UUID(number: 0), date: Date(timeIntervalSince1970: 0)))) { … }
/// ```
///
/// An event that needs several ids — a new meeting and its first attendee — carries a stamp of several
/// (``EventStamper/stamp(ids:)``, ``init(ids:date:)``), read with ``id(_:)``. A button whose action is fixed data —
/// an alert's — gets the time of its tap from ``EventStamper/stamping(_:)``, which stamps the event when the view
/// makes it.
///
/// The ``EventStamper`` that stamps is chosen where the app is put together: ``EventStamper/live`` in the app,
/// ``EventStamper/incrementing(from:step:)`` in previews and in tests of real stores.
public struct EventStamp: Hashable, Codable, Sendable {
    /// The stamp's ids, in order: at least one. The first is ``id``.
    ///
    /// ```swift
    /// stamper.stamp(ids: 2).ids.count   // 2
    /// ```
    public private(set) var ids: [UUID]
    /// The time the event was made.
    public var date: Date

    /// A fresh id: the first of ``ids``.
    ///
    /// ```swift
    /// case .addTapped(let stamp): addForm = MeetingForm(meeting: Meeting(id: stamp.id))
    /// ```
    public var id: UUID {
        get { ids[0] }
        set { ids[0] = newValue }
    }

    /// A stamp of `id` and `date`.
    ///
    /// - Parameters:
    ///   - id: The id.
    ///   - date: The time.
    public init(id: UUID, date: Date) {
        self.ids = [id]
        self.date = date
    }

    /// A stamp of several ids and `date`, for an event that creates several things.
    ///
    /// ```swift
    /// // A new meeting and its first attendee, in a test:
    /// store.send(.addTapped(EventStamp(ids: [UUID(number: 1), UUID(number: 2)], date: .distantPast))) { … }
    /// ```
    ///
    /// - Parameters:
    ///   - ids: The ids, in order; at least one. An empty list stops with a message: a stamp always has an id.
    ///   - date: The time.
    public init(ids: [UUID], date: Date) {
        guard !ids.isEmpty else {
            fatalError("EventStamp(ids: [], date:): a stamp has at least one id. To fix, pass the ids the event needs.")
        }
        self.ids = ids
        self.date = date
    }

    /// The id at `position` of ``ids``: `id(0)` is ``id``, `id(1)` the next.
    ///
    /// ```swift
    /// case .addTapped(let stamp):
    ///     addForm = MeetingForm(meeting: Meeting(id: stamp.id, attendees: [Attendee(id: stamp.id(1))]))
    /// ```
    ///
    /// A stamp with fewer ids is a stamper's mistake — the event was stamped with too few — and stops with a message
    /// that says how to fix it.
    ///
    /// - Parameter position: The id's position, from `0`.
    /// - Returns: The id.
    public func id(_ position: Int) -> UUID {
        guard ids.indices.contains(position) else {
            fatalError(
                """
                EventStamp: id(\(position)) was asked of a stamp with \(ids.count) id(s). The event needs \
                \(position + 1): to fix, stamp it with `stamper.stamp(ids: \(position + 1))` (or \
                `stamper.stamping(ids: \(position + 1), …)`), and in a test write EventStamp(ids:date:) with that many.
                """)
        }
        return ids[position]
    }

    private enum CodingKeys: String, CodingKey { case id, moreIDs, date }

    /// Decodes what ``encode(to:)`` writes: `{"id": …, "date": …}`, with `"moreIDs"` for a stamp of several ids.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ids = [try container.decode(UUID.self, forKey: .id)]
        ids += try container.decodeIfPresent([UUID].self, forKey: .moreIDs) ?? []
        date = try container.decode(Date.self, forKey: .date)
    }

    /// Encodes the first id and the date, and the other ids, if any, as `"moreIDs"`: a stamp of one id is written as
    /// it always was.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        if ids.count > 1 { try container.encode(Array(ids.dropFirst()), forKey: .moreIDs) }
        try container.encode(date, forKey: .date)
    }
}

/// Makes ``EventStamp``s: fresh ids and the current time, for events that create something.
///
/// ```swift
/// let stamper = EventStamper.live                                   // UUID() and Date()
/// let preview = EventStamper.incrementing(from: Date(timeIntervalSince1970: 0))   // the same stamps every run
/// ```
///
/// Thread-safe: `stamp()` may be called from any thread; an incrementing stamper gives each stamp once, in the order
/// of the calls.
public struct EventStamper: Sendable {
    /// Makes a stamp of the given number of ids (at least one).
    private let make: @Sendable (Int) -> EventStamp

    /// A stamper whose ids and times come from `id` and `date`.
    ///
    /// ```swift
    /// let stamper = EventStamper(id: { UUID() }, date: { clock.now })
    /// ```
    ///
    /// - Parameters:
    ///   - id: Makes a fresh id; called once per id of a stamp, on the caller's thread.
    ///   - date: Tells the time; called once per stamp, on the caller's thread.
    public init(id: @escaping @Sendable () -> UUID, date: @escaping @Sendable () -> Date) {
        make = { count in EventStamp(ids: (0..<count).map { _ in id() }, date: date()) }
    }

    /// Random ids (`UUID()`) and the system's time (`Date()`): for the app.
    public static var live: EventStamper { EventStamper(id: { UUID() }, date: { Date() }) }

    /// Ids counting up from `00000000-0000-0000-0000-000000000000` — what EffectStoreTesting's `UUID(number: 0)`,
    /// `UUID(number: 1)`, … write — and times counting up from `start` by `step`, one step per stamp: the same stamps
    /// in every run, for previews and tests of real stores. A stamp of several ids takes the next ids in turn.
    ///
    /// ```swift
    /// let stamper = EventStamper.incrementing(from: Date(timeIntervalSince1970: 0))
    /// stamper.stamp()          // id UUID(number: 0), at 0 s
    /// stamper.stamp(ids: 2)    // ids UUID(number: 1) and UUID(number: 2), at 1 s
    /// ```
    ///
    /// - Parameters:
    ///   - start: The first stamp's time.
    ///   - step: How far apart two stamps' times are; one second by default.
    public static func incrementing(from start: Date, step: TimeInterval = 1) -> EventStamper {
        let counts = LockedBox<(stamps: Int, ids: Int)>.make((0, 0))
        return EventStamper(
            make: { count in
                let (stamp, firstID) = counts.withLock { counts in
                    defer { counts = (counts.stamps + 1, counts.ids + count) }
                    return (counts.stamps, counts.ids)
                }
                return EventStamp(
                    ids: (firstID..<firstID + count).map(UUID.numbered),
                    date: start.addingTimeInterval(step * Double(stamp)))
            }
        )
    }

    private init(make: @escaping @Sendable (Int) -> EventStamp) { self.make = make }

    /// A fresh stamp: one id and the time.
    public func stamp() -> EventStamp { make(1) }

    /// A fresh stamp of `count` ids, for an event that creates several things, and the time.
    ///
    /// ```swift
    /// model.send(.addTapped(stamper.stamp(ids: 2)))   // a meeting and its first attendee
    /// ```
    ///
    /// - Parameter count: How many ids; at least one. Fewer stops with a message: a stamp always has an id.
    /// - Returns: The stamp.
    public func stamp(ids count: Int) -> EventStamp {
        guard count >= 1 else {
            fatalError("EventStamper.stamp(ids: \(count)): a stamp has at least one id. To fix, ask for 1 or more.")
        }
        return make(count)
    }

    /// `embed` with a stamp made when it is called: an event stamped at the moment the view makes it, for a control
    /// whose event is otherwise fixed data, so that its transition has the time of the tap (and an id).
    ///
    /// ```swift
    /// enum Event: Sendable { case noteAdded(String, EventStamp) /* … */ }
    ///
    /// // In the view: each tap is stamped as it is sent.
    /// let addNote = stamper.stamping(Event.noteAdded)
    /// Button("Add") { model.send(addNote(draft)) }
    ///
    /// // In the state:
    /// case .noteAdded(let text, let stamp):
    ///     notes.append(Note(id: stamp.id, text: text, date: stamp.date))
    ///     return nil
    /// ```
    ///
    /// - Parameter embed: Builds the event from its input and the stamp, usually an enum case. Called once per call
    ///   of the result, on the caller's thread.
    /// - Returns: A function that stamps each input as it comes: one ``stamp()`` per call.
    public func stamping<Input, Event>(
        _ embed: @escaping @Sendable (Input, EventStamp) -> Event
    ) -> @Sendable (Input) -> Event {
        stamping(ids: 1, embed)
    }

    /// ``stamping(_:)`` with a stamp of `count` ids for each call.
    ///
    /// ```swift
    /// let copyMeeting = stamper.stamping(ids: 2, Event.copyMeeting)   // the copy's id and its first attendee's
    /// Button("Copy") { model.send(copyMeeting(meeting)) }
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many ids each stamp has; at least one.
    ///   - embed: Builds the event from its input and the stamp. Called once per call of the result, on the
    ///     caller's thread.
    /// - Returns: A function that stamps each input as it comes: one ``stamp(ids:)`` per call.
    public func stamping<Input, Event>(
        ids count: Int,
        _ embed: @escaping @Sendable (Input, EventStamp) -> Event
    ) -> @Sendable (Input) -> Event {
        { [self] input in embed(input, stamp(ids: count)) }
    }
}

extension UUID {
    /// The id whose last twelve hexadecimal digits are `number` (its last 48 bits): what
    /// ``EventStamper/incrementing(from:step:)`` gives, and what EffectStoreTesting's `UUID(number:)` writes in tests.
    package static func numbered(_ number: Int) -> UUID {
        let value = UInt64(truncatingIfNeeded: number) & 0xFFFF_FFFF_FFFF
        return UUID(
            uuid: (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                UInt8(truncatingIfNeeded: value >> 40), UInt8(truncatingIfNeeded: value >> 32),
                UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)
            )
        )
    }
}
