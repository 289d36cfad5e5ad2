import EffectStore
import EffectStoreShared

/// The root screen: every meeting, and a sheet to add one.
///
/// The sheet is an optional child, ``addForm``, routed with `handle(_:in:effect:messages:)` and declared among the
/// list's ``places``, so that however the form goes away — Cancel, Add, a swipe — its presentation ends in that
/// transition. Tapping a meeting tells the app, which pushes the meeting's detail: the list knows nothing of the
/// navigation stack.
public struct MeetingsList: ChildState, Hashable {
    /// Every meeting, in the order they were added; saved by the store (``App/meetingsKey``).
    public var meetings: SavedState<IdentifiedStates<Meeting>>
    /// The form of a new meeting, while the add sheet shows.
    public var addForm: MeetingForm?

    /// A list of `meetings`, with no sheet, loading: the saved meetings replace them when the load arrives.
    ///
    /// - Parameter meetings: The meetings.
    public init(meetings: IdentifiedStates<Meeting> = []) {
        self.meetings = SavedState(meetings)
    }

    /// What the user does on the list.
    public enum Event: Equatable, Sendable {
        /// Opens the add sheet with a new meeting and its first attendee, still blank: a stamp of two ids, the
        /// meeting's and the attendee's (``EventStamper/stamp(ids:)``).
        case addTapped(EventStamp)
        /// An event of the add sheet, or its dismissal (Cancel).
        case addForm(PresentationEvent<MeetingForm.Event>)
        case meetingTapped(id: Meeting.ID)
    }

    /// What the list tells the app.
    public enum Message: Equatable, Sendable {
        /// Show this meeting's detail.
        case open(Meeting)
    }

    /// What the list asks for: a message for the app, or the form's effects.
    public enum Work: MessagingEffect, Equatable {
        case tell(Message)
        /// The add form's effects other than its messages: none today.
        case addForm(MeetingForm.Effect)

        public var message: Message? { if case .tell(let message) = self { message } else { nil } }
    }
    /// The list's ``Work``, or a plan of it (the end of the sheet's presentation).
    public typealias Effect = Planned<Work>

    public static let places: ChildPlaces<MeetingsList> = [.presented(\.addForm)]

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .addTapped(let stamp):
            addForm = MeetingForm(meeting: Meeting(id: stamp.id, attendees: [Attendee(id: stamp.id(1))]))
            return nil
        case .addForm(let event):
            return handle(event, in: \.addForm, effect: { .work(.addForm($0)) }) { state, message in
                switch message {
                case .done(let meeting):
                    state.meetings.value.append(meeting)
                    state.addForm = nil
                    return nil
                }
            }
        case .meetingTapped(let id):
            guard let meeting = meetings.value[id: id] else { return nil }
            return .tell(.open(meeting))
        }
    }
}
