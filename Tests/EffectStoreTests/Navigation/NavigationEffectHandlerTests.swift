import EffectStore
import EffectStoreTesting
import XCTest

/// A parent's handler hands a screen's work and a presented child's work to functions of their own through the places
/// (`ChildPlace.answer(_:by:)`), and their answers are routed back to the screen or the child that asked.
final class NavigationEffectHandlerTests: XCTestCase {
    /// Performs ``Host``'s ticks by functions that know only a screen's work or the sheet's, and logs them.
    private final class TickLogger: PlannedEffectHandler {
        let performed = LockedBox.make([String]())

        func perform(_ work: Host.Work) -> EffectAnswer<Host.Event>? {
            switch work {
            case .screen(let id, let work): return Host.path.answer((id, work)) { screen(id, $0) }
            case .sheet(let work): return Host.sheet.answer(work, by: sheet)
            case .saved: return nil
            }
        }

        private func screen(_ id: StackElementID, _ work: HostScreen.Work) -> Future<HostScreen.Event>? {
            guard case .ticker(.tick) = work else { return nil }
            performed.withLock { $0.append("screen \(id) ticks") }
            return Future(value: .ticker(.tick))
        }

        private func sheet(_ work: Ticker.Work) -> Future<Ticker.Event>? {
            performed.withLock { $0.append("sheet ticks") }
            return Future(value: .tick)
        }
    }

    func test_screensAndPresented_routeEachAnswerBackToWhoAsked() {
        let handler = TickLogger()
        let clock = TestClock()
        let store = Store<Host>(effectHandler: handler, clock: clock)

        store.dispatch(event: .push(.ticker(Ticker(id: 1))))
        store.dispatch(event: .push(.ticker(Ticker(id: 2))))
        store.dispatch(event: .path(.element(id: 1, .ticker(.start))))
        store.dispatch(event: .present(id: 3))
        store.dispatch(event: .sheet(.presented(.start)))
        clock.advance(by: .seconds(2))

        XCTAssertEqual(store.state.path[id: 0], .ticker(Ticker(id: 1)), "the other screen got nothing")
        XCTAssertEqual(store.state.path[id: 1], .ticker(Ticker(id: 2, ticks: 2)), "each tick reached screen 1")
        XCTAssertEqual(store.state.sheet, Ticker(id: 3, ticks: 2))
        XCTAssertEqual(
            handler.performed.withLock { $0 },
            ["screen 1 ticks", "sheet ticks", "screen 1 ticks", "sheet ticks"]
        )

        // Popped and dismissed, they are asked nothing more: their timers ended with them.
        store.dispatch(event: .popTop)
        store.dispatch(event: .sheet(.dismiss))
        clock.advance(by: .seconds(3))
        XCTAssertEqual(handler.performed.withLock { $0.count }, 4)
    }
}
