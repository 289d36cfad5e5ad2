import EffectStore

/// A meeting's screen, pushed on the app's stack: its attendees and past meetings, an edit sheet, a delete
/// confirmation, and the button that starts a meeting.
///
/// It presents one ``Destination`` at a time — the edit form or the delete alert — in one optional property routed
/// with ``ChildState/handle(_:in:effect:messages:)`` and declared among its ``places`` with the destination's
/// ``Destination/kind``, so that going from one destination to another ends the first one's presentation. It changes
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

    /// What the detail can present, one at a time, routed by a `switch` over the destination and its event. Which
    /// case it is tells two presentations apart (``kind``).
    public enum Destination: ChildState, Hashable, Codable {
        /// The edit form, in a sheet with Cancel and Done.
        case edit(MeetingForm)
        /// An alert: the delete confirmation.
        case alert(AlertState<AlertAction>)

        /// The events of the destinations that have events of their own: the form's. An alert's buttons are
        /// ``MeetingDetail/Event/alert(_:)``, handled by the detail with ``ChildState/handleAlert(_:in:case:)``.
        public enum Event: Equatable, Sendable { case edit(MeetingForm.Event) }
        public enum Message: Equatable, Sendable { case edit(MeetingForm.Message) }
        public enum Work: MessagingEffect, Equatable {
            case edit(MeetingForm.Effect), tell(Message)
            public var message: Message? { if case .tell(let message) = self { message } else { nil } }
        }
        public typealias Effect = Planned<Work>

        /// Which destination this is, whatever it holds: two values of one kind are one presentation.
        public var kind: Int { switch self { case .edit: 0; case .alert: 1 } }
        /// The delete alert, when this is it: what the detail's ``Event/alert(_:)`` acts on, and a view shows.
        public var alert: AlertState<AlertAction>? { if case .alert(let alert) = self { alert } else { nil } }

        public mutating func handle(event: Event) -> Effect? {
            switch self {
            case .edit(let form):
                guard case .edit(let event) = event else { return nil }
                return handle(event, of: form, as: Self.edit, effect: { .work(.edit($0)) }, message: Message.edit)
            case .alert: return nil  // the alert has no events of its own
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
        /// An event of the destination (the edit form), or its dismissal: Cancel, or a swipe.
        case destination(PresentationEvent<Destination.Event>)
        /// A tap on a button of the alert, or its dismissal.
        case alert(PresentationEvent<AlertAction>)
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

    /// What the detail asks for: a message for the app, or its destination's effects.
    public enum Work: MessagingEffect, Equatable {
        case tell(Message)
        /// The destination's effects other than its messages: none today.
        case destination(Destination.Effect)

        public var message: Message? { if case .tell(let message) = self { message } else { nil } }
    }
    /// The detail's ``Work``, or a plan of it (the end of a destination's presentation).
    public typealias Effect = Planned<Work>

    public static let places: ChildPlaces<MeetingDetail> = [.presented(\.destination, identifiedBy: \.kind)]

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
            return handle(event, in: \.destination, effect: { .work(.destination($0)) }) { state, message in
                switch message {
                case .edit(.done(let meeting)):
                    state.meeting = meeting
                    state.destination = nil
                    return nil
                }
            }
        case .alert(let event):
            switch handleAlert(event, in: \.destination, case: \.alert) {
            case .confirmDeletion?: return .tell(.deleteConfirmed(meeting.id))
            case nil: return nil
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
