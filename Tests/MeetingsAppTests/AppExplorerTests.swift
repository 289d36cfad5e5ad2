import EffectStore
import EffectStoreTesting
import Foundation
import MeetingsApp
import XCTest

/// The explorer on the whole app: every sequence of taps, ticks, pops, alert buttons and deep links from a loaded list,
/// checked on every transition it reaches.
final class AppExplorerTests: XCTestCase {
    private let design = Meeting.design

    func test_everyTransition_cancelsWhatItRemoves_andKeepsTheListAndTheDetailsAgreed() {
        let exploration = StateExplorer(
            initialState: App.loaded(design),
            events: [
                .list(.meetingTapped(id: design.id)), .list(.addTapped(stamp(1, 2))),
                .list(.addForm(.presented(.doneTapped))), .list(.addForm(.dismiss)),
                .path(.element(id: 0, .detail(.editTapped))), .path(.element(id: 0, .detail(.deleteTapped))),
                .path(.element(id: 0, .detail(.destination(.presented(.edit(.titleChanged("Retro"))))))),
                .path(.element(id: 0, .detail(.destination(.presented(.edit(.doneTapped)))))),
                .path(.element(id: 0, .detail(.destination(.dismiss)))),
                .path(.element(id: 0, .detail(.destination(.presented(.alert(.confirmDeletion)))))),
                .path(.element(id: 0, .detail(.startMeetingTapped(stamp(7))))),
                .path(.element(id: 1, .record(.timerTicked))), .path(.element(id: 1, .record(.endMeetingTapped))),
                .path(.element(id: 1, .record(.alert(.presented(.confirmSave))))),
                .path(.element(id: 1, .record(.alert(.presented(.confirmDiscard))))),
                .path(.popFrom(id: 1)), .path(.popFrom(id: 0)),
                .deepLink(design.id),
            ],
            // Reaches its state limit in about 3.5 s in a debug build; a ThreadSanitizer build is about three times
            // slower, so the time limit leaves room for it: the state limit is what this test reaches.
            maxStates: 2_000,
            timeLimit: 60
        )
        .invariant("every detail shows its meeting as the list has it") { app in
            app.path.allSatisfy { screen in
                guard case .detail(let detail) = screen else { return true }
                return app.list.meetings.value[id: detail.meeting.id] == detail.meeting
            }
        }
        .transitionInvariant("a popped screen's effects are cancelled") { transition in
            let kept = Set(transition.to.path.ids)
            return transition.from.path.ids.allSatisfy {
                kept.contains($0) || transition.effect.ends(App.path.ending($0))
            }
        }
        .transitionInvariant("a dismissed add sheet's effects are cancelled") { transition in
            guard transition.from.list.addForm != nil, transition.to.list.addForm == nil else { return true }
            return transition.effect.ends(App.list.lift(MeetingsList.addForm.ending()))
        }
        .explore()

        // Stack ids never repeat, so pushes and pops reach new states forever: the exploration stops at its limit,
        // having checked every transition it took.
        XCTAssertEqual(exploration.cutShort, .stateLimit(2_000))
        XCTAssertEqual(exploration.violations.map(\.invariant), [])
        XCTAssertGreaterThan(exploration.states.count, 20)
        XCTAssertTrue(
            exploration.states.contains { app in
                if case .record? = app.path.last { true } else { false }
            })
    }
}
