import Foundation

/// A recurring meeting — a sync-up: a title, how long it lasts, who attends, and the meetings held so far.
///
/// The app keeps every meeting in ``MeetingsList``, saved by the store (see ``App/meetingsKey``). Ids come from the
/// events that create things (``EventStamp``), never from the state: a test writes `UUID(number: 0)`,
/// `UUID(number: 1)`, ….
public struct Meeting: Identifiable, Hashable, Codable, Sendable {
    /// The meeting's id.
    public var id: UUID
    /// What the meeting is called.
    public var title: String
    /// How long a meeting lasts, in seconds; shared equally by the attendees.
    public var durationInSeconds: Int
    /// Who attends, in speaking order.
    public var attendees: [Attendee]
    /// The meetings held so far, the latest first.
    public var pastMeetings: [MeetingRecord]

    /// A meeting.
    ///
    /// - Parameters:
    ///   - id: The meeting's id.
    ///   - title: What the meeting is called.
    ///   - durationInSeconds: How long a meeting lasts, in seconds; five minutes by default.
    ///   - attendees: Who attends, in speaking order.
    ///   - pastMeetings: The meetings held so far, the latest first.
    public init(
        id: UUID,
        title: String = "",
        durationInSeconds: Int = 300,
        attendees: [Attendee] = [],
        pastMeetings: [MeetingRecord] = []
    ) {
        self.id = id
        self.title = title
        self.durationInSeconds = durationInSeconds
        self.attendees = attendees
        self.pastMeetings = pastMeetings
    }

    /// How long each attendee speaks, in seconds: the duration shared equally, at least one second.
    public var secondsPerAttendee: Int { max(durationInSeconds / max(attendees.count, 1), 1) }
}

/// One person who attends a ``Meeting``.
public struct Attendee: Identifiable, Hashable, Codable, Sendable {
    /// The attendee's id.
    public var id: UUID
    /// The attendee's name.
    public var name: String

    /// An attendee.
    ///
    /// - Parameters:
    ///   - id: The attendee's id.
    ///   - name: The attendee's name; empty while it is being typed.
    public init(id: UUID, name: String = "") {
        self.id = id
        self.name = name
    }
}

/// One meeting held: when it started and what was said, as ``MeetingRecording`` transcribed it.
public struct MeetingRecord: Identifiable, Hashable, Codable, Sendable {
    /// The record's id.
    public var id: UUID
    /// When the meeting started.
    public var date: Date
    /// What was said.
    public var transcript: String

    /// A record.
    ///
    /// - Parameters:
    ///   - id: The record's id.
    ///   - date: When the meeting started.
    ///   - transcript: What was said.
    public init(id: UUID, date: Date, transcript: String) {
        self.id = id
        self.date = date
        self.transcript = transcript
    }
}
