import Dispatch
import EffectStore
import EffectStoreShared

/// The meetings app: the list at the root, and a navigation stack of screens above it — a meeting's detail, a
/// recording, a past meeting — its meetings saved by the store (``meetingsKey``, `Store.save`).
///
/// The stack is a ``ScreenStack`` of ``Screen``s at one place, ``path``, among the app's ``places``: whichever event
/// pops a screen, everything the screen started — a recording's timer and transcription — is cancelled in that
/// transition. The screens tell the app what they decide (messages), and the app changes the list and the stack in the
/// same transition.
///
/// The meetings are the list's ``MeetingsList/meetings``, a `SavedState`: the store loads them, and saves every
/// change, the edits of the second after a change (``saveDelay``, on the store's clock) in one write. The app only
/// applies the load.
public struct App: State, Hashable {
    /// The root screen.
    public var list: MeetingsList
    /// The screens pushed above the list.
    public var path: ScreenStack<Screen>
    /// Why the last write of the meetings was refused, for the view to show until the user dismisses it; the next
    /// change is written again all the same.
    public var saveError: String?

    /// An app showing `list` and `path`.
    ///
    /// - Parameters:
    ///   - list: The root screen.
    ///   - path: The screens above it.
    public init(list: MeetingsList = MeetingsList(), path: ScreenStack<Screen> = []) {
        self.list = list
        self.path = path
    }

    /// The saved meetings' declaration.
    public static let meetingsKey = SavedKey<IdentifiedStates<Meeting>>("meetings")

    /// How long the store waits after a change before it writes, so that a burst of edits is one write.
    public static let saveDelay = DispatchTimeInterval.seconds(1)

    public static var initialState: App { App() }

    /// The screens the stack holds: each case with a child of its own is a place, so an event for a screen that has
    /// changed since is ignored, and a screen that changes case ends the work of the child it held.
    public enum Screen: ChildState, Hashable, Codable {
        case detail(MeetingDetail)
        case record(MeetingRecording)
        /// A past meeting: its record, and the meeting it belongs to. Shows data only; it has no events.
        case pastMeeting(MeetingRecord, of: Meeting)

        public enum Event: Equatable, Sendable { case detail(MeetingDetail.Event), record(MeetingRecording.Event) }
        public enum Message: Equatable, Sendable {
            case detail(MeetingDetail.Message), record(MeetingRecording.Message)
        }
        public enum Work: Equatable, Sendable { case record(MeetingRecording.Work) }
        public typealias Effect = PlannedEffect<Work, Message>

        /// A meeting's detail.
        public static let detail = ChildPlace(
            case: Screen.detail, extract: { if case .detail(let detail) = $0 { detail } else { nil } },
            event: Event.detail)
        /// A meeting being recorded.
        public static let record = ChildPlace(
            case: Screen.record, extract: { if case .record(let recording) = $0 { recording } else { nil } },
            event: Event.record, work: Work.record)
        public static let places: ChildPlaces<Screen> = [detail, record]

        public mutating func handle(event: Event) -> Effect? {
            switch event {
            case .detail(let event): route(event, to: Self.detail) { _, message in .tell(.detail(message)) }
            case .record(let event): route(event, to: Self.record) { _, message in .tell(.record(message)) }
            }
        }
    }

    /// What happens in the app.
    public enum Event: Equatable, Sendable {
        /// What the store's load of the saved meetings found, or a change another process wrote.
        case loaded(SavedLoad<IdentifiedStates<Meeting>>)
        /// After a load that could not read the saved meetings (the view shows why): the list as it is replaces
        /// them, from the next change on. A copy of what could not be read was kept aside.
        case startFresh
        /// The storage refused a write of the meetings.
        case saveFailed(SavedValueError)
        /// The user closed the message of a refused write.
        case saveErrorDismissed
        case list(MeetingsList.Event)
        /// An event of a screen on the stack, or the user going back.
        case path(StackEvent<Screen.Event>)
        /// A deep link (a notification tapped, a URL opened) to the meeting with this id: its detail, alone on the
        /// stack, whatever the stack held — a recording that runs ends in this transition. An unknown id changes
        /// nothing.
        case deepLink(Meeting.ID)
    }

    /// What the app asks for: its screens' work.
    public enum Work: Equatable, Sendable {
        /// Work of the screen with the id.
        case screen(StackElementID, Screen.Work)
    }
    /// The app's ``Work``, or a plan of it.
    public typealias Effect = Planned<Work>

    /// The root screen.
    public static let list = ChildPlace(\App.list, event: Event.list)
    /// The screens pushed above it.
    public static let path = ChildPlace(\App.path, event: Event.path, work: Work.screen)
    public static let places: ChildPlaces<App> = [path, list]

    /// The copies of a meeting: the list's, and those of the detail and the recording on the stack. A screen that
    /// edits its meeting needs to tell no one: the transition writes the edit into the list (which saves it) and into
    /// every other screen that shows the meeting.
    public static let sharedValues: SharedValues<App> = [
        .elements(\.list.meetings.value),
        .elements(in: \.path, case: Screen.detail, at: \.meeting),
        .elements(in: \.path, case: Screen.record, at: \.meeting),
    ]

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .loaded(let load):
            list.meetings.apply(load)
            return nil
        case .startFresh:
            list.meetings.startFresh()
            return nil
        case .saveFailed(let error):
            saveError = error.description
            return nil
        case .saveErrorDismissed:
            saveError = nil
            return nil
        case .list(let event):
            return route(event, to: Self.list) { state, message in
                switch message {
                case .open(let meeting):
                    // Only while the list shows: a second tap of a double tap would push a second copy of the
                    // meeting, which the first copy's edits would leave behind.
                    guard state.path.isEmpty else { return nil }
                    state.path.push(.detail(MeetingDetail(meeting: meeting)))
                    return nil
                }
            }
        case .path(let event):
            return route(event)
        case .deepLink(let id):
            guard let meeting = list.meetings.value[id: id] else { return nil }
            // The whole path from data: every screen this replaces ends (``places``).
            path.setScreens([.detail(MeetingDetail(meeting: meeting))])
            return nil
        }
    }

    /// Routes an event of the stack, and handles what its screens tell.
    mutating func route(_ event: StackEvent<Screen.Event>) -> Effect? {
        route(event, to: Self.path) { state, said in
            state.receive(said.message, from: said.id)
        }
    }

    /// Handles what the screen with `id` told.
    mutating func receive(_ message: Screen.Message, from id: StackElementID) -> Effect? {
        switch message {
        case .detail(.deleteConfirmed(let meetingID)):
            list.meetings.value.remove(id: meetingID)
            path.pop(from: id)  // the detail, and anything above it: their effects end in this transition
            return nil
        case .detail(.startMeeting(let meeting, let stamp)):
            let recording = path.push(.record(MeetingRecording(meeting: meeting, stamp: stamp)))
            return route(.element(id: recording, .record(.start)))
        case .detail(.showPastMeeting(let record, let meeting)):
            path.push(.pastMeeting(record, of: meeting))
            return nil
        case .record(.meetingEnded(let record)):
            let below = path.index(id: id).flatMap { $0 > 0 ? path.ids[$0 - 1] : nil }
            path.pop(from: id)  // the timer and the transcription end in this transition
            guard let below else { return nil }
            return route(.element(id: below, .detail(.meetingRecorded(record))))
        case .record(.discarded):
            path.pop(from: id)
            return nil
        }
    }
}
