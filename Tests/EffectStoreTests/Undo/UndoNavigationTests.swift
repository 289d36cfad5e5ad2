import EffectStore
import EffectStoreTesting
import XCTest

/// Undo and redo replace the whole state, yet a screen's id is given once in a store's life, and a screen or a sheet
/// that an undo removes ends its work as any removal does.
final class UndoNavigationTests: XCTestCase {
    /// A store of `Host` with an undo history, on a test clock, and its effect handler.
    private func undoableStore() -> (store: Store<Host>, clock: TestClock, effects: HostEffects) {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.enableUndo()
        return (store, clock, effects)
    }

    /// Pushes a ticker screen (id 0 in a new store) and starts its timer.
    private func pushTickingScreen(on store: Store<Host>) {
        store.dispatch(event: .push(.ticker(Ticker(id: 1))))
        store.dispatch(event: .path(.element(id: 0, .ticker(.start))))
    }

    /// Was: the screen pushed after the undo got id 0 again, and the undone screen's timer ticked into it.
    func test_pushUndoPush_givesANewID_andTheUndoneScreensTimerStops() {
        let (store, clock, effects) = undoableStore()
        pushTickingScreen(on: store)
        clock.advance(by: .seconds(1))
        XCTAssertEqual(store.state.path[id: 0, case: HostScreen.ticker]?.ticks, 1)

        store.undo()  // the start
        store.undo()  // the push
        XCTAssertTrue(store.state.path.isEmpty)
        XCTAssertEqual(clock.scheduledCount, 0, "the undone screen's pending tick was cancelled")

        store.dispatch(event: .push(.ticker(Ticker(id: 2))))
        XCTAssertEqual(store.state.path.ids, [1], "id 0 was given once already")
        clock.advance(by: .seconds(5))
        XCTAssertEqual(
            store.state.path[id: 1, case: HostScreen.ticker], Ticker(id: 2), "no tick of the undone screen reached it")
        XCTAssertEqual(effects.tickCount, 1)
    }

    func test_redoAfterUndo_bringsTheScreenBackUnderItsID_andLaterPushesCountOn() {
        let store = Store<Host>(effectHandler: HostEffects(), clock: TestClock())
        store.enableUndo()
        store.dispatch(event: .push(.note("a")))
        store.dispatch(event: .push(.note("b")))
        store.undo()
        XCTAssertEqual(store.state.path.ids, [0])
        store.redo()
        XCTAssertEqual(store.state.path.ids, [0, 1], "the same screen, back under its id")
        store.undo()
        store.dispatch(event: .push(.note("c")))
        XCTAssertEqual(store.state.path.ids, [0, 2])
    }

    func test_undoingAPresentation_stopsTheSheetsTimer() {
        let (store, clock, effects) = undoableStore()
        store.dispatch(event: .present(id: 1))
        store.dispatch(event: .sheet(.presented(.start)))
        store.undo()
        store.undo()
        XCTAssertNil(store.state.sheet)
        XCTAssertEqual(clock.scheduledCount, 0, "the undone sheet's pending tick was cancelled")
        store.dispatch(event: .present(id: 1))
        clock.advance(by: .seconds(5))
        XCTAssertEqual(store.state.sheet, Ticker(id: 1), "no tick of the undone sheet reached the new one")
        XCTAssertEqual(effects.tickCount, 0)
    }

    func test_undoThatKeepsTheScreen_keepsItsWork() {
        let (store, clock, _) = undoableStore()
        pushTickingScreen(on: store)
        store.dispatch(event: .push(.note("top")))
        store.undo()  // the note's push: the ticker stays
        XCTAssertEqual(store.state.path.ids, [0])
        XCTAssertEqual(clock.scheduledCount, 1, "the ticker's timer goes on")
        clock.advance(by: .seconds(1))
        XCTAssertEqual(store.state.path[id: 0, case: HostScreen.ticker]?.ticks, 1)
    }
}
