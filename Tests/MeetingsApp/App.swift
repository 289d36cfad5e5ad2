import EffectStore

/// The meetings app: the list at the root, and a navigation stack of screens above it — a meeting's detail, a
/// recording, a past meeting — loaded from and saved to a JSON file.
///
/// The stack is a ``ScreenStack`` of ``Screen``s routed with ``ChildState/handle(_:in:effect:messages:)`` and declared
/// among the app's ``places``: whichever event pops a screen, everything the screen started — a recording's timer and
/// transcription — is cancelled in that transition. The screens tell the app what they decide (messages), and the
/// app changes the list and the stack in the same transition.
///
/// Every change of the meetings, once they are loaded, saves them all, debounced by a second (``saveDelay``): a burst
/// of edits is one write.
public struct App: State, Hashable {
    /// The root screen.
    public var list: MeetingsList
    /// The screens pushed above the list.
    public var path: ScreenStack<Screen>
    /// Whether the saved meetings were read (or found missing, or unreadable): changes are saved from then on.
    public var isLoaded: Bool
    /// Why the saved meetings could not be read, for the view to show; the list then starts empty.
    public var loadError: String?
    /// Why the last save failed, for the view to show; `nil` once a save succeeds.
    public var saveError: String?

    /// An app showing `list` and `path`.
    ///
    /// - Parameters:
    ///   - list: The root screen.
    ///   - path: The screens above it.
    ///   - isLoaded: Whether the saved meetings were read.
    public init(list: MeetingsList = MeetingsList(), path: ScreenStack<Screen> = [], isLoaded: Bool = false) {
        self.list = list
        self.path = path
        self.isLoaded = isLoaded
    }

    public static var initialState: App { App() }

    /// The screens the stack holds, routed by a `switch self`: a case per screen, and a missing one does not compile.
    public enum Screen: ChildState, Hashable, Codable {
        case detail(MeetingDetail)
        case record(MeetingRecording)
        /// A past meeting: its record, and the meeting it belongs to. Shows data only; it has no events.
        case pastMeeting(MeetingRecord, of: Meeting)

        public enum Event: Equatable, Sendable { case detail(MeetingDetail.Event), record(MeetingRecording.Event) }
        public enum Message: Equatable, Sendable {
            case detail(MeetingDetail.Message), record(MeetingRecording.Message)
        }
        public enum Effect: ComposableEffect, MessagingEffect, Equatable {
            case detail(MeetingDetail.Effect), record(MeetingRecording.Effect), tell(Message), plan(EffectPlan<Effect>)
            public var plan: EffectPlan<Effect>? { if case .plan(let plan) = self { plan } else { nil } }
            public var message: Message? { if case .tell(let message) = self { message } else { nil } }
        }

        public static let places: ChildPlaces<Screen> = [.case(EnumCase.detail.extract(from:))]

        public mutating func handle(event: Event) -> Effect? {
            switch self {
            case .detail(let screen):
                guard case .detail(let event) = event else { return nil }  // for a screen this id no longer shows
                return handle(event, of: screen, as: Self.detail, effect: Effect.detail, message: Message.detail)
            case .record(let screen):
                guard case .record(let event) = event else { return nil }
                return handle(event, of: screen, as: Self.record, effect: Effect.record, message: Message.record)
            case .pastMeeting: return nil
            }
        }
    }

    /// What happens in the app.
    public enum Event: Equatable, Sendable {
        /// Read the saved meetings.
        case load
        /// The saved meetings; none when nothing was saved yet.
        case loaded(IdentifiedStates<Meeting>)
        /// The saved meetings could not be read: why.
        case loadFailed(String)
        case saved
        /// A save failed: why.
        case saveFailed(String)
        case list(MeetingsList.Event)
        /// An event of a screen on the stack, or the user going back.
        case path(StackEvent<Screen.Event>)
        /// A deep link (a notification tapped, a URL opened) to the meeting with this id: its detail, alone on the
        /// stack, whatever the stack held — a recording that runs ends in this transition. An unknown id changes
        /// nothing.
        case deepLink(Meeting.ID)
    }

