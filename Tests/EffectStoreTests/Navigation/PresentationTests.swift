import EffectStore
import XCTest

final class PresentationTests: XCTestCase {
    private let sheetScope = PresentationScope(\Host.sheet)

    func test_presentedEvent_isRoutedAndItsEffectRunsUnderThePresentationsScope() {
        var host = Host()
        XCTAssertNil(host.transition(on: .present(id: 7)))
        let effect = host.transition(on: .sheet(.presented(.start)))
        XCTAssertEqual(
            effect,
            Host.Effect.work(.sheet(.work(.tick)))
                .delayed(by: .seconds(1), id: ScopedEffectID(scope: sheetScope, id: "timer"))
                .cancellable(id: sheetScope)
        )
    }

    func test_eventForADismissedChild_isIgnored() {
        var host = Host()
        XCTAssertNil(host.transition(on: .sheet(.presented(.tick))))
        XCTAssertEqual(host, Host())
    }

    func test_dismiss_setsTheChildToNilAndCancelsItsEffects() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(host.transition(on: .sheet(.dismiss)), .cancel(id: sheetScope))
        XCTAssertNil(host.sheet)
        XCTAssertNil(host.transition(on: .sheet(.dismiss)), "nothing presented: nothing to cancel")
    }

    func test_setToNilByTheParent_cancelsThroughPresenting() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(host.transition(on: .closeSheet), .cancel(id: sheetScope))
    }

    func test_replacedByAnotherIdentity_cancels_sameIdentity_doesNot() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(host.transition(on: .present(id: 2)), .cancel(id: sheetScope))
        XCTAssertNil(host.transition(on: .present(id: 2)))
    }

    func test_childMessage_isHandledByTheParentInTheSameTransition_andItsDismissalCancels() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        _ = host.transition(on: .sheet(.presented(.tick)))
        let effect = host.transition(on: .sheet(.presented(.finish)))
        XCTAssertEqual(effect, .all(.cancel(id: sheetScope), .work(.saved(1))), "one cancellation, not two")
        XCTAssertNil(host.sheet)
        XCTAssertEqual(host.log, ["sheet finished after 1"])
    }

    // MARK: Removal wins: nothing scoped to a child a transition removes survives it

    /// Was `.all(.cancel(scope), tick.cancellable(scope))`: the old sheet's timer started after its cancellation, and
    /// on a store its tick reached the new sheet.
    func test_aSheetReplacedByItsOwnMessage_keepsNoneOfItsWork() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(host.transition(on: .sheet(.presented(.replaceMe(id: 2)))), .cancel(id: sheetScope))
        XCTAssertEqual(host.sheet, Ticker(id: 2))
    }

    /// Was `.all(.cancel(scope), tick.cancellable(scope), .saved(0))`: the timer of the sheet that asked to go
    /// outlived it.
    func test_aSheetDismissedByItsOwnMessage_startsNoneOfItsOtherEffects() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(
            host.transition(on: .sheet(.presented(.finishStillTicking))),
            .all(.cancel(id: sheetScope), .work(.saved(0))))
        XCTAssertNil(host.sheet)
    }

    /// Was `.all(.cancel(scope), tick.cancellable(scope))`.
    func test_routeThenDismiss_inOneTransition_theChildsNewWorkNeverStarts() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(host.transition(on: .startSheetThenClose), .cancel(id: sheetScope))
    }

    /// Was the tick, scoped to a sheet that no longer shows, running for nobody.
    func test_aChildPresentedAndDismissedWithinOneTransition_leavesNothingRunning() {
        var host = Host()
        XCTAssertNil(host.transition(on: .presentStartAndClose(Ticker(id: 3))))
    }

    /// A new child at the same slot shares the presentation's scope: its work in the replacing transition starts only
    /// after an explicit end of the old presentation.
    func test_aReplacingChildsWork_startsAfterAnExplicitEndOfTheOld_andIsDroppedWithoutOne() {
        let start = Host.Effect.work(.sheet(.work(.tick)))
            .delayed(by: .seconds(1), id: ScopedEffectID(scope: sheetScope, id: "timer"))
            .cancellable(id: sheetScope)
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(
            host.transition(on: .replaceSheetAndStart(Ticker(id: 2), endingFirst: true)),
            .all(.cancel(id: sheetScope), start)
        )
        XCTAssertEqual(
            host.transition(on: .replaceSheetAndStart(Ticker(id: 3), endingFirst: false)), .cancel(id: sheetScope),
            "with no explicit end, what the transition scoped to the slot is taken for the old sheet's"
        )
    }
}

