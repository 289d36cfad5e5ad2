import EffectStore
import EffectStoreTesting
import XCTest

/// `ChildEffectHandler.rows` for a stack's screens and `.child` for a presented child, performed by functions of their
/// own in a `ComposedEffectHandler`, their answers routed back to the screen or the child that asked.
final class NavigationEffectHandlerTests: XCTestCase {
    func test_screensAndPresented_routeEachAnswerBackToWhoAsked() {
        let performed = LockedBox.make([String]())
        let handler = ComposedEffectHandler<Host>(
            .rows(effect: .hostScreen, event: { Host.Event.path(.element(id: $0, $1)) }) {
                id, effect -> Future<HostScreen.Event>? in
                guard case .work(.ticker(.work(.tick))) = effect else { return nil }
                performed.withLock { $0.append("screen \(id) ticks") }
                return Future(value: .ticker(.tick))
            },
            .child(effect: .hostSheet, event: { Host.Event.sheet(.presented($0)) }) { effect -> Future<Ticker.Event>? in
                guard case .work(.tick) = effect else { return nil }
                performed.withLock { $0.append("sheet ticks") }
                return Future(value: .tick)
            }
        )
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
            performed.withLock { $0 },
            ["screen 1 ticks", "sheet ticks", "screen 1 ticks", "sheet ticks"]
        )

        // Popped and dismissed, they are asked nothing more: their timers ended with them.
        store.dispatch(event: .popTop)
        store.dispatch(event: .sheet(.dismiss))
        clock.advance(by: .seconds(3))
        XCTAssertEqual(performed.withLock { $0.count }, 4)
    }
}

extension EnumCase where Root == Host.Effect, Value == (StackElementID, HostScreen.Effect) {
    /// `Host.Effect.screen`.
    fileprivate static var hostScreen: Self {
        EnumCase({ .work(.screen($0, $1)) }) {
            if case .work(.screen(let id, let effect)) = $0 { (id, effect) } else { nil }
        }
    }
}

extension EnumCase where Root == Host.Effect, Value == Ticker.Effect {
    /// `Host.Effect.sheet`.
    fileprivate static var hostSheet: Self {
        EnumCase({ .work(.sheet($0)) }) { if case .work(.sheet(let effect)) = $0 { effect } else { nil } }
    }
}
