import EffectStore
import EffectStoreShared
import EffectStoreTesting
import Foundation
import MeetingsApp
import XCTest

/// Every flow of the app on an exhaustive `TestStore`: each state change, each effect, each cancellation that a
/// dismissal or a pop causes, and the clock.
final class AppFlowTests: XCTestCase {
    private let design = Meeting.design
    private let tick = App.Effect.work(.screen(1, .record(.tick)))
    private let ticked = App.Event.path(.element(id: 1, .record(.timerTicked)))
    private let transcribe = App.Effect.work(.screen(1, .record(.transcribe)))

    // MARK: - Loading and saving

    func test_load_atStart_fillsTheList_andWritesNothingBack() {
        let storage = InMemoryStorage(seeding: [design], as: App.meetingsKey)
        let (store, saving) = savingStore(storage)

        saving.receiveLoad { $0.list.meetings.apply(.loaded([self.design])) }
        store.advance(by: .seconds(5))
        XCTAssertEqual(storage.writes, [], "what was loaded is not written back")
        store.finish()
    }

    func test_load_unreadable_keepsTheFile_andSavesNothing_untilTheUserStartsFresh() {
        let unreadable = Data("not json".utf8)
        let storage = InMemoryStorage(data: unreadable)
        let (store, saving) = savingStore(storage)
        guard case .failed(let error) = saving.load else { return XCTFail("the load found \(saving.load)") }
        XCTAssertEqual(error.reason, .unreadable)
        XCTAssertEqual(storage.keptAside, [unreadable], "a copy is kept aside")

        saving.receiveLoad { $0.list.meetings.apply(.failed(error)) }
        add(Meeting(id: UUID(number: 1)), to: store, before: [])
        store.advance(by: .seconds(1))
        XCTAssertEqual(storage.data, unreadable, "nothing is written over what could not be read")

        store.send(.startFresh) { $0.list.meetings.startFresh() }
        saving.receiveSave([Meeting(id: UUID(number: 1))])
        store.finish()
    }

    func test_save_writesTheEditsOfASecondOnce_andARefusedWriteIsWrittenWithTheNextChange() {
        let storage = InMemoryStorage()
        let (store, saving) = savingStore(storage)
        let first = Meeting(id: UUID(number: 1))
        let second = Meeting(id: UUID(number: 2))
        let third = Meeting(id: UUID(number: 4))
        saving.receiveLoad { $0.list.meetings.apply(.absent) }

        add(first, to: store, before: [])
        store.advance(by: .milliseconds(500))  // another change comes in: it joins the write
        add(second, to: store, before: [first])
        store.advance(by: .milliseconds(499))
        XCTAssertEqual(storage.writes, [])
        store.advance(by: .milliseconds(1))
        saving.receiveSave([first, second])  // one write, of the latest list
        XCTAssertEqual(storage.writes.count, 1)

        store.send(.list(.addTapped(stamp(3, 5)))) { $0.list.addForm = newMeetingForm(3, attendee: 5) }
        store.send(.list(.addForm(.dismiss))) { $0.list.addForm = nil }  // Cancel: nothing changed, nothing saved
        storage.failWrites(1)
        add(third, to: store, before: [first, second])
        let refusal = SavedValueError(
            key: "meetings", reason: .writeFailed, detail: "InMemoryStorage: an injected write failure")
        // The refusal reaches the app as an event, whose message the view shows.
        let written = saving.receiveSave([first, second, third]) { $0.saveError = refusal.description }
        XCTAssertEqual(written, .failed(refusal))
        add(Meeting(id: UUID(number: 6)), to: store, before: [first, second, third])
        saving.receiveSave([first, second, third, Meeting(id: UUID(number: 6))])
        XCTAssertEqual(storage.writes.count, 2)
        store.send(.saveErrorDismissed) { $0.saveError = nil }
        store.finish()
    }

    /// Adds `meeting`, which has no title nor attendees, through the add sheet (whose blank attendee is dropped).
    private func add(
        _ meeting: Meeting, to store: TestStore<App>, before: [Meeting], line: UInt = #line
    ) {
        let attendee = Attendee(id: UUID(number: 99))
        store.send(.list(.addTapped(EventStamp(ids: [meeting.id, attendee.id], date: Date()))), line: line) {
            $0.list.addForm = MeetingForm(meeting: Meeting(id: meeting.id, attendees: [attendee]))
        }
        store.send(.list(.addForm(.presented(.doneTapped))), line: line) {
            $0.list.addForm = nil
            $0.list.meetings.value = IdentifiedStates(before + [meeting])
        }
    }