/// A destination enum: one presentation per case, told apart by its declared place's identity, routed by case with
/// no reflection.
final class DestinationTests: XCTestCase {
    struct Screen: State, Equatable {
        enum Destination: ChildState, Equatable {
            case timer(Metronome)
            case confirm(AlertState<Bool>)

            enum Event: Equatable, Sendable { case timer(Metronome.Event) }
            enum Work: Sendable, Equatable {
                case timer(Metronome.Effect)
            }
            typealias Effect = Planned<Work>

            var kind: Int {
                switch self {
                case .timer: 0
                case .confirm: 1
                }
            }

            var confirm: AlertState<Bool>? { if case .confirm(let alert) = self { alert } else { nil } }

            mutating func handle(event: Event) -> Effect? {
                switch self {
                case .timer(let timer):
                    guard case .timer(let event) = event else { return nil }
                    return handle(event, of: timer, as: Self.timer, effect: { .work(.timer($0)) })
                case .confirm: return nil
                }
            }
        }

        var destination: Destination?

        enum Event: Equatable, Sendable {
            case showTimer, showConfirm
            case destination(PresentationEvent<Destination.Event>)
            case confirm(PresentationEvent<Bool>)
        }
        enum Work: Sendable, Equatable {
            case destination(Destination.Effect)
        }
        typealias Effect = Planned<Work>

        static var initialState: Screen { Screen() }

        static let places: ChildPlaces<Screen> = [.presented(\.destination, identifiedBy: \.kind)]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .showTimer:
                destination = .timer(Metronome(id: 1))
                return nil
            case .showConfirm:
                destination = .confirm(AlertState(title: "Sure?", buttons: [ButtonState("Yes", action: true)]))
                return nil
            case .destination(let event):
                return handle(event, in: \.destination, effect: { .work(.destination($0)) })
            case .confirm(let event):
                _ = handleAlert(event, in: \.destination, case: \.confirm)
                return nil
            }
        }
    }

    private let scope = PresentationScope(\Screen.destination)

    func test_theTimerCase_isRoutedByCase_underTheDestinationsScope() {
        var screen = Screen()
        _ = screen.transition(on: .showTimer)
        XCTAssertEqual(
            screen.transition(on: .destination(.presented(.timer(.start)))),
            Screen.Effect.work(.destination(.work(.timer(.work(.tick)))))
                .delayed(by: .seconds(1), id: ScopedEffectID(scope: scope, id: "timer"))
                .cancellable(id: scope)
        )
    }

    func test_switchingToAnotherCase_cancelsTheFirstCasesEffects_sameCaseDoesNot() {
        var screen = Screen()
        _ = screen.transition(on: .showTimer)
        XCTAssertNil(screen.transition(on: .showTimer), "the same case: the same presentation")
        XCTAssertEqual(screen.transition(on: .showConfirm), .cancel(id: scope))
        XCTAssertNil(screen.transition(on: .destination(.presented(.timer(.tick)))), "the alert ignores timer events")
        XCTAssertEqual(screen.transition(on: .confirm(.presented(true))), .cancel(id: scope))
        XCTAssertNil(screen.destination)
    }
}

extension EnumCase where Root == DestinationTests.Screen.Destination, Value == Metronome {
    static var timer: Self { EnumCase(Root.timer) { if case .timer(let ticker) = $0 { ticker } else { nil } } }
}

extension EnumCase where Root == DestinationTests.Screen.Destination, Value == AlertState<Bool> {
    static var confirm: Self { EnumCase(Root.confirm) { if case .confirm(let alert) = $0 { alert } else { nil } } }
}

/// `cancels(id:)`: what a transition cancels now, written as the test writes the id.
final class CancelsTests: XCTestCase {
    func test_cancels_findsACancellationAtTheTopOrInAnAll_notInsideATimedPlan() {
        let scope = PresentationScope(\Host.sheet)
        XCTAssertTrue(Host.Effect.cancel(id: scope).cancels(id: scope))
        XCTAssertTrue(Host.Effect.all(.work(.saved(1)), .all(.work(.saved(2)), .cancel(id: scope))).cancels(id: scope))
        XCTAssertTrue(Host.Effect.cancel(id: scope).cancels(id: EffectID(scope)), "an EffectID is the id it holds")
        XCTAssertFalse(Host.Effect.cancel(id: "other").cancels(id: scope))
        XCTAssertFalse(Host.Effect.work(.saved(1)).cancels(id: scope))
        XCTAssertFalse(Host.Effect.cancel(id: scope).delayed(by: .seconds(1)).cancels(id: scope), "later, not now")
    }
}
