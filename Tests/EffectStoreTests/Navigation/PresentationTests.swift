import EffectStore
import XCTest

final class PresentationTests: XCTestCase {
    private let sheetScope = PresentationEffects(\Host.sheet)

    func test_presentedEvent_isRoutedAndItsEffectRunsUnderThePresentationsScope() {
        var host = Host()
        XCTAssertNil(host.handle(event: .present(id: 7)))
        let effect = host.handle(event: .sheet(.presented(.start)))
        XCTAssertEqual(
            effect,
            Host.Effect.sheet(.tick)
                .delayed(by: .seconds(1), id: RowScopedID(scope: sheetScope, id: "timer"))
                .cancellable(id: sheetScope)
        )
    }

    func test_eventForADismissedChild_isIgnored() {
        var host = Host()
        XCTAssertNil(host.handle(event: .sheet(.presented(.tick))))
        XCTAssertEqual(host, Host())
    }

    func test_dismiss_setsTheChildToNilAndCancelsItsEffects() {
        var host = Host()
        _ = host.handle(event: .present(id: 1))
        XCTAssertEqual(host.handle(event: .sheet(.dismiss)), .cancel(id: sheetScope))
        XCTAssertNil(host.sheet)
        XCTAssertNil(host.handle(event: .sheet(.dismiss)), "nothing presented: nothing to cancel")
    }

    func test_setToNilByTheParent_cancelsThroughPresenting() {
        var host = Host()
        _ = host.handle(event: .present(id: 1))
        XCTAssertEqual(host.handle(event: .closeSheet), .cancel(id: sheetScope))
    }

    func test_replacedByAnotherIdentity_cancels_sameIdentity_doesNot() {
        var host = Host()
        _ = host.handle(event: .present(id: 1))
        XCTAssertEqual(host.handle(event: .present(id: 2)), .cancel(id: sheetScope))
        XCTAssertNil(host.handle(event: .present(id: 2)))
    }

    func test_childMessage_isHandledByTheParentInTheSameTransition_andItsDismissalCancels() {
        var host = Host()
        _ = host.handle(event: .present(id: 1))
        _ = host.handle(event: .sheet(.presented(.tick)))
        let effect = host.handle(event: .sheet(.presented(.finish)))
        XCTAssertEqual(effect, .all(.cancel(id: sheetScope), .saved(1)), "one cancellation, not two")
        XCTAssertNil(host.sheet)
        XCTAssertEqual(host.log, ["sheet finished after 1"])
    }
}
