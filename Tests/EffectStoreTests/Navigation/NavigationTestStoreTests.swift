import EffectStore
import EffectStoreTesting
import XCTest

/// The test store drives presentations, stacks, alerts and messages exhaustively, with the cancellations that
/// dismissal and pops cause confirmed like any other; synchronous, no sleeps.
final class NavigationTestStoreTests: XCTestCase {
    func test_presentTickDismiss_theDismissalCancelsTheSheetsTimer() {
        let store = TestStore(initialState: Host())
        store.send(.present(id: 1)) { $0.sheet = Ticker(id: 1) }
        store.send(.sheet(.presented(.start)))
        store.advance(by: .seconds(2), answering: .work(.sheet(.tick)), with: .sheet(.presented(.tick))) {
            $0.sheet?.ticks += 1
        }
        XCTAssertEqual(store.state.sheet?.ticks, 2)
        store.send(.sheet(.dismiss)) { $0.sheet = nil }
        store.advance(by: .seconds(5))
        store.finish()
    }

    func test_dismissingWhileTheSheetsTickIsInFlight_cancelsIt_andTheTestConfirmsIt() {
        let store = TestStore(initialState: Host())
        store.send(.present(id: 1)) { $0.sheet = Ticker(id: 1) }
        store.send(.sheet(.presented(.start)))
        store.advance(by: .seconds(1))
        store.receiveEffect(.work(.sheet(.tick)))
        store.send(.closeSheet) { $0.sheet = nil }
        store.receiveCancellation(of: .work(.sheet(.tick)))
        store.finish()
    }

    func test_theSheetsMessage_dismissesIt_andItsEffectsEnd() {
        let store = TestStore(initialState: Host())
        store.send(.present(id: 1)) { $0.sheet = Ticker(id: 1) }
        store.send(.sheet(.presented(.start)))
        store.advance(by: .seconds(1), answering: .work(.sheet(.tick)), with: .sheet(.presented(.tick))) {
            $0.sheet?.ticks += 1
        }
        store.send(.sheet(.presented(.finish))) {
            $0.sheet = nil
            $0.log = ["sheet finished after 1"]
        }
        store.receiveEffect(.work(.saved(1)))
        store.complete(.work(.saved(1)))
        store.finish()
    }

    func test_pushStartPop_thePopCancelsTheRunningScreensTimer_andLateEventsAreIgnored() {
        let store = TestStore(initialState: Host())
        store.send(.push(.ticker(Ticker(id: 1)))) { $0.path.push(.ticker(Ticker(id: 1))) }
        store.send(.path(.element(id: 0, .ticker(.start))))
        store.advance(by: .seconds(1))
        store.receiveEffect(.work(.screen(0, .ticker(.tick))))
        store.send(.path(.popFrom(id: 0))) { $0.path.pop() }
        store.receiveCancellation(of: .work(.screen(0, .ticker(.tick))))
        store.send(.path(.element(id: 0, .ticker(.tick))))   // a late answer: nothing changes
        store.finish()
    }

    func test_alertButton_andDismissal() {
        let store = TestStore(initialState: Host(log: ["x"]))
        store.send(.showAlert) {
            $0.alert = AlertState(
                title: "Reset?",
                buttons: [ButtonState(role: .destructive, "Reset", action: .reset), ButtonState(role: .cancel, "No")]
            )
        }
        store.send(.alert(.dismiss)) { $0.alert = nil }
        store.send(.showAlert) { $0.alert = Host().handled(.showAlert).alert }
        store.send(.alert(.presented(.reset))) {
            $0.alert = nil
            $0.log = []
        }
        store.finish()
    }
}

extension Host {
    /// This state after `event`, for tests that build an expected state from another's transition.
    func handled(_ event: Event) -> Host {
        var state = self
        _ = state.transition(on: event)
        return state
    }
}

/// The explorer on a state that holds a stack and an optional child: every way a screen or the sheet goes away, in
/// every state reached, returns the cancellation of its effects.
final class NavigationExplorerTests: XCTestCase {
    func test_everyTransitionThatRemovesAScreenOrTheSheet_cancelsItsEffects() {
        let exploration = StateExplorer(
            initialState: Host(),
            events: [
                .push(.note("n")), .push(.ticker(Ticker(id: 1))), .popTop, .popToRoot, .path(.popFrom(id: 1)),
                .path(.element(id: 0, .ticker(.finish))), .present(id: 1), .present(id: 2), .closeSheet,
                .sheet(.dismiss), .sheet(.presented(.finish)),
            ],
            maxStates: 300
        )
        .transitionInvariant("a popped screen's effects are cancelled") { transition in
            let kept = Set(transition.to.path.ids)
            return transition.from.path.ids.allSatisfy {
                kept.contains($0) || transition.effect.ends(Host.path.ending($0))
            }
        }
        .transitionInvariant("a dismissed or replaced sheet's effects are cancelled") { transition in
            guard let before = transition.from.sheet, transition.to.sheet?.id != before.id else { return true }
            return transition.effect.ends(Host.sheet.ending())
        }
        .explore()
        // Ids never repeat, so pushes and pops reach new states forever: the exploration is cut short by design, and
        // checks the invariants on every transition it explored.
        XCTAssertEqual(exploration.cutShort, .stateLimit(300))
        XCTAssertEqual(exploration.violations.map(\.invariant), [])
        XCTAssertGreaterThan(exploration.states.count, 50)
        XCTAssertTrue(exploration.states.contains { !$0.path.isEmpty && $0.sheet != nil })
    }
}

extension Host.Effect? {
    /// Whether this effect cancels what `ending` — a place's `ending(_:)` of one child — cancels, at its top or among
    /// its `.all`: in this transition.
    fileprivate func ends(_ ending: Host.Effect) -> Bool {
        guard case .cancel(let scope)? = ending.plan else { return false }
        return self?.cancels(id: scope) == true
    }
}