    /// What the app asks for.
    public enum Effect: ComposableEffect, Equatable {
        /// Read the saved meetings; answers ``Event/loaded(_:)`` or ``Event/loadFailed(_:)``.
        case load
        /// Write the meetings; answers ``Event/saved`` or ``Event/saveFailed(_:)``.
        case save(IdentifiedStates<Meeting>)
        case list(MeetingsList.Effect)
        /// An effect of the screen with the id.
        case screen(StackElementID, Screen.Effect)
        case plan(EffectPlan<Effect>)

        public var plan: EffectPlan<Effect>? { if case .plan(let plan) = self { plan } else { nil } }
    }

    /// The id of the debounced save.
    public enum SaveID: Hashable, Sendable { case save }

    /// How long the meetings must stay unchanged before they are saved.
    public static let saveDelay = EffectDuration.seconds(1)

    /// The save of `meetings`, debounced: what every change returns.
    ///
    /// - Parameter meetings: The meetings to write.
    public static func save(_ meetings: IdentifiedStates<Meeting>) -> Effect {
        Effect.save(meetings).debounced(id: SaveID.save, for: saveDelay)
    }

    public static let places: ChildPlaces<App> = [.stack(\.path), .child(\.list)]

    public mutating func handle(event: Event) -> Effect? {
        let wasLoaded = isLoaded
        let meetings = list.meetings
        let effect = update(event)
        guard wasLoaded, list.meetings != meetings else { return effect }
        let save = Self.save(list.meetings)
        return effect.map { .all($0, save) } ?? save
    }

    /// The app's transition, before the save.
    mutating func update(_ event: Event) -> Effect? {
        switch event {
        case .load:
            return .load
        case .loaded(let meetings):
            list.meetings = meetings
            isLoaded = true
            loadError = nil
            return nil
        case .loadFailed(let message):
            isLoaded = true
            loadError = message
            return nil
        case .saved:
            saveError = nil
            return nil
        case .saveFailed(let message):
            saveError = message
            return nil
        case .list(let event):
            return handle(event, in: \.list, effect: Effect.list) { state, message in
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
            guard let meeting = list.meetings[id: id] else { return nil }
            // The whole path from data: every screen this replaces ends (``places``).
            path.setScreens([.detail(MeetingDetail(meeting: meeting))])
            return nil
        }
    }

    /// Routes an event of the stack, and handles what its screens tell.
    mutating func route(_ event: StackEvent<Screen.Event>) -> Effect? {
        handle(event, in: \.path, effect: Effect.screen) { state, said in state.receive(said.message, from: said.id) }
    }

    /// Handles what the screen with `id` told.
    mutating func receive(_ message: Screen.Message, from id: StackElementID) -> Effect? {
        switch message {
        case .detail(.meetingChanged(let meeting)):
            guard list.meetings.contains(id: meeting.id) else { return nil }  // deleted meanwhile: not brought back
            list.meetings[id: meeting.id] = meeting
            return nil
        case .detail(.deleteConfirmed(let meetingID)):
            list.meetings.remove(id: meetingID)
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

extension EnumCase where Root == App.Screen, Value == MeetingDetail {
    /// `App.Screen.detail`.
    public static var detail: Self {
        EnumCase(App.Screen.detail) { if case .detail(let detail) = $0 { detail } else { nil } }
    }
}

extension EnumCase where Root == App.Screen, Value == MeetingRecording {
    /// `App.Screen.record`.
    public static var record: Self {
        EnumCase(App.Screen.record) { if case .record(let recording) = $0 { recording } else { nil } }
    }
}

extension EnumCase where Root == App.Effect, Value == (StackElementID, App.Screen.Effect) {
    /// `App.Effect.screen`, for the effect handler to recognise a screen's effects and its id.
    public static var screen: Self {
        EnumCase(App.Effect.screen) { if case .screen(let id, let effect) = $0 { (id, effect) } else { nil } }
    }
}
