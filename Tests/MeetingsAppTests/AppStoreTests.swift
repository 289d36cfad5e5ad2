import EffectStore
import EffectStoreShared
import EffectStoreTesting
import Foundation
import MeetingsApp
import XCTest

/// The app on a real `Store`: the recording's timer on a `TestClock`, speech that the test speaks into, the meetings
/// in memory or in a real file, saved by the store.
final class AppStoreTests: XCTestCase {
    private let design = Meeting.design

    /// A storage holding the design meeting.
    private func savedDesign() -> InMemoryStorage {
        InMemoryStorage(seeding: [design], as: App.meetingsKey)
    }

    /// The meetings `storage` holds now.
    private func meetings(in storage: InMemoryStorage) -> IdentifiedStates<Meeting>? {
        let reader = SavedValueWriter(key: App.meetingsKey, storage: storage)
        return reader.load().value
    }

    /// Waits (bounded) until the store has handled the load of the meetings: the link's `load`, no polling.
    private func loaded(_ saving: SavedStateLink<IdentifiedStates<Meeting>>) -> Bool {
        saving.load.wait(timeout: .seconds(10)) != nil
    }

    /// The recording's state on `store`, when screen 1 is a recording.
    private func recording(_ store: Store<App>) -> MeetingRecording? {
        store.state.path[id: 1, case: App.Screen.record]
    }

    /// A loaded store of the design meeting, its detail pushed and its meeting started with `stamp(7)`, the
    /// transcription running.
    private func recordingStore(
        storage: InMemoryStorage, speech: ScriptedSpeech, clock: TestClock
    ) async throws -> (Store<App>, SavedStateLink<IdentifiedStates<Meeting>>) {
        let (store, saving) = makeMeetingsStore(storage: storage, speech: speech, clock: clock)
        let isLoaded = loaded(saving)
        XCTAssertTrue(isLoaded)
        store.dispatch(event: .list(.meetingTapped(id: design.id)))
        // Not awaited: the dispatch's future waits for the recording's timer and transcription.
        store.dispatch(event: .path(.element(id: 0, .detail(.startMeetingTapped(stamp(7))))))
        let transcribing = await eventually { speech.runningCount == 1 }
        XCTAssertTrue(transcribing)
        return (store, saving)
    }

    func test_recording_ticksWithTheTestClock_transcribes_andHandsItsRecordBackWhenTimeIsUp() async throws {
        let storage = savedDesign()
        let speech = ScriptedSpeech()
        let clock = TestClock()
        let (store, saving) = try await recordingStore(storage: storage, speech: speech, clock: clock)

        speech.say("Hello")
        let heard = await eventually { recording(store)?.transcript == "Hello" }
        XCTAssertTrue(heard)
        clock.advance(by: .seconds(3))  // each tick asks for the next, which falls due within the advance
        XCTAssertEqual(recording(store)?.secondsElapsed, 3)
        XCTAssertEqual(recording(store)?.speakerIndex, 1)

        clock.advance(by: .seconds(3))  // time is up
        var recorded = design
        recorded.pastMeetings = [
            MeetingRecord(id: UUID(number: 7), date: Date(timeIntervalSince1970: 7), transcript: "Hello")
        ]
        XCTAssertEqual(store.state.path.ids, [0])
        XCTAssertEqual(store.state.list.meetings.value[id: design.id], recorded)
        let stopped = await eventually { speech.runningCount == 0 }
        XCTAssertTrue(stopped, "the pop stopped the transcription")
        XCTAssertEqual(clock.scheduledCount, 1, "no tick waits; the save's delay does, on the store's clock")
        clock.advance(by: .seconds(1))  // App.saveDelay
        XCTAssertEqual(clock.scheduledCount, 0)

        let flushed = await saving.flush().value
        XCTAssertEqual(flushed, .written)
        XCTAssertEqual(storage.writes.count, 1, "one write: the load was not written back")
        XCTAssertEqual(meetings(in: storage), [recorded])
    }

