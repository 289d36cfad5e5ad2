// For the test snippets of Navigation: the meeting the app's tests use (Tests/MeetingsAppTests/Support), and the stamp
// of the event that starts it.
import EffectStore
import Foundation
import MeetingsApp

let design = Meeting(
    id: UUID(100),
    title: "Design",
    durationInSeconds: 6,
    attendees: [
        Attendee(id: UUID(101), name: "Ada"), Attendee(id: UUID(102), name: "Grace"),
        Attendee(id: UUID(103), name: "Linus"),
    ]
)
let started = EventStamp(id: UUID(7), date: Date(timeIntervalSince1970: 7))
