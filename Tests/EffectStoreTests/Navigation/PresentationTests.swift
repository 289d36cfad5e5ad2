import EffectStore
import XCTest

final class PresentationTests: XCTestCase {
    private let sheetEnds = Host.sheet.ending()
    /// The sheet's next tick, as the sheet's place lifts it.
    private let nextTick = Host.sheet.lift(Ticker.Effect.work(.tick).delayed(by: .seconds(1), id: "timer"))

    func test_presentedEvent_isRoutedAndItsEffectRunsUnderThePresentationsScope() {
        var host = Host()
        XCTAssertNil(host.transition(on: .present(id: 7)))
        let effect = host.transition(on: .sheet(.presented(.start)))
        XCTAssertEqual(effect, nextTick)
        XCTAssertEqual(
            effect.map { String(describing: $0) },
            #".work(.sheet(.tick)).delayed(by: 1000 ms, id: \Host.sheet/"timer")"#
                + #".cancellable(id: \Host.sheet)"#,
            "the sheet's timer id made its own, and its plan started under the sheet's scope"
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
        XCTAssertEqual(host.transition(on: .sheet(.dismiss)), sheetEnds)
        XCTAssertNil(host.sheet)
        XCTAssertNil(host.transition(on: .sheet(.dismiss)), "nothing presented: nothing to cancel")
    }

    func test_setToNilByTheParent_cancelsThroughPresenting() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(host.transition(on: .closeSheet), sheetEnds)
    }

    func test_replacedByAnotherIdentity_cancels_sameIdentity_doesNot() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(host.transition(on: .present(id: 2)), sheetEnds)
        XCTAssertNil(host.transition(on: .present(id: 2)))
    }

    func test_childMessage_isHandledByTheParentInTheSameTransition_andItsDismissalCancels() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        _ = host.transition(on: .sheet(.presented(.tick)))
        let effect = host.transition(on: .sheet(.presented(.finish)))
        XCTAssertEqual(effect, .all(sheetEnds, .work(.saved(1))), "one cancellation, not two")
        XCTAssertNil(host.sheet)
        XCTAssertEqual(host.log, ["sheet finished after 1"])
    }

    // MARK: Removal wins: nothing scoped to a child a transition removes survives it

    /// Was `.all(.cancel(scope), tick.cancellable(scope))`: the old sheet's timer started after its cancellation, and
    /// on a store its tick reached the new sheet.
    func test_aSheetReplacedByItsOwnMessage_keepsNoneOfItsWork() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(host.transition(on: .sheet(.presented(.replaceMe(id: 2)))), sheetEnds)
        XCTAssertEqual(host.sheet, Ticker(id: 2))
    }

    /// Was `.all(.cancel(scope), tick.cancellable(scope), .saved(0))`: the timer of the sheet that asked to go
    /// outlived it.
    func test_aSheetDismissedByItsOwnMessage_startsNoneOfItsOtherEffects() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(
            host.transition(on: .sheet(.presented(.finishStillTicking))),
            .all(sheetEnds, .work(.saved(0))))
        XCTAssertNil(host.sheet)
    }

    /// Was `.all(.cancel(scope), tick.cancellable(scope))`.
    func test_routeThenDismiss_inOneTransition_theChildsNewWorkNeverStarts() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(host.transition(on: .startSheetThenClose), sheetEnds)
    }

    /// Was the tick, scoped to a sheet that no longer shows, running for nobody.
    func test_aChildPresentedAndDismissedWithinOneTransition_leavesNothingRunning() {
        var host = Host()
        XCTAssertNil(host.transition(on: .presentStartAndClose(Ticker(id: 3))))
    }

    /// A new child at the place is another child: the old one's work ends first, and the work the transition started
    /// for the new one is kept, whether or not the transition ended the old one itself. (Before issue 52, the new
    /// child's work was dropped unless the transition ended the old presentation explicitly.)
    func test_aChildReplacedByAnotherInOneTransition_endsTheOldOnesWork_andKeepsTheNewOnes() {
        var host = Host()
        _ = host.transition(on: .present(id: 1))
        XCTAssertEqual(
            host.transition(on: .replaceSheetAndStart(Ticker(id: 2), endingFirst: true)), .all(sheetEnds, nextTick))
        XCTAssertEqual(
            host.transition(on: .replaceSheetAndStart(Ticker(id: 3), endingFirst: false)), .all(sheetEnds, nextTick),
            "the end of the old sheet comes first all the same"
        )
    }
}