    func test_poppingTheRecordingMidway_stopsTheTimerAndTheTranscription() async throws {
        let speech = ScriptedSpeech()
        let clock = TestClock()
        let storage = savedDesign()
        let (store, saving) = try await recordingStore(storage: storage, speech: speech, clock: clock)
        clock.advance(by: .seconds(2))
        XCTAssertEqual(recording(store)?.secondsElapsed, 2)

        _ = await store.dispatch(event: .path(.popFrom(id: 1))).value

        XCTAssertEqual(store.state.path.ids, [0])
        XCTAssertEqual(clock.scheduledCount, 0, "no tick waits")
        let stopped = await eventually { speech.runningCount == 0 }
        XCTAssertTrue(stopped)
        speech.say("too late")
        clock.advance(by: .seconds(10))
        XCTAssertEqual(store.state.list.meetings.value[id: design.id], design, "nothing was recorded")
        XCTAssertEqual(speech.startedCount, 1)
        _ = await saving.flush().value
        XCTAssertEqual(storage.writes, [], "nothing changed: nothing written")
    }

    func test_load_nothingSaved_isAnEmptyList_andWritesNothing() async {
        let storage = InMemoryStorage()
        let (store, saving) = makeMeetingsStore(storage: storage, speech: ScriptedSpeech())

        let isLoaded = loaded(saving)

        XCTAssertTrue(isLoaded)
        XCTAssertEqual(store.state.list.meetings.phase, .saving)
        XCTAssertTrue(store.state.list.meetings.value.isEmpty)
        _ = await saving.flush().value
        XCTAssertEqual(storage.writes, [])
    }

    func test_load_badFile_startsEmpty_leavesTheFile_andSaysWhy() async {
        let unreadable = Data("not json".utf8)
        let storage = InMemoryStorage(data: unreadable)
        let (store, saving) = makeMeetingsStore(storage: storage, speech: ScriptedSpeech())

        let isLoaded = loaded(saving)

        XCTAssertTrue(isLoaded)
        XCTAssertTrue(store.state.list.meetings.value.isEmpty)
        guard case .unreadable(let error) = store.state.list.meetings.phase else {
            return XCTFail("the phase is \(store.state.list.meetings.phase)")
        }
        XCTAssertEqual(error.reason, .unreadable)
        XCTAssertTrue(error.description.hasPrefix("Saved value \"meetings\": its saved value could not be read"))
        _ = await saving.flush().value
        XCTAssertEqual(storage.data, unreadable, "reading a bad file writes nothing")
        XCTAssertEqual(storage.keptAside, [unreadable])
    }

    /// Issue 54: a relaunch round trip over an unreadable file keeps one copy of it. Three launches carry on read-only
    /// and leave the file as it is; the fourth starts fresh and saves a meeting, which the fifth reads back. Failed
    /// before: each launch kept one more copy.
    func test_relaunchesOverAnUnreadableFile_keepOneCopyOfIt_untilTheUserStartsFresh() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meetings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("meetings.json")
        let unreadable = Data("not json".utf8)
        try unreadable.write(to: url)
        let copy = folder.appendingPathComponent("meetings.unreadable-1.json").path

