import EffectStore
import EffectStoreTesting
import Foundation
import MeetingsApp
import XCTest

/// The meetings app under the explorer of effect orders: a meeting opened, recorded and ended, while the recording's
/// ticks fire on the virtual clock and the transcription runs, in any order (the store saves the meetings: no effect).
/// In a file of its own, apart from the app's routing, which is being reworked.
final class AppEffectOrderTests: XCTestCase {
    private let design = Meeting.design

    func test_recordingAMeeting_inEveryOrderOfTicks_keepsTheListAndTheDetailsAgreed() {
        let explorer = StateExplorer(
            initialState: App.loaded(design),
            events: [
                .list(.meetingTapped(id: design.id)),
                .path(.element(id: 0, .detail(.startMeetingTapped(stamp(7))))),
                .path(.element(id: 1, .record(.endMeetingTapped))),
                .path(.element(id: 1, .record(.alert(.presented(.confirmSave))))),
                .path(.popFrom(id: 0)),
            ]
        )
        .invariant("every detail shows its meeting as the list has it") { app in
            app.path.allSatisfy { screen in
                guard case .detail(let detail) = screen else { return true }
                return app.list.meetings.value[id: detail.meeting.id] == detail.meeting
            }
        }
        .invariant("a recording is on top of its meeting's detail") { app in
            app.path.indices.allSatisfy { index in
                guard case .record = app.path[index] else { return true }
                guard index > 0, case .detail = app.path[index - 1] else { return false }
                return true
            }
        }
        .answering { effect in
            switch effect {
            case .screen(let id, .record(.tick)): return [.atOnce(.path(.element(id: id, .record(.timerTicked))))]
            case .screen(_, .record(.transcribe)): return [.never]
            default: return []
            }
        }
        let bounds = EffectOrderBounds(depth: 16, outOfOrder: 1, allowsRunningEffects: true, timeLimit: 60)
        let exploration = explorer.exploreEffectOrders(bounds: bounds)
        exploration.assertNoFailure()
        // The figures of the article's table (counts; configurations compared by value): 16 distinct states, reached
        // by 1 schedule through 56 configurations. (While the app saved with effects of its own, the saves' answers
        // gave 5 schedules, 66 configurations and 18 states; the store saves the meetings now.)
        XCTAssertEqual(exploration.distinctStates, 16)
        XCTAssertEqual(exploration.schedules, 1)
        XCTAssertEqual(exploration.configurations, 56)
    }
}
