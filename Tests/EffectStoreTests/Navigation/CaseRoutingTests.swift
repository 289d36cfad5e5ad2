import EffectStore
import XCTest

/// An enum of children routed to its case places (`route(_:to:messages:)` with a `ChildPlace(case:…)`): a line per
/// case, plans kept, messages told on, events for another case ignored.
final class CaseRoutingTests: XCTestCase {
    func test_anEnumOfScreens_routesByCase_keepsPlans_tellsMessagesOn_andIgnoresOtherCases() {
        var screen = HostScreen.ticker(Ticker(id: 1))
        // The ticker's effects run under its case place's scope.
        let nextTick = HostScreen.ticker.lift(Ticker.Effect.work(.tick).delayed(by: .seconds(1), id: "timer"))

        XCTAssertEqual(screen.transition(on: .ticker(.start)), nextTick)
        XCTAssertEqual(screen.transition(on: .ticker(.tick)), nextTick)
        XCTAssertEqual(screen, .ticker(Ticker(id: 1, ticks: 1)), "the changed child is put back in its case")
        XCTAssertEqual(screen.transition(on: .ticker(.finishStillTicking)), .all(nextTick, .tell(.finished(ticks: 1))))
        XCTAssertNil(screen.transition(on: .panel(.open(id: 2))), "an event for another case means nothing now")
        XCTAssertEqual(screen, .ticker(Ticker(id: 1, ticks: 1)))
    }

    /// What `lift` writes, spelled out: the child's timer id made the case's own, and the whole plan started under the
    /// case's scope, so that leaving the case ends it.
    func test_aCasesChild_runsItsPlanUnderItsCasesScope_withItsIDsMadeItsOwn() {
        var screen = HostScreen.ticker(Ticker(id: 1))
        XCTAssertEqual(
            screen.transition(on: .ticker(.start)).map { String(describing: $0) },
            ".work(.ticker(.tick))"
                + #".delayed(by: 1000 ms, id: HostScreen, case Ticker/"timer").cancellable(id: HostScreen, case Ticker)"#
        )
    }

    func test_aChildWithNoMessages_isLiftedWithItsPlan_underItsCasesScope() {
        var screen = HostScreen.panel(Panel())
        XCTAssertNil(screen.transition(on: .panel(.open(id: 3))))
        XCTAssertEqual(
            screen.transition(on: .panel(.sheet(.presented(.start)))),
            HostScreen.panel.lift(Panel.sheet.lift(Ticker.Effect.work(.tick).delayed(by: .seconds(1), id: "timer")))
        )
    }
}
