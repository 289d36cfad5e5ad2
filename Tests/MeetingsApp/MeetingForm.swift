import EffectStore
import Foundation

/// The form that edits a meeting, or fills in a new one: presented in a sheet with Cancel and Done.
///
/// Cancel is the sheet's dismissal (`PresentationEvent.dismiss`), which the presenting feature handles. Done tells
/// the presenting feature the meeting as edited — a message, ``Message/done(_:)``, handled by the parent in the same
/// transition: the form never reaches into its parent, and its parent never reads the form's internals.
public struct MeetingForm: ChildState, Identifiable, Hashable, Codable {
    /// The meeting as edited so far.
    public var meeting: Meeting

    /// The form of `meeting`.
    ///
    /// - Parameter meeting: The meeting to edit, or a new, empty one.
    public init(meeting: Meeting) {
        self.meeting = meeting
    }

    /// The edited meeting's id: a form for another meeting is another presentation.
    public var id: UUID { meeting.id }

    /// What the user does in the form.
    public enum Event: Equatable, Sendable {
        case titleChanged(String)
        case durationChanged(seconds: Int)
        case attendeeNameChanged(id: UUID, String)
        /// Adds an empty attendee, whose id the stamp gives.
        case addAttendeeTapped(EventStamp)
        case removeAttendee(id: UUID)
        /// Done (or Add, for a new meeting).
        case doneTapped
    }

    /// What the form tells the feature that presents it.
    public enum Message: Equatable, Sendable {
        /// The user is done: the meeting as edited, without attendees whose name is blank.
        case done(Meeting)
    }

    /// What the form asks for: only to tell its parent.
    public typealias Effect = PlannedEffect<Never, Message>

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .titleChanged(let title):
            meeting.title = title
        case .durationChanged(let seconds):
            meeting.durationInSeconds = max(seconds, 1)
        case .attendeeNameChanged(let id, let name):
            guard let index = meeting.attendees.firstIndex(where: { $0.id == id }) else { return nil }
            meeting.attendees[index].name = name
        case .addAttendeeTapped(let stamp):
            meeting.attendees.append(Attendee(id: stamp.id))
        case .removeAttendee(let id):
            meeting.attendees.removeAll { $0.id == id }
        case .doneTapped:
            var done = meeting
            done.attendees.removeAll { $0.name.trimmingCharacters(in: .whitespaces).isEmpty }
            return .tell(.done(done))
        }
        return nil
    }
}
