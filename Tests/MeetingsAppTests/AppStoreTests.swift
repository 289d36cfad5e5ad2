import EffectStore
import EffectStoreTesting
import Foundation
import MeetingsApp
import XCTest

/// The app on a real `Store`: the recording's timer on a `TestClock`, speech that the test speaks into, the meetings
/// in an in-memory file or a real one.
final class AppStoreTests: XCTestCase {
    private let design = Meeting.design

    private func encoded(_ meetings: [Meeting]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(meetings)
    }

    /// The recording's state on `store`, when screen 1 is a recording.
    private func recording(_ store: Store<App>) -> MeetingRecording? { store.state.path[id: 1, case: .record] }

    /// A loaded store of the design meeting, its detail pushed and its meeting started with `stamp(7)`, the
    /// transcription running.
    private func recordingStore(
        file: InMemoryMeetingsFile, speech: ScriptedSpeech, clock: TestClock
    ) async throws -> Store<App> {
        let store = Store<App>(effectHandler: makeMeetingsEffects(storage: file, speech: speech), clock: clock)
        _ = await store.dispatch(event: .load).value
        store.dispatch(event: .list(.meetingTapped(id: design.id)))
        // Not awaited: the dispatch's future waits for the recording's timer and transcription.
        store.dispatch(event: .path(.element(id: 0, .detail(.startMeetingTapped(stamp(7))))))
        let transcribing = await eventually { speech.runningCount == 1 }
        XCTAssertTrue(transcribing)
        return store
    }

    func test_recording_ticksWithTheTestClock_transcribes_andHandsItsRecordBackWhenTimeIsUp() async throws {
        let file = InMemoryMeetingsFile(saved: try encoded([design]))
        let speech = ScriptedSpeech()
        let clock = TestClock()
        let store = try await recordingStore(file: file, speech: speech, clock: clock)

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
        XCTAssertEqual(store.state.list.meetings[id: design.id], recorded)
        let stopped = await eventually { speech.runningCount == 0 }
        XCTAssertTrue(stopped, "the pop stopped the transcription")
        XCTAssertEqual(clock.scheduledCount, 1, "no tick waits; the save does")

        clock.advance(by: .seconds(1))
        let saved = await eventually { file.writtenMeetings == [[recorded]] }
        XCTAssertTrue(saved)
    }

    func test_poppingTheRecordingMidway_stopsTheTimerAndTheTranscription() async throws {
        let speech = ScriptedSpeech()
        let clock = TestClock()
        let store = try await recordingStore(
            file: InMemoryMeetingsFile(saved: try encoded([design])), speech: speech, clock: clock)
        clock.advance(by: .seconds(2))
        XCTAssertEqual(recording(store)?.secondsElapsed, 2)

        _ = await store.dispatch(event: .path(.popFrom(id: 1))).value

        XCTAssertEqual(store.state.path.ids, [0])
        XCTAssertEqual(clock.scheduledCount, 0, "no tick waits")
        let stopped = await eventually { speech.runningCount == 0 }
        XCTAssertTrue(stopped)
        speech.say("too late")
        clock.advance(by: .seconds(10))
        XCTAssertEqual(store.state.list.meetings[id: design.id], design, "nothing was recorded")
        XCTAssertEqual(speech.startedCount, 1)
    }

    func test_load_nothingSaved_isAnEmptyList() async {
        let store = Store<App>(
            effectHandler: makeMeetingsEffects(storage: InMemoryMeetingsFile(), speech: ScriptedSpeech()))

        let state = await store.dispatch(event: .load).value

        XCTAssertTrue(state.isLoaded)
        XCTAssertTrue(state.list.meetings.isEmpty)
        XCTAssertNil(state.loadError)
    }

    func test_load_badFile_startsEmpty_withAMessageThatSaysSo() async {
        let file = InMemoryMeetingsFile(saved: Data("not json".utf8))
        let store = Store<App>(effectHandler: makeMeetingsEffects(storage: file, speech: ScriptedSpeech()))

        let state = await store.dispatch(event: .load).value

        XCTAssertTrue(state.isLoaded)
        XCTAssertTrue(state.list.meetings.isEmpty)
        let message = try? XCTUnwrap(state.loadError)
        XCTAssertEqual(message?.hasPrefix("The saved meetings could not be read ("), true, message ?? "")
        XCTAssertEqual(message?.hasSuffix("The list starts empty; the file is replaced at the next change."), true)
        XCTAssertEqual(file.writtenMeetings, [], "reading a bad file writes nothing")
    }

    func test_makeMeetingsStore_readsTheSavedMeetings_andAMeetingAddedIsSavedToAFileAndReadBack() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meetings-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let clock = TestClock()
        let first = makeMeetingsStore(storage: MeetingsFile(url: url), speech: ScriptedSpeech(), clock: clock)
        let loaded = await eventually { first.state.isLoaded }
        XCTAssertTrue(loaded)

        first.dispatch(event: .list(.addTapped(stamp(1, 2))))
        first.dispatch(event: .list(.addForm(.presented(.titleChanged("Design")))))
        // Not awaited: the dispatch's future waits for the save, which waits for the clock.
        first.dispatch(event: .list(.addForm(.presented(.doneTapped))))
        let added = await eventually { first.state.list.meetings.count == 1 }
        XCTAssertTrue(added)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "not before the debounce")
        clock.advance(by: .seconds(1))
        let written = await eventually { FileManager.default.fileExists(atPath: url.path) }
        XCTAssertTrue(written)

        let second = makeMeetingsStore(storage: MeetingsFile(url: url), speech: ScriptedSpeech())
        let readBack = await eventually { second.state.isLoaded }
        XCTAssertTrue(readBack)
        XCTAssertEqual(Array(second.state.list.meetings), [Meeting(id: UUID(number: 1), title: "Design")])
    }

    func test_meetingsEvents_withAnIncrementingStamper_giveEveryNewThingTheNextIDAndDate() async throws {
        let clock = TestClock()
        let speech = ScriptedSpeech()
        let store = makeMeetingsStore(storage: InMemoryMeetingsFile(), speech: speech, clock: clock)
        let loaded = await eventually { store.state.isLoaded }
        XCTAssertTrue(loaded)
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
            store.state.list.meetings[id: UUID(number: 0)]?.attendees,
            [
                Attendee(id: UUID(number: 1), name: "Ana"), Attendee(id: UUID(number: 2), name: "Bo"),
                Attendee(id: UUID(number: 3), name: "Cy"),
            ]
        )

        // Not awaited: the dispatch's future waits for the recording's timer and transcription.
        store.dispatch(event: events.startMeeting(onScreen: 0))
        XCTAssertEqual(
            store.state.path[id: 1, case: .record]?.stamp,
            EventStamp(id: UUID(number: 4), date: Date(timeIntervalSince1970: 103)),
            "the fourth stamp, whose id follows the five before: the recording's record gets its id and date"
        )
        _ = await store.dispatch(event: .path(.popFrom(id: 1))).value
        let stopped = await eventually { speech.runningCount == 0 }
        XCTAssertTrue(stopped)
    }
}
