import EffectStore
import EffectStoreShared

/// The root screen: every meeting, and a sheet to add one.
///
/// The sheet is an optional child at one place, ``addForm``, among the list's ``places``, so that however the form
/// goes away — Cancel, Add, a swipe — its presentation ends in that transition. Tapping a meeting tells the app, which pushes the meeting's detail: the list knows nothing of the
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

    /// What the list tells the app; it performs nothing itself.
    public typealias Effect = PlannedEffect<Never, Message>

    /// Where the add sheet shows.
    public static let addForm = ChildPlace(\MeetingsList.addForm, event: Event.addForm)
    public static let places: ChildPlaces<MeetingsList> = [addForm]

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .addTapped(let stamp):
            addForm = MeetingForm(meeting: Meeting(id: stamp.id, attendees: [Attendee(id: stamp.id(1))]))
            return nil
        case .addForm(let event):
            return route(event, to: Self.addForm) { state, message in
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