    // MARK: - Adding, editing, deleting

    func test_add_fillsTheForm_andAddsTheMeetingOnDone_withoutBlankAttendees() {
        let (store, saving) = savingStore()
        let added = Meeting(
            id: UUID(number: 1), title: "Design", durationInSeconds: 600,
            attendees: [Attendee(id: UUID(number: 2), name: "Ada")])

        store.send(.list(.addTapped(stamp(1, 2)))) { $0.list.addForm = newMeetingForm(1, attendee: 2) }
        store.send(.list(.addForm(.presented(.titleChanged("Design"))))) { $0.list.addForm?.meeting.title = "Design" }
        store.send(.list(.addForm(.presented(.durationChanged(seconds: 600))))) {
            $0.list.addForm?.meeting.durationInSeconds = 600
        }
        store.send(.list(.addForm(.presented(.attendeeNameChanged(id: UUID(number: 2), "Ada"))))) {
            $0.list.addForm?.meeting.attendees[0].name = "Ada"
        }
        store.send(.list(.addForm(.presented(.addAttendeeTapped(stamp(3)))))) {
            $0.list.addForm?.meeting.attendees.append(Attendee(id: UUID(number: 3)))
        }
        store.send(.list(.addForm(.presented(.doneTapped)))) {
            $0.list.addForm = nil
            $0.list.meetings.value = [added]
        }
        saving.receiveSave([added])
        store.finish()
    }

    func test_add_cancel_dismissesTheSheet_andSavesNothing() {
        let store = TestStore(initialState: App.loaded(design))

        store.send(.list(.addTapped(stamp(1, 2)))) { $0.list.addForm = newMeetingForm(1, attendee: 2) }
        store.send(.list(.addForm(.presented(.titleChanged("Retro"))))) { $0.list.addForm?.meeting.title = "Retro" }
        store.send(.list(.addForm(.dismiss))) { $0.list.addForm = nil }
        // The form performs nothing, so its leaving ends nothing: no cancellation to write.
        XCTAssertNil(store.transitions.last?.effect)
        store.finish()
    }

    func test_edit_cancel_leavesTheMeetingAsItWas() {
        let store = TestStore(initialState: App.loaded(design))
        var renamed = design
        renamed.title = "Design review"

        openDetail(in: store)
        store.send(.path(.element(id: 0, .detail(.editTapped)))) {
            $0.path[id: 0, case: App.Screen.detail]?.destination = .edit(MeetingForm(meeting: self.design))
        }
        store.send(.path(.element(id: 0, .detail(.destination(.presented(.edit(.titleChanged("Design review")))))))) {
            $0.path[id: 0, case: App.Screen.detail]?.destination = .edit(MeetingForm(meeting: renamed))
        }
        store.send(.path(.element(id: 0, .detail(.destination(.dismiss))))) {
            $0.path[id: 0, case: App.Screen.detail]?.destination = nil
        }
        XCTAssertNil(store.transitions.last?.effect, "a destination that performs nothing ends nothing")
        store.finish()
    }

    func test_edit_done_changesTheDetailAndTheList_andSaves() {
        let (store, saving) = savingStore(design)
        var renamed = design
        renamed.title = "Design review"
        var edited = renamed
        edited.attendees.removeLast()

        openDetail(in: store)
        store.send(.path(.element(id: 0, .detail(.editTapped)))) {
            $0.path[id: 0, case: App.Screen.detail]?.destination = .edit(MeetingForm(meeting: self.design))
        }
        store.send(.path(.element(id: 0, .detail(.destination(.presented(.edit(.titleChanged("Design review")))))))) {
            $0.path[id: 0, case: App.Screen.detail]?.destination = .edit(MeetingForm(meeting: renamed))
        }
        let removeLinus = App.Event.path(
            .element(id: 0, .detail(.destination(.presented(.edit(.removeAttendee(id: UUID(number: 103))))))))
        store.send(removeLinus) {
            $0.path[id: 0, case: App.Screen.detail]?.destination = .edit(MeetingForm(meeting: edited))
        }
        store.send(.path(.element(id: 0, .detail(.destination(.presented(.edit(.doneTapped))))))) {
            $0.path.modify(id: 0, case: App.Screen.detail) {
                $0.meeting = edited
                $0.destination = nil
            }
            $0.list.meetings.value[id: self.design.id] = edited
        }
        // Done dismissed the sheet, which performs nothing, so nothing ends; the store saves the change.
        XCTAssertNil(store.transitions.last?.effect)
        saving.receiveSave([edited])
        store.finish()
    }

