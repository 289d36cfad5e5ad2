import EffectStore

/// A meeting's screen, pushed on the app's stack: its attendees and past meetings, an edit sheet, a delete
/// confirmation, and the button that starts a meeting.
///
/// It presents one ``Destination`` at a time — the edit form or the delete alert — at one place, ``destination``, whose
/// messages it handles; the destination's cases are places of their own, so that going from one to the other ends the
/// first one. It changes
/// its own ``meeting`` (an edit, a meeting recorded), and the app's `sharedValues` write it into the list, which saves
/// it. It tells the app what only the app can do (``Message``): delete the meeting, start a recording, show a past
/// meeting.
public struct MeetingDetail: ChildState, Hashable, Codable {
    /// The meeting shown: a copy of the list's, kept in step by the app's `sharedValues`.
    public var meeting: Meeting
    /// What the screen presents: the edit sheet or the delete alert, or nothing.
    public var destination: Destination?

    /// The detail of `meeting`, presenting nothing.
    ///
    /// - Parameters:
    ///   - meeting: The meeting to show.
    ///   - destination: What it presents; nothing by default.
    public init(meeting: Meeting, destination: Destination? = nil) {
        self.meeting = meeting
        self.destination = destination
    }

    /// What the detail can present, one at a time: the edit form or the delete alert, each a place of its own
    /// (``edit``, ``alert``), so that going from one to the other ends the first. What they tell comes up as the
    /// destination's ``Message``.
    public enum Destination: ChildState, Hashable, Codable {
        /// The edit form, in a sheet with Cancel and Done.
        case edit(MeetingForm)
        /// An alert: the delete confirmation.
        case alert(AlertState<AlertAction>)

        /// The events of the destinations: the form's, and the alert's buttons.
        public enum Event: Equatable, Sendable {
            case edit(MeetingForm.Event)
            case alert(AlertAction)
        }
        /// What the destinations tell the detail: the form's Done, the alert's confirmation.
        public enum Message: Equatable, Sendable {
            case edit(MeetingForm.Message)
            case alert(AlertAction)
        }
        /// Messages only: neither destination performs anything.
        public typealias Effect = PlannedEffect<Never, Message>

        /// The edit form's place.
        public static let edit = ChildPlace(
            case: Destination.edit, extract: { if case .edit(let form) = $0 { form } else { nil } }, event: Event.edit)
        /// The delete alert's place.
        public static let alert = ChildPlace(
            case: Destination.alert, extract: { if case .alert(let alert) = $0 { alert } else { nil } },
            event: Event.alert)
        public static let places: ChildPlaces<Destination> = [edit, alert]

        public mutating func handle(event: Event) -> Effect? {
            switch event {
            case .edit(let event): route(event, to: Self.edit) { _, message in .tell(.edit(message)) }
            case .alert(let action): route(action, to: Self.alert) { _, action in .tell(.alert(action)) }
            }
        }
    }

    /// What the delete alert's buttons do.
    public enum AlertAction: Equatable, Hashable, Codable, Sendable {
        case confirmDeletion
    }

    /// What the user does on the screen, and what the app tells it.
    public enum Event: Equatable, Sendable {
        case editTapped
        case deleteTapped
        /// Starts a meeting; the stamp gives the id and the date of the record the meeting makes.
        case startMeetingTapped(EventStamp)
        case pastMeetingTapped(id: MeetingRecord.ID)
        /// An event of the destination — the edit form, the alert's buttons — or its dismissal: Cancel, a swipe.
        case destination(PresentationEvent<Destination.Event>)
        /// A meeting was held: the app hands its record to this screen.
        case meetingRecorded(MeetingRecord)
    }

    /// What the detail tells the app.
    public enum Message: Equatable, Sendable {
        /// The user confirmed the deletion: the app removes the meeting and this screen.
        case deleteConfirmed(Meeting.ID)
        /// Push a recording of this meeting; its record gets the stamp's id and date.
        case startMeeting(Meeting, EventStamp)
        /// Push the screen of a past meeting.
        case showPastMeeting(MeetingRecord, of: Meeting)
    }

    /// What the detail tells the app; it performs nothing itself.
    public typealias Effect = PlannedEffect<Never, Message>

    /// Where the detail presents its destination.
    public static let destination = ChildPlace(\MeetingDetail.destination, event: Event.destination)
    public static let places: ChildPlaces<MeetingDetail> = [destination]

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .editTapped:
            destination = .edit(MeetingForm(meeting: meeting))
            return nil
        case .deleteTapped:
            destination = .alert(.deleteMeeting(meeting))
            return nil
        case .startMeetingTapped(let stamp):
            return .tell(.startMeeting(meeting, stamp))
        case .pastMeetingTapped(let id):
            guard let record = meeting.pastMeetings.first(where: { $0.id == id }) else { return nil }
            return .tell(.showPastMeeting(record, of: meeting))
        case .destination(let event):
            return route(event, to: Self.destination) { state, message in
                state.destination = nil
                switch message {
                case .edit(.done(let meeting)):
                    state.meeting = meeting
                    return nil
                case .alert(.confirmDeletion):
                    return .tell(.deleteConfirmed(state.meeting.id))
                }
            }
        case .meetingRecorded(let record):
            meeting.pastMeetings.insert(record, at: 0)
            return nil
        }
    }
}

extension AlertState where Action == MeetingDetail.AlertAction {
    /// "Delete?", with a destructive Delete and a Cancel that sends nothing.
    ///
    /// - Parameter meeting: The meeting to delete.
    public static func deleteMeeting(_ meeting: Meeting) -> Self {
        AlertState(
            title: "Delete?",
            message: "Are you sure you want to delete \(meeting.title.isEmpty ? "this meeting" : meeting.title)?",
            buttons: [
                ButtonState(role: .destructive, "Yes", action: .confirmDeletion),
                ButtonState(role: .cancel, "Nevermind"),
            ]
        )
    }
}
