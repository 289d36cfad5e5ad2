import EffectStore

/// The timed screen of a meeting being held: a one-second timer that moves from speaker to speaker, and a
/// transcript that speech recognition streams in. Pushed on the app's stack; popping it stops both.
///
/// The timer is a tick delayed by one second on the store's clock, asked for again by each tick
/// (``Work/tick``); the transcript is a run (``Work/transcribe``) that sends ``Event/transcribed(_:)`` for as
/// long as it runs. The screen starts both on ``Event/start``; it never stops them itself: the app pops the screen,
/// and the pop cancels everything the screen started.
///
/// The meeting ends when its time is up, or early through an alert — save and end, or discard. Either way the screen
/// tells the app (``Message``), in the transition that decides it, with the whole record: its id and its date came
/// with the event that started the meeting (an ``EventStamp``), so no event goes out to fetch them at the end.
public struct MeetingRecording: ChildState, Hashable, Codable {
    /// The meeting being held.
    public var meeting: Meeting
    /// The id and the date of the record this meeting makes.
    public var stamp: EventStamp
    /// How many seconds have passed.
    public var secondsElapsed = 0
    /// Who speaks: an index into the meeting's attendees.
    public var speakerIndex = 0
    /// What was said so far.
    public var transcript = ""
    /// The end-meeting alert, while it shows. The timer does not count while it does.
    public var alert: AlertState<AlertAction>?

    /// A recording of `meeting`, not started.
    ///
    /// - Parameters:
    ///   - meeting: The meeting to hold.
    ///   - stamp: The id and the date of the record the meeting makes.
    public init(meeting: Meeting, stamp: EventStamp) {
        self.meeting = meeting
        self.stamp = stamp
    }

    /// What the end-meeting alert's buttons do.
    public enum AlertAction: Equatable, Hashable, Codable, Sendable { case confirmSave, confirmDiscard }

    /// What happens on the screen.
    public enum Event: Equatable, Sendable {
        /// The screen was pushed: start the timer and the transcription.
        case start
        /// A second has passed.
        case timerTicked
        /// The transcript so far, as speech recognition understands it now.
        case transcribed(String)
        case nextSpeakerTapped
        case endMeetingTapped
        /// A tap on a button of the end-meeting alert, or its dismissal.
        case alert(PresentationEvent<AlertAction>)
    }

    /// What the recording tells the app.
    public enum Message: Equatable, Sendable {
        /// The meeting ended and is to be kept: its record.
        case meetingEnded(MeetingRecord)
        /// The meeting ended and is not to be kept.
        case discarded
    }

    /// What the recording asks its effect handler for.
    public enum Work: Equatable, Sendable {
        /// Answer with ``Event/timerTicked``: the recording delays it by a second, under ``ID/timer``.
        case tick
        /// Run speech recognition, sending ``Event/transcribed(_:)`` until cancelled.
        case transcribe
    }
    /// What the recording asks for — its ``Work``, or a plan of it — and what it tells the app.
    public typealias Effect = PlannedEffect<Work, Message>

    /// The end-meeting alert: a tap on a button tells its action, and the alert goes away.
    public static let alert = ChildPlace(\MeetingRecording.alert, event: Event.alert)
    public static let places: ChildPlaces<MeetingRecording> = [alert]

    /// The ids of the recording's effects; the app runs them inside the screen's own scope.
    public enum ID: Hashable, Sendable { case timer }

    /// The next tick, a second from now.
    public static var nextTick: Effect { Effect.work(.tick).delayed(by: .seconds(1), id: ID.timer) }

    /// Who speaks now, if anyone attends.
    public var speaker: Attendee? {
        meeting.attendees.indices.contains(speakerIndex) ? meeting.attendees[speakerIndex] : nil
    }

    /// The record of this meeting as it stands.
    public var record: MeetingRecord { MeetingRecord(id: stamp.id, date: stamp.date, transcript: transcript) }

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start:
            return .all(Self.nextTick, .work(.transcribe))
        case .timerTicked:
            guard alert == nil else { return Self.nextTick }  // paused while the alert asks
            secondsElapsed += 1
            if secondsElapsed >= meeting.durationInSeconds { return .tell(.meetingEnded(record)) }
            if secondsElapsed.isMultiple(of: meeting.secondsPerAttendee) {
                speakerIndex = min(speakerIndex + 1, max(meeting.attendees.count - 1, 0))
            }
            return Self.nextTick
        case .transcribed(let text):
            transcript = text
            return nil
        case .nextSpeakerTapped:
            guard speakerIndex < meeting.attendees.count - 1 else {
                alert = .endMeeting(isDiscardable: false)
                return nil
            }
            speakerIndex += 1
            secondsElapsed = speakerIndex * meeting.secondsPerAttendee
            return nil
        case .endMeetingTapped:
            alert = .endMeeting(isDiscardable: true)
            return nil
        case .alert(let event):
            return route(event, to: Self.alert) { recording, action in
                switch action {
                case .confirmSave: .tell(.meetingEnded(recording.record))
                case .confirmDiscard: .tell(.discarded)
                }
            }
        }
    }
}

extension AlertState where Action == MeetingRecording.AlertAction {
    /// "End meeting?": save and end, discard (when the meeting may be discarded), or resume.
    ///
    /// - Parameter isDiscardable: Whether the alert offers to discard the meeting.
    public static func endMeeting(isDiscardable: Bool) -> Self {
        AlertState(
            title: "End meeting?",
            message: "You are ending the meeting early. What would you like to do?",
            buttons: [ButtonState("Save and end", action: .confirmSave)]
                + (isDiscardable ? [ButtonState(role: .destructive, "Discard", action: .confirmDiscard)] : [])
                + [ButtonState(role: .cancel, "Resume")]
        )
    }
}
