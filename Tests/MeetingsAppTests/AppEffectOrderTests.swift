import EffectStore
import EffectStoreTesting
import Foundation
import MeetingsApp
import XCTest

/// The meetings app under the explorer of effect orders: a meeting opened, recorded, ended and saved, while the
/// recording's ticks fire on the virtual clock, the transcription runs, and the saves answer — or fail — in any order.
/// In a file of its own, apart from the app's routing, which is being reworked.
final class AppEffectOrderTests: XCTestCase {
    private let design = Meeting.design

    func test_recordingAMeeting_inEveryOrderOfTicksAndSaves_keepsTheListAndTheDetailsAgreed() {
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
                return app.list.meetings[id: detail.meeting.id] == detail.meeting
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
            case .load: return [.later(.loaded([self.design]))]
            case .save: return [.later(.saved), .failing(.saveFailed("The disk is full"))]
            case .screen(let id, .record(.tick)): return [.atOnce(.path(.element(id: id, .record(.timerTicked))))]
            case .screen(_, .record(.transcribe)): return [.never]
            default: return []
            }
        }
        let bounds = EffectOrderBounds(depth: 16, outOfOrder: 1, allowsRunningEffects: true, timeLimit: 60)
        let exploration = explorer.exploreEffectOrders(bounds: bounds)
        exploration.assertNoFailure()
        // The figures of the article's table (counts; configurations compared by value): 18 distinct states, reached
        // by 5 schedules through 66 configurations.
        XCTAssertEqual(exploration.distinctStates, 18)
        XCTAssertEqual(exploration.schedules, 5)
        XCTAssertEqual(exploration.configurations, 66)
    }
}