        for launch in 1...4 {
            let (store, saving) = makeMeetingsStore(storage: FileStorage(url: url), speech: ScriptedSpeech())
            let isLoaded = loaded(saving)
            XCTAssertTrue(isLoaded)
            guard case .unreadable(let error) = store.state.list.meetings.phase else {
                return XCTFail("launch \(launch): the phase is \(store.state.list.meetings.phase)")
            }
            XCTAssertEqual(error.copyKeptAt, copy, "launch \(launch)")
            if launch == 4 {
                store.dispatch(event: .startFresh)
                store.dispatch(event: .list(.addTapped(stamp(1, 2))))
                store.dispatch(event: .list(.addForm(.presented(.titleChanged("Design")))))
                _ = await store.dispatch(event: .list(.addForm(.presented(.doneTapped)))).value
            }
            let flushed = await saving.flush().value
            XCTAssertEqual(flushed, .written, "launch \(launch)")
            if launch < 4 { XCTAssertEqual(try Data(contentsOf: url), unreadable, "launch \(launch) wrote over it") }
        }
        let (relaunched, relaunchedSaving) = makeMeetingsStore(storage: FileStorage(url: url), speech: ScriptedSpeech())
        let readBack = loaded(relaunchedSaving)
        XCTAssertTrue(readBack)
        XCTAssertEqual(Array(relaunched.state.list.meetings.value), [Meeting(id: UUID(number: 1), title: "Design")])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            [".meetings.json.lock", "meetings.json", "meetings.unreadable-1.json"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), unreadable)
    }

    func test_makeMeetingsStore_readsTheSavedMeetings_andAMeetingAddedIsSavedToAFileAndReadBack() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meetings-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let (first, saving) = makeMeetingsStore(storage: FileStorage(url: url), speech: ScriptedSpeech())
        let isLoaded = loaded(saving)
        XCTAssertTrue(isLoaded)

        first.dispatch(event: .list(.addTapped(stamp(1, 2))))
        first.dispatch(event: .list(.addForm(.presented(.titleChanged("Design")))))
        _ = await first.dispatch(event: .list(.addForm(.presented(.doneTapped)))).value
        XCTAssertEqual(first.state.list.meetings.value.count, 1)
        let flushed = await saving.flush().value
        XCTAssertEqual(flushed, .written)

        let (second, secondSaving) = makeMeetingsStore(storage: FileStorage(url: url), speech: ScriptedSpeech())
        let readBack = loaded(secondSaving)
        XCTAssertTrue(readBack)
        XCTAssertEqual(Array(second.state.list.meetings.value), [Meeting(id: UUID(number: 1), title: "Design")])
    }

    func test_meetingsEvents_withAnIncrementingStamper_giveEveryNewThingTheNextIDAndDate() async throws {
        let clock = TestClock()
        let speech = ScriptedSpeech()
        let (store, saving) = makeMeetingsStore(storage: InMemoryStorage(), speech: speech, clock: clock)
        let isLoaded = loaded(saving)
        XCTAssertTrue(isLoaded)
        let events = MeetingsEvents(stamper: .incrementing(from: Date(timeIntervalSince1970: 100)))

        store.dispatch(event: events.addMeeting())  // two ids: the meeting's, and its first attendee's
        store.dispatch(event: .list(.addForm(.presented(.attendeeNameChanged(id: UUID(number: 1), "Ana")))))
        store.dispatch(event: events.addAttendeeToNewMeeting())
        store.dispatch(event: .list(.addForm(.presented(.attendeeNameChanged(id: UUID(number: 2), "Bo")))))
        store.dispatch(event: .list(.addForm(.presented(.doneTapped))))
        store.dispatch(event: .list(.meetingTapped(id: UUID(number: 0))))
        store.dispatch(event: .path(.element(id: 0, .detail(.editTapped))))
        store.dispatch(event: events.addAttendeeToMeeting(onScreen: 0))
        func edit(_ event: MeetingForm.Event) -> App.Event {
            .path(.element(id: 0, .detail(.destination(.presented(.edit(event))))))
        }
        store.dispatch(event: edit(.attendeeNameChanged(id: UUID(number: 3), "Cy")))
        store.dispatch(event: edit(.doneTapped))
        XCTAssertEqual(
            store.state.list.meetings.value[id: UUID(number: 0)]?.attendees,
            [
                Attendee(id: UUID(number: 1), name: "Ana"), Attendee(id: UUID(number: 2), name: "Bo"),
                Attendee(id: UUID(number: 3), name: "Cy"),
            ]
        )

        // Not awaited: the dispatch's future waits for the recording's timer and transcription.
        store.dispatch(event: events.startMeeting(onScreen: 0))
        XCTAssertEqual(
            store.state.path[id: 1, case: App.Screen.record]?.stamp,
            EventStamp(id: UUID(number: 4), date: Date(timeIntervalSince1970: 103)),
            "the fourth stamp, whose id follows the five before: the recording's record gets its id and date"
        )
        _ = await store.dispatch(event: .path(.popFrom(id: 1))).value
        let stopped = await eventually { speech.runningCount == 0 }
        XCTAssertTrue(stopped)
    }
}
