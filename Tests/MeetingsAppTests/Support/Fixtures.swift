import EffectStore
import EffectStoreShared
import EffectStoreSharedTesting
import EffectStoreTesting
import Foundation
import MeetingsApp

/// The stamp the test gives an event: id `UUID(number: n)`, at `n` seconds after the epoch; with more numbers, a stamp
/// of several ids (`stamp(1, 2)`: `UUID(number: 1)` and `UUID(number: 2)`, at 1 s).
func stamp(_ n: Int, _ more: Int...) -> EventStamp {
    EventStamp(ids: ([n] + more).map { UUID(number: $0) }, date: Date(timeIntervalSince1970: TimeInterval(n)))
}

/// The add sheet's form of a new meeting with id `UUID(number: meeting)` and its first, blank attendee.
func newMeetingForm(_ meeting: Int, attendee: Int) -> MeetingForm {
    MeetingForm(meeting: Meeting(id: UUID(number: meeting), attendees: [Attendee(id: UUID(number: attendee))]))
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
        var app = App()
        app.list.meetings.apply(.loaded(IdentifiedStates(meetings)))
        return app
    }
}

/// The link through which a test receives the meetings' load and asserts their saves.
typealias MeetingsSaving = TestSavedStateLink<App, IdentifiedStates<Meeting>>

/// A test store of the app whose meetings are saved, as `makeMeetingsStore` saves them, to `storage`; its load not
/// yet received.
func savingStore(_ storage: InMemoryStorage) -> (TestStore<App>, MeetingsSaving) {
    let store = TestStore<App>()
    let saving = store.save(
        \.list.meetings, as: App.meetingsKey, in: storage, delay: App.saveDelay, loaded: App.Event.loaded,
        failed: App.Event.saveFailed)
    return (store, saving)
}

/// A test store of the app with `meetings` saved and loaded (``App/loaded(_:)``); each change of them is a save the
/// test asserts.
func savingStore(_ meetings: Meeting...) -> (TestStore<App>, MeetingsSaving) {
    let saved = IdentifiedStates(meetings)
    let (store, saving) = savingStore(InMemoryStorage(seeding: saved, as: App.meetingsKey))
    saving.receiveLoad { $0.list.meetings.apply(.loaded(saved)) }
    return (store, saving)
}

extension Optional where Wrapped == App.Effect {
    /// Whether this effect of a transition ends, in that transition, every child that `ending` ends — a place's
    /// ending, such as `App.path.ending(1)` — on its own or among its `.all` effects (`cancels(id:)`).
    func ends(_ ending: App.Effect) -> Bool {
        switch ending.plan {
        case .cancel(let id)?: self?.cancels(id: id) == true
        case .all(let endings)?: endings.allSatisfy { ends($0) }
        default: false
        }
    }
}
