// For the test snippets of Navigation: the meeting the app's tests use (Tests/MeetingsAppTests/Support), and the stamp
// of the event that starts it.
import EffectStore
import EffectStoreTesting
import Foundation
import MeetingsApp

let design = Meeting(
    id: UUID(number: 100),
    title: "Design",
    durationInSeconds: 6,
    attendees: [
        Attendee(id: UUID(number: 101), name: "Ada"), Attendee(id: UUID(number: 102), name: "Grace"),
        Attendee(id: UUID(number: 103), name: "Linus"),
    ]
)
let started = EventStamp(id: UUID(number: 7), date: Date(timeIntervalSince1970: 7))