/// A destination enum: one presentation per case, each case a place of its own, so that going from one case to the
/// other ends the first case's work; an alert among them tells its parent the action tapped.
final class DestinationTests: XCTestCase {
    struct Screen: State, Equatable {
        enum Destination: ChildState, Equatable {
            case timer(Metronome)
            case confirm(AlertState<Bool>)

            enum Event: Equatable, Sendable { case timer(Metronome.Event), confirm(Bool) }
            enum Work: Sendable, Equatable { case timer(Metronome.Work) }
            /// The timer's work, and what the alert tells.
            typealias Effect = PlannedEffect<Work, Bool>

            static let timer = ChildPlace(
                case: Destination.timer, extract: { if case .timer(let timer) = $0 { timer } else { nil } },
                event: Event.timer, work: Work.timer)
            static let confirm = ChildPlace(
                case: Destination.confirm, extract: { if case .confirm(let alert) = $0 { alert } else { nil } },
                event: Event.confirm)
            static let places: ChildPlaces<Destination> = [timer, confirm]

            mutating func handle(event: Event) -> Effect? {
                switch event {
                case .timer(let event): route(event, to: Self.timer)
                case .confirm(let action): route(action, to: Self.confirm) { _, confirmed in .tell(confirmed) }
                }
            }
        }

        var destination: Destination?
        var confirmed: [Bool] = []

        enum Event: Equatable, Sendable {
            case showTimer, showConfirm
            case destination(PresentationEvent<Destination.Event>)
        }
        enum Work: Sendable, Equatable { case destination(Destination.Work) }
        typealias Effect = Planned<Work>

        static var initialState: Screen { Screen() }

        static let destination = ChildPlace(\Screen.destination, event: Event.destination, work: Work.destination)
        static let places: ChildPlaces<Screen> = [destination]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .showTimer:
                destination = .timer(Metronome(id: 1))
                return nil
            case .showConfirm:
                destination = .confirm(AlertState(title: "Sure?", buttons: [ButtonState("Yes", action: true)]))
                return nil
            case .destination(let event):
                return route(event, to: Self.destination) { state, confirmed in
                    state.confirmed.append(confirmed)
                    state.destination = nil
                    return nil
                }
            }
        }
    }

    func test_theTimerCase_isRoutedByCase_underItsCasesScope_insideTheDestinations() {
        var screen = Screen()
        _ = screen.transition(on: .showTimer)
        XCTAssertEqual(
            screen.transition(on: .destination(.presented(.timer(.start)))),
            Screen.destination.lift(
                Screen.Destination.timer.lift(Metronome.Effect.work(.tick).delayed(by: .seconds(1), id: "timer")))
        )
    }

    func test_switchingToAnotherCase_endsTheFirstCasesWork_sameCaseDoesNot() {
        var screen = Screen()
        _ = screen.transition(on: .showTimer)
        XCTAssertNil(screen.transition(on: .showTimer), "the same case, the same timer: the same presentation")
        XCTAssertEqual(
            screen.transition(on: .showConfirm).map { String(describing: $0) },
            #".cancel(id: \Screen.destination/Destination, case Metronome)"#,
            "the timer's case ends, inside the destination that stays"
        )
        XCTAssertNil(screen.transition(on: .destination(.presented(.timer(.tick)))), "the alert ignores timer events")
        XCTAssertEqual(screen.transition(on: .destination(.presented(.confirm(true)))), Screen.destination.ending())
        XCTAssertNil(screen.destination)
        XCTAssertEqual(screen.confirmed, [true])
    }
}

/// `cancels(id:)`: what a transition cancels now, written as the test writes the id.
final class CancelsTests: XCTestCase {
    func test_cancels_findsACancellationAtTheTopOrInAnAll_notInsideATimedPlan() {
        let scope = "sheet"
        XCTAssertTrue(Host.Effect.cancel(id: scope).cancels(id: scope))
        XCTAssertTrue(Host.Effect.all(.work(.saved(1)), .all(.work(.saved(2)), .cancel(id: scope))).cancels(id: scope))
        XCTAssertTrue(Host.Effect.cancel(id: scope).cancels(id: EffectID(scope)), "an EffectID is the id it holds")
        XCTAssertFalse(Host.Effect.cancel(id: "other").cancels(id: scope))
        XCTAssertFalse(Host.Effect.work(.saved(1)).cancels(id: scope))
        XCTAssertFalse(Host.Effect.cancel(id: scope).delayed(by: .seconds(1)).cancels(id: scope), "later, not now")
    }
}