    func test_delete_viaTheAlert_removesTheMeeting_popsTheDetail_andCancelsWhatBothStarted() {
        let (store, saving) = savingStore(design, .standup)

        openDetail(in: store)
        store.send(.path(.element(id: 0, .detail(.deleteTapped)))) {
            $0.path[id: 0, case: App.Screen.detail]?.destination = .alert(.deleteMeeting(self.design))
        }
        store.send(.path(.element(id: 0, .detail(.destination(.presented(.alert(.confirmDeletion))))))) {
            $0.list.meetings.value = [.standup]
            $0.path = []
        }
        // The detail's effects end — its alert's presentation with them: removal wins, so the end of the alert is
        // not there too — and the list without the meeting is saved.
        XCTAssertEqual(store.transitions.last?.effect, App.path.ending(0))
        saving.receiveSave([.standup])
        store.finish()
    }

    func test_delete_alertDismissed_keepsTheMeeting() {
        let store = TestStore(initialState: App.loaded(design))

        openDetail(in: store)
        store.send(.path(.element(id: 0, .detail(.deleteTapped)))) {
            $0.path[id: 0, case: App.Screen.detail]?.destination = .alert(.deleteMeeting(self.design))
        }
        store.send(.path(.element(id: 0, .detail(.destination(.dismiss))))) {
            $0.path[id: 0, case: App.Screen.detail]?.destination = nil
        }
        XCTAssertNil(store.transitions.last?.effect, "a destination that performs nothing ends nothing")
        store.finish()
    }

    // MARK: - The stack

    func test_pushAndPop_detailAndPastMeeting() {
        let record = MeetingRecord(id: UUID(number: 9), date: Date(timeIntervalSince1970: 9), transcript: "Hi")
        var meeting = design
        meeting.pastMeetings = [record]
        let store = TestStore(initialState: App.loaded(meeting))

        store.send(.list(.meetingTapped(id: meeting.id))) { $0.path.push(.detail(MeetingDetail(meeting: meeting))) }
        store.send(.path(.element(id: 0, .detail(.pastMeetingTapped(id: UUID(number: 9)))))) {
            $0.path.push(.pastMeeting(record, of: meeting))
        }
        XCTAssertEqual(store.state.path.ids, [0, 1])
        store.send(.path(.popFrom(id: 1))) { $0.path.pop() }
        XCTAssertEqual(store.transitions.last?.effect, App.path.ending(1))
        store.send(.path(.popFrom(id: 0))) { $0.path.pop() }
        store.send(.list(.meetingTapped(id: meeting.id))) { $0.path.push(.detail(MeetingDetail(meeting: meeting))) }
        XCTAssertEqual(store.state.path.ids, [2], "a stack never gives an id twice")
        store.finish()
    }

    func test_aSecondTapOnTheList_whileADetailShows_pushesNothing() {
        let store = TestStore(initialState: App.loaded(design, .standup))

        openDetail(in: store)
        store.send(.list(.meetingTapped(id: design.id)))  // a double tap: one detail of a meeting, never two copies
        store.send(.list(.meetingTapped(id: Meeting.standup.id)))
        XCTAssertEqual(store.state.path.ids, [0])
        store.finish()
    }

    // MARK: - Recording

    func test_record_toTheEnd_handsTheRecordToTheDetail_andSaves() {
        let (store, saving) = savingStore(design)
        let record = MeetingRecord(id: UUID(number: 7), date: Date(timeIntervalSince1970: 7), transcript: "Hello")
        var recorded = design
        recorded.pastMeetings = [record]

        startMeeting(in: store)
        store.send(.path(.element(id: 1, .record(.transcribed("Hello")))), from: transcribe) {
            $0.path[id: 1, case: App.Screen.record]?.transcript = "Hello"
        }
        // Five ticks, one a second: two seconds per speaker.
        let ticks = store.advance(by: .seconds(5), answering: tick, with: ticked) {
            $0.path.modify(id: 1, case: App.Screen.record) {
                $0.secondsElapsed += 1
                $0.speakerIndex = $0.secondsElapsed / 2
            }
        }
        XCTAssertEqual(ticks, 5)
        // The sixth: time is up. The recording is popped, its record handed to the detail and the list.
        store.advance(by: .seconds(1))
        store.receiveEffect(tick)
        store.complete(tick, with: ticked) {
            $0.path.pop()
            $0.path[id: 0, case: App.Screen.detail]?.meeting = recorded
            $0.list.meetings.value = [recorded]
        }
        store.receiveCancellation(of: transcribe)  // the pop stopped the transcription
        store.advance(by: .seconds(1))
        saving.receiveSave([recorded])
        store.finish()
    }

