import EffectStore
import EffectStoreTesting
import Foundation
import MeetingsApp

/// The stamp the test gives an event: id `UUID(number: n)`, at `n` seconds after the epoch.
func stamp(_ n: Int) -> EventStamp {
    EventStamp(id: UUID(number: n), date: Date(timeIntervalSince1970: TimeInterval(n)))
}

extension Meeting {
    /// "Design", six seconds, three attendees: each speaks for two seconds.
    static let design = Meeting(
        id: UUID(number: 100),
        title: "Design",
        durationInSeconds: 6,
        attendees: [
            Attendee(id: UUID(number: 101), name: "Ada"), Attendee(id: UUID(number: 102), name: "Grace"),
            Attendee(id: UUID(number: 103), name: "Linus"),
        ]
    )

    /// "Standup", five minutes, one attendee.
    static let standup = Meeting(
        id: UUID(number: 200), title: "Standup", attendees: [Attendee(id: UUID(number: 201), name: "Ada")])
}

extension App {
    /// An app with `meetings` loaded and nothing pushed.
    static func loaded(_ meetings: Meeting...) -> App {
        App(list: MeetingsList(meetings: IdentifiedStates(meetings)), isLoaded: true)
    }
}
