import EffectStore
import XCTest

/// An enum of children routed by a `switch` over the state and the event (`handle(_:of:as:effect:message:)`): a line
/// per case, plans kept, messages lifted into the enum's own, events for another case ignored.
final class CaseRoutingTests: XCTestCase {
    func test_anEnumOfScreens_routesByCase_keepsPlans_liftsMessages_andIgnoresOtherCases() {
        var screen = HostScreen.ticker(Ticker(id: 1))
        // The case is declared among the enum's places: the ticker's effects run under its case's scope.
        let nextTick = HostScreen.Effect.work(.ticker(.work(.tick))).delayed(by: .seconds(1), id: "timer")
            .cancellable(id: CaseScope(Ticker.self, in: HostScreen.self))

        XCTAssertEqual(screen.handle(event: .ticker(.start)), nextTick)
        XCTAssertEqual(screen.handle(event: .ticker(.tick)), nextTick)
        XCTAssertEqual(screen, .ticker(Ticker(id: 1, ticks: 1)), "the changed child is put back in its case")
        XCTAssertEqual(screen.handle(event: .ticker(.finishStillTicking)), .all(nextTick, .tell(.finished(ticks: 1))))
        XCTAssertNil(screen.handle(event: .panel(.open(id: 2))), "an event for another case means nothing now")
        XCTAssertEqual(screen, .ticker(Ticker(id: 1, ticks: 1)))
    }

    func test_aChildWithNoMessages_isLiftedWithItsPlan_underItsCasesScope() {
        var screen = HostScreen.panel(Panel())
        XCTAssertNil(screen.handle(event: .panel(.open(id: 3))))
        XCTAssertEqual(
            screen.handle(event: .panel(.sheet(.presented(.start)))),
            HostScreen.Effect.work(.panel(.work(.sheet(.work(.tick)))))
                .delayed(by: .seconds(1), id: ScopedEffectID(scope: PresentationScope(\Panel.sheet), id: "timer"))
                .cancellable(id: PresentationScope(\Panel.sheet))
                .cancellable(id: CaseScope(Panel.self, in: HostScreen.self))
        )
    }
}
