import EffectStore
import EffectStoreTesting
import XCTest

/// Dismissal and pops in a real store, on a test clock: what a screen started stops in the transition that ends it.
final class NavigationStoreTests: XCTestCase {
    func test_dismissingASheet_stopsItsTimer() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .present(id: 1))
        store.dispatch(event: .sheet(.presented(.start)))
        clock.advance(by: .seconds(3))
        XCTAssertEqual(store.state.sheet?.ticks, 3)
        store.dispatch(event: .sheet(.dismiss))
        XCTAssertEqual(clock.scheduledCount, 0, "the pending tick was cancelled with the dismissal")
        clock.advance(by: .seconds(5))
        XCTAssertEqual(effects.tickCount, 3)
        XCTAssertNil(store.state.sheet)
    }

    func test_replacingASheet_stopsTheOldOnesTimer_andTheNewOneStartsClean() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .present(id: 1))
        store.dispatch(event: .sheet(.presented(.start)))
        clock.advance(by: .seconds(1))
        store.dispatch(event: .present(id: 2))
        clock.advance(by: .seconds(5))
        XCTAssertEqual(store.state.sheet, Ticker(id: 2), "no tick of the old sheet reached the new one")
    }

    /// Was: the old sheet's timer, started after its presentation's end, fired into the new sheet.
    func test_aSheetReplacedByItsOwnMessage_noTickOfTheOldSheetReachesTheNewOne() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .present(id: 1))
        store.dispatch(event: .sheet(.presented(.replaceMe(id: 2))))
        XCTAssertEqual(clock.scheduledCount, 0, "the old sheet's next tick never started")
        clock.advance(by: .seconds(5))
        XCTAssertEqual(store.state.sheet, Ticker(id: 2))
        XCTAssertEqual(effects.tickCount, 0)
    }

    /// Was: the timer the route started outlived the screen popped in the same transition.
    func test_routeThenPopToRoot_inOneTransition_leavesNoTimer() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .push(.ticker(Ticker(id: 1))))
        store.dispatch(event: .startScreenThenPopToRoot(0))
        XCTAssertEqual(clock.scheduledCount, 0)
        XCTAssertTrue(store.state.path.isEmpty)
    }

    /// A store whose screen 0 is a ticker that has ticked twice on `clock`, its next tick pending.
    private func storeTickingOnScreen0(clock: TestClock, effects: HostEffects) -> Store<Host> {
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .push(.ticker(Ticker(id: 1))))
        store.dispatch(event: .path(.element(id: 0, .ticker(.start))))
        clock.advance(by: .seconds(2))
        return store
    }

    func test_assigningANewStack_stopsTheOldScreensTimers_soNoTickReachesANewScreenOfTheSameID() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = storeTickingOnScreen0(clock: clock, effects: effects)
        XCTAssertEqual(store.state.path[id: 0, case: HostScreen.ticker]?.ticks, 2)
        store.dispatch(event: .replacePath([.ticker(Ticker(id: 2))]))
        XCTAssertEqual(clock.scheduledCount, 0, "the old screen's pending tick was cancelled with the replacement")
        clock.advance(by: .seconds(5))
        XCTAssertEqual(
            store.state.path[id: 0, case: HostScreen.ticker], Ticker(id: 2), "no tick of the old screen reached it")
        XCTAssertEqual(effects.tickCount, 2)
    }

    func test_poppingAScreen_stopsItsTimer_andItsOwnSheetsTimer() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .push(.ticker(Ticker(id: 1))))
        store.dispatch(event: .push(.panel(Panel())))
        store.dispatch(event: .path(.element(id: 0, .ticker(.start))))
        store.dispatch(event: .path(.element(id: 1, .panel(.open(id: 9)))))
        store.dispatch(event: .path(.element(id: 1, .panel(.sheet(.presented(.start))))))
        clock.advance(by: .seconds(2))
        XCTAssertEqual(effects.tickCount, 4)
        XCTAssertEqual(clock.scheduledCount, 2)
        store.dispatch(event: .path(.popFrom(id: 1)))
        XCTAssertEqual(clock.scheduledCount, 1, "the panel's sheet's timer ended with the panel")
        store.dispatch(event: .popToRoot)
        XCTAssertEqual(clock.scheduledCount, 0)
        clock.advance(by: .seconds(5))
        XCTAssertEqual(effects.tickCount, 4)
        XCTAssertTrue(store.state.path.isEmpty)
    }

    func test_aScreensMessage_popsIt_andStopsItsTimer_inOneTransition() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = storeTickingOnScreen0(clock: clock, effects: effects)
        store.dispatch(event: .path(.element(id: 0, .ticker(.finish))))
        XCTAssertEqual(clock.scheduledCount, 0)
        XCTAssertEqual(store.state.log, ["screen 0 finished after 2"])
        XCTAssertEqual(effects.performed.last, .work(.saved(2)))
    }
}