    func test_record_endedEarlyThroughTheAlert_savesWhatWasSaid() {
        let (store, saving) = savingStore(design)
        let record = MeetingRecord(id: UUID(number: 7), date: Date(timeIntervalSince1970: 7), transcript: "")
        var recorded = design
        recorded.pastMeetings = [record]

        startMeeting(in: store)
        store.advance(by: .seconds(1), answering: tick, with: ticked) {
            $0.path[id: 1, case: App.Screen.record]?.secondsElapsed = 1
        }
        store.send(.path(.element(id: 1, .record(.endMeetingTapped)))) {
            $0.path[id: 1, case: App.Screen.record]?.alert = .endMeeting(isDiscardable: true)
        }
        store.advance(by: .seconds(3), answering: tick, with: ticked)  // the alert shows: time stands still
        store.send(.path(.element(id: 1, .record(.alert(.presented(.confirmSave)))))) {
            $0.path.pop()
            $0.path[id: 0, case: App.Screen.detail]?.meeting = recorded
            $0.list.meetings.value = [recorded]
        }
        store.receiveCancellation(of: transcribe)
        XCTAssertEqual(store.clock.scheduledCount, 1, "the next tick was cancelled; only the save waits")
        store.advance(by: .seconds(1))
        saving.receiveSave([recorded])
        store.finish()
    }

    func test_record_resumeThenDiscard_keepsNothing() {
        let store = TestStore(initialState: App.loaded(design))

        startMeeting(in: store)
        store.send(.path(.element(id: 1, .record(.endMeetingTapped)))) {
            $0.path[id: 1, case: App.Screen.record]?.alert = .endMeeting(isDiscardable: true)
        }
        store.send(.path(.element(id: 1, .record(.alert(.dismiss))))) {
            $0.path[id: 1, case: App.Screen.record]?.alert = nil
        }
        store.advance(by: .seconds(1), answering: tick, with: ticked) {
            $0.path[id: 1, case: App.Screen.record]?.secondsElapsed = 1
        }
        store.send(.path(.element(id: 1, .record(.endMeetingTapped)))) {
            $0.path[id: 1, case: App.Screen.record]?.alert = .endMeeting(isDiscardable: true)
        }
        store.send(.path(.element(id: 1, .record(.alert(.presented(.confirmDiscard)))))) { $0.path.pop() }
        store.receiveCancellation(of: transcribe)
        XCTAssertEqual(store.transitions.last?.effect, App.path.ending(1))
        store.finish()  // no record, no save, no timer left
    }

    func test_record_nextSpeakerOnTheLast_asksToEnd_withoutDiscard() {
        let store = TestStore(initialState: App.loaded(design))

        startMeeting(in: store)
        store.send(.path(.element(id: 1, .record(.nextSpeakerTapped)))) {
            $0.path.modify(id: 1, case: App.Screen.record) {
                $0.speakerIndex = 1
                $0.secondsElapsed = 2
            }
        }
        store.send(.path(.element(id: 1, .record(.nextSpeakerTapped)))) {
            $0.path.modify(id: 1, case: App.Screen.record) {
                $0.speakerIndex = 2
                $0.secondsElapsed = 4
            }
        }
        store.send(.path(.element(id: 1, .record(.nextSpeakerTapped)))) {
            $0.path[id: 1, case: App.Screen.record]?.alert = .endMeeting(isDiscardable: false)
        }
        store.send(.path(.popFrom(id: 1))) { $0.path.pop() }
        store.receiveCancellation(of: transcribe)
        store.finish()
    }

