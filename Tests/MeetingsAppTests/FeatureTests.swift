import EffectStore
import EffectStoreTesting
import Foundation
import MeetingsApp
import XCTest

/// The screens alone: data in, data out, and a recording on a `TestStore` of its own (a `ChildState` needs no
/// `initialState`).
final class FeatureTests: XCTestCase {
    private let design = Meeting.design

    func test_form_done_dropsBlankAttendees_andTellsTheMeeting() {
        var form = MeetingForm(meeting: Meeting(id: UUID(number: 1), title: "Retro"))
        _ = form.transition(on: .addAttendeeTapped(stamp(2)))
        _ = form.transition(on: .attendeeNameChanged(id: UUID(number: 2), "Ada"))
        _ = form.transition(on: .addAttendeeTapped(stamp(3)))
        _ = form.transition(on: .attendeeNameChanged(id: UUID(number: 3), "  "))

        let ada = Attendee(id: UUID(number: 2), name: "Ada")
        let done = Meeting(id: UUID(number: 1), title: "Retro", attendees: [ada])
        XCTAssertEqual(form.transition(on: .doneTapped), .tell(.done(done)))
    }

    func test_detail_dismissingOrSwitchingTheDestination_endsNothing_sinceItPerformsNothing() {
        var detail = MeetingDetail(meeting: design)

        XCTAssertNil(detail.transition(on: .editTapped))
        XCTAssertNil(detail.transition(on: .deleteTapped), "the edit sheet gave way to the alert: nothing ran under it")
        XCTAssertEqual(detail.destination, .alert(.deleteMeeting(design)))
        XCTAssertNil(detail.transition(on: .deleteTapped), "one alert for another of its kind: the same presentation")
        XCTAssertNil(detail.transition(on: .destination(.dismiss)))
        XCTAssertEqual(detail.destination, nil)
        XCTAssertNil(
            detail.transition(on: .destination(.presented(.alert(.confirmDeletion)))), "a late tap is ignored")
    }

    func test_detail_confirmDeletion_tellsTheApp_inTheTransitionThatEndsTheAlert() {
        var detail = MeetingDetail(meeting: design, destination: .alert(.deleteMeeting(design)))

        XCTAssertEqual(
            detail.transition(on: .destination(.presented(.alert(.confirmDeletion)))),
            .tell(.deleteConfirmed(design.id))
        )
        XCTAssertEqual(detail.destination, nil)
    }

    func test_detail_startMeeting_tellsTheStampedStart() {
        var detail = MeetingDetail(meeting: design)

        XCTAssertEqual(detail.transition(on: .startMeetingTapped(stamp(7))), .tell(.startMeeting(design, stamp(7))))
    }

    func test_recordingAlone_onATestStore_startsTicksAndEndsWithItsRecord() {
        let store = TestStore(initialState: MeetingRecording(meeting: design, stamp: stamp(7)))

        store.send(.start)
        store.receiveEffect(.work(.transcribe))
        store.send(.transcribed("Hi"), from: .work(.transcribe)) { $0.transcript = "Hi" }
        store.advance(by: .seconds(5), answering: .work(.tick), with: .timerTicked) {
            $0.secondsElapsed += 1
            $0.speakerIndex = $0.secondsElapsed / 2
        }
        store.advance(by: .seconds(1))
        store.receiveEffect(.work(.tick))
        store.complete(.work(.tick), with: .timerTicked) { $0.secondsElapsed = 6 }
        let record = MeetingRecord(id: UUID(number: 7), date: Date(timeIntervalSince1970: 7), transcript: "Hi")
        // Alone, the message is an effect like any other: the app takes it out in the same transition.
        store.receiveEffect(.tell(.meetingEnded(record)))
        store.complete(.tell(.meetingEnded(record)))
        XCTAssertEqual(store.cancelRemainingEffects(), [.work(.transcribe)], "alone, the test ends what a pop would")
        store.finish()
    }

    /// Ended early, the recording alone keeps its next tick on the clock and its transcription running: the app's pop
    /// would end them; the test ends them with `cancelRemainingEffects()`.
    func test_recordingAlone_endedEarly_endsWhatStillRuns() {
        let store = TestStore(initialState: MeetingRecording(meeting: design, stamp: stamp(7)))

        store.send(.start)
        store.receiveEffect(.work(.transcribe))
        store.advance(by: .seconds(2), answering: .work(.tick), with: .timerTicked) {
            $0.secondsElapsed += 1
            $0.speakerIndex = $0.secondsElapsed / 2
        }
        store.send(.endMeetingTapped) { $0.alert = .endMeeting(isDiscardable: true) }
        store.send(.alert(.presented(.confirmDiscard))) { $0.alert = nil }
        store.receiveEffect(.tell(.discarded))
        store.complete(.tell(.discarded))
        XCTAssertEqual(store.clock.scheduledCount, 1, "the next tick waits")
        store.cancelRemainingEffects()
        XCTAssertEqual(store.clock.scheduledCount, 0)
        store.finish()
    }

    func test_recording_ticksWhileTheAlertShows_keepTheTimerGoing_withoutCounting() {
        var recording = MeetingRecording(meeting: design, stamp: stamp(7))
        recording.alert = .endMeeting(isDiscardable: true)

        XCTAssertEqual(recording.transition(on: .timerTicked), MeetingRecording.nextTick)
        XCTAssertEqual(recording.secondsElapsed, 0)
    }

    func test_app_theRecordingsEffects_runUnderItsScreen_withTheirIDsScopedToIt() {
        var app = App.loaded(design)
        _ = app.transition(on: .list(.meetingTapped(id: design.id)))

        let started = app.transition(on: .path(.element(id: 0, .detail(.startMeetingTapped(stamp(7))))))

        XCTAssertEqual(
            started,
            App.path.lift((1, App.Screen.record.lift(.all(MeetingRecording.nextTick, .work(.transcribe)))))
        )
        // Under the scope that popping screen 1 cancels, and the timer's id is the screen's own.
        guard case .cancellable(_, let screen, cancelInFlight: false)? = started?.plan else {
            return XCTFail("the recording's effects do not run under its screen: \(String(describing: started))")
        }
        XCTAssertEqual(App.path.ending(1), .cancel(id: screen))
        let timer = delayIDs(in: started)
        XCTAssertEqual(timer.count, 1)
        XCTAssertNotEqual(timer.first, EffectID(MeetingRecording.ID.timer))
        XCTAssertNotEqual(
            timer, delayIDs(in: App.path.lift((2, App.Screen.record.lift(MeetingRecording.nextTick)))),
            "another screen's timer is another id")
    }

    /// The ids of the delays in `effect`, at any depth.
    private func delayIDs(in effect: App.Effect?) -> [EffectID?] {
        switch effect?.plan {
        case .delayed(_, let id, _)?: [id]
        case .cancellable(let inner, _, _)?: delayIDs(in: inner)
        case .all(let effects)?: effects.flatMap { delayIDs(in: $0) }
        default: []
        }
    }

    func test_thePath_roundTripsThroughJSON_keepingItsIDs() throws {
        var app = App.loaded(design)
        _ = app.transition(on: .list(.meetingTapped(id: design.id)))
        _ = app.transition(on: .path(.element(id: 0, .detail(.startMeetingTapped(stamp(7))))))
        _ = app.transition(on: .path(.element(id: 1, .record(.endMeetingTapped))))

        let restored = try JSONDecoder().decode(ScreenStack<App.Screen>.self, from: JSONEncoder().encode(app.path))

        XCTAssertEqual(restored, app.path)
        XCTAssertEqual(restored.nextID, 2)
    }
}