    func test_poppingTheRecordingMidway_cancelsTheTimerAndTheStream() {
        let store = TestStore(initialState: App.loaded(design))

        startMeeting(in: store)
        store.advance(by: .seconds(2), answering: tick, with: ticked) {
            $0.path.modify(id: 1, case: App.Screen.record) {
                $0.secondsElapsed += 1
                $0.speakerIndex = $0.secondsElapsed / 2
            }
        }
        store.send(.path(.popFrom(id: 1))) { $0.path.pop() }
        XCTAssertEqual(store.transitions.last?.effect, App.path.ending(1))
        store.receiveCancellation(of: transcribe)
        XCTAssertEqual(store.clock.scheduledCount, 0, "no tick waits")
        store.advance(by: .seconds(10))
        store.finish()
    }

    func test_poppingToTheRoot_cancelsEveryScreen_topFirst() {
        let store = TestStore(initialState: App.loaded(design))

        startMeeting(in: store)
        store.send(.path(.popFrom(id: 0))) { $0.path = [] }
        expectRecordingAndDetailEnded(in: store)
        store.finish()
    }

    func test_lateEventsForPoppedScreens_areIgnored() {
        let store = TestStore(initialState: App.loaded(design))

        startMeeting(in: store)
        store.send(.path(.popFrom(id: 1))) { $0.path.pop() }
        store.receiveCancellation(of: transcribe)

        store.send(ticked)  // a tick that was already on its way
        store.send(.path(.element(id: 1, .record(.transcribed("late")))))
        store.send(.path(.element(id: 1, .record(.alert(.presented(.confirmSave))))))
        store.send(.path(.popFrom(id: 1)))  // popped already
        store.send(.path(.popFrom(id: 42)))  // never pushed
        // No alert shows, and no form:
        store.send(.path(.element(id: 0, .detail(.destination(.presented(.alert(.confirmDeletion)))))))
        store.send(.path(.element(id: 0, .detail(.destination(.presented(.edit(.doneTapped)))))))
        store.send(.list(.addForm(.presented(.doneTapped))))  // no add sheet shows
        XCTAssertTrue(store.transitions.suffix(8).allSatisfy { $0.effect == nil && $0.from == $0.to })
        store.finish()
    }

    // MARK: - Deep links

    func test_deepLink_whileRecording_showsTheDetailAlone_andEndsEveryScreenItReplaces() {
        let store = TestStore(initialState: App.loaded(design))

        startMeeting(in: store)
        store.send(.deepLink(design.id)) {
            $0.path.setScreens([.detail(MeetingDetail(meeting: self.design))])
        }
        XCTAssertEqual(store.state.path.ids, [2], "new ids: no id of a replaced screen comes back")
        expectRecordingAndDetailEnded(in: store)
        XCTAssertEqual(store.clock.scheduledCount, 0, "the recording's tick no longer waits")
        store.advance(by: .seconds(10))
        store.finish()
    }

    func test_deepLink_toAnUnknownMeeting_changesNothing() {
        let store = TestStore(initialState: App.loaded(design))

        openDetail(in: store)
        store.send(.deepLink(UUID(number: 99)))
        XCTAssertEqual(store.transitions.last?.effect, nil)
        XCTAssertEqual(store.state.path.ids, [0])
        store.finish()
    }

    // MARK: - Helpers

    /// Taps the design meeting: its detail is pushed as screen 0.
    private func openDetail(in store: TestStore<App>, line: UInt = #line) {
        store.send(.list(.meetingTapped(id: design.id)), line: line) {
            $0.path.push(.detail(MeetingDetail(meeting: self.design)))
        }
    }

    /// Opens the design meeting and starts it with `stamp(7)`: the recording is screen 1, its transcription
    /// received, its first tick waiting on the clock.
    private func startMeeting(in store: TestStore<App>, line: UInt = #line) {
        openDetail(in: store, line: line)
        store.send(.path(.element(id: 0, .detail(.startMeetingTapped(stamp(7))))), line: line) {
            $0.path.push(.record(MeetingRecording(meeting: self.design, stamp: stamp(7))))
        }
        store.receiveEffect(transcribe, line: line)
    }

    /// Checks that the last transition ended the recording (screen 1) and then the detail (screen 0), and confirms
    /// the transcription it stopped.
    private func expectRecordingAndDetailEnded(in store: TestStore<App>, line: UInt = #line) {
        XCTAssertEqual(
            store.transitions.last?.effect,
            App.path.ending(1, 0),
            "both screens end, top first, in that transition", line: line
        )
        store.receiveCancellation(of: transcribe, line: line)
    }

    /// The end of the detail's destination, as the app runs it: lifted from the detail on screen `id`.
}
