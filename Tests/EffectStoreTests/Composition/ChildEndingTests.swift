import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// However a child leaves its declared place, its work ends in that transition, and no event of the old child reaches
/// a new child at the same id: rows removed by the collection's own API or reloaded, a sheet set to `nil`, a screen
/// replaced in its enum case, a path replaced by a decoded one, and an undo. Each with a real store and with the test
/// store.
final class ChildEndingTests: XCTestCase {
    // MARK: - Rows, in a real store

    private func boardWithTwoTickingCounters(_ effects: BoardEffects) -> Store<Board> {
        let store = Store<Board>(
            initialState: Board(counters: [Counter(id: 1), Counter(id: 2)]), effectHandler: effects.handler())
        store.dispatch(event: .counter(id: 1, .startTicking))
        store.dispatch(event: .counter(id: 2, .startTicking))
        return store
    }

    /// Removes row 1 with `removal`, brings a new row 1 back unless the removal already did, and ticks the old run.
    private func assertTheOldRowsRunEnds(
        after removal: Board.Event, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let effects = BoardEffects()
        let store = boardWithTwoTickingCounters(effects)
        _ = await store.dispatch(event: removal).value
        if await store.dispatch(event: .add(0)).value.counters[id: 1] == nil {
            _ = await store.dispatch(event: .add(1)).value  // a new row under the old id
        }
        effects.tick(1)
        let state = await store.dispatch(event: .add(9)).value  // after the tick, if it was handled
        XCTAssertTrue(effects.stoppedCounters.contains(1), "row 1's run was not stopped", file: file, line: line)
        XCTAssertEqual(state.counters[id: 1]?.count, 0, "the old row's run reached the new row", file: file, line: line)
    }

    func test_store_aRowRemovedWithRemoveID_endsItsRun() async {
        await assertTheOldRowsRunEnds(after: .remove(1))
    }

    func test_store_rowsRemovedWithRemoveAllWhere_endTheirRuns() async {
        await assertTheOldRowsRunEnds(after: .removeAbove(0))
    }

    func test_store_aRowSetToNilUnderItsID_endsItsRun() async {
        await assertTheOldRowsRunEnds(after: .forget(1))
    }

    func test_store_aReloadedCollectionWithTheSameIDs_endsTheOldRowsRuns() async {
        await assertTheOldRowsRunEnds(after: .reload)
    }

    func test_store_aRowThatStays_keepsItsRun() async {
        let effects = BoardEffects()
        let store = boardWithTwoTickingCounters(effects)
        _ = await store.dispatch(event: .remove(1)).value
        effects.tick(2)
        let state = await store.dispatch(event: .add(3)).value
        XCTAssertEqual(effects.stoppedCounters, [1])
        XCTAssertEqual(state.counters[id: 2]?.count, 1)
    }

    // MARK: - Rows, in the test store

    private func assertTheTestStoreEndsRow1(
        with removal: Board.Event, _ update: ((inout Board) -> Void)?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Board(counters: [Counter(id: 1)]), reporter: failures.reporter)
        store.send(.counter(id: 1, .startTicking))
        store.receiveEffect(.work(.counter(id: 1, .work(.ticks))))
        store.send(removal, assert: update)
        XCTAssertEqual(store.transitions.last?.effect, .cancel(id: RowScope(1)), file: file, line: line)
        store.receiveCancellation(of: .work(.counter(id: 1, .work(.ticks))))
        store.finish()
        XCTAssertEqual(failures.messages, [], "the row's run was left in flight", file: file, line: line)
    }

    func test_testStore_rowsLeavingByTheCollectionsOwnAPI_endTheirEffects() {
        assertTheTestStoreEndsRow1(with: .remove(1)) { $0.counters = [] }
        assertTheTestStoreEndsRow1(with: .removeAbove(0)) { $0.counters = [] }
        assertTheTestStoreEndsRow1(with: .forget(1)) { $0.counters = [] }
        assertTheTestStoreEndsRow1(with: .reload, nil)
    }

    func test_transition_aRowInsideARow_endsUnderBothScopes() {
        var groups = CounterGroups(groups: [CounterGroup(id: 1, counters: [Counter(id: 7)])])
        XCTAssertEqual(
            groups.transition(on: .group(id: 1, .removeCounter(7))),
            .cancel(id: ScopedEffectID(row: 1, id: RowScope(7))))
        XCTAssertNil(groups.transition(on: .group(id: 1, .removeCounter(7))), "nothing left to end")
    }

    // MARK: - A sheet, a screen's case, a decoded path

    func test_store_aSheetSetToNil_endsItsTimer() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .present(id: 1))
        store.dispatch(event: .sheet(.presented(.start)))
        clock.advance(by: .seconds(1))
        store.dispatch(event: .closeSheet)
        XCTAssertEqual(clock.scheduledCount, 0)
        clock.advance(by: .seconds(5))
        XCTAssertEqual(effects.tickCount, 1)
    }

    func test_testStore_aSheetSetToNil_showsTheEndOfItsPresentation() {
        let store = TestStore(initialState: Host())
        store.send(.present(id: 1)) { $0.sheet = Ticker(id: 1) }
        store.send(.sheet(.presented(.start)))
        store.send(.closeSheet) { $0.sheet = nil }
        XCTAssertEqual(store.transitions.last?.effect, .cancel(id: PresentationScope(\Host.sheet)))
        store.finish()
    }

    /// A panel (with a ticking sheet of its own) replaced in its stack slot by another case.
    private func hostWithATickingPanel() -> Host {
        var host = Host()
        _ = host.transition(on: .push(.panel(Panel())))
        _ = host.transition(on: .path(.element(id: 0, .panel(.open(id: 5)))))
        return host
    }

    private let panelCase = ScopedEffectID(
        scope: ScreenScope(\Host.path, 0), id: CaseScope(Panel.self, in: HostScreen.self))

    func test_transition_aScreenReplacedInItsEnumCase_endsWhatItsCaseHeld() {
        var host = hostWithATickingPanel()
        XCTAssertEqual(host.transition(on: .replaceScreen(0, .note("done"))), .cancel(id: panelCase))
        XCTAssertEqual(host.path.ids, [0])
    }

    func test_store_aScreenReplacedInItsEnumCase_endsItsSheetsTimer() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .push(.panel(Panel())))
        store.dispatch(event: .path(.element(id: 0, .panel(.open(id: 5)))))
        store.dispatch(event: .path(.element(id: 0, .panel(.sheet(.presented(.start))))))
        clock.advance(by: .seconds(1))
        store.dispatch(event: .replaceScreen(0, .note("done")))
        XCTAssertEqual(clock.scheduledCount, 0)
        clock.advance(by: .seconds(5))
        XCTAssertEqual(effects.tickCount, 1)
    }

    func test_transition_aTickerScreenReplacedInItsSlot_endsItsCase() {
        var host = Host()
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        _ = host.transition(on: .path(.element(id: 0, .ticker(.start))))
        XCTAssertEqual(
            host.transition(on: .replaceScreen(0, .note("done"))),
            .cancel(
                id: ScopedEffectID(scope: ScreenScope(\Host.path, 0), id: CaseScope(Ticker.self, in: HostScreen.self))))
    }

    func test_store_aTickerScreenReplacedInItsSlot_endsItsTimer() {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .push(.ticker(Ticker(id: 1))))
        store.dispatch(event: .path(.element(id: 0, .ticker(.start))))
        clock.advance(by: .seconds(1))
        store.dispatch(event: .replaceScreen(0, .note("done")))
        XCTAssertEqual(clock.scheduledCount, 0, "the replaced screen's timer is still set")
        clock.advance(by: .seconds(5))
        XCTAssertEqual(effects.tickCount, 1)
    }

    // MARK: - An enum of children in a plain property

    private let flowTicker = CaseScope(Ticker.self, in: FlowHost.Flow.self)

    func test_transition_anEnumPropertyLeavingItsCase_endsTheCasesWork() {
        var host = FlowHost()
        _ = host.transition(on: .tick(id: 1))
        XCTAssertEqual(
            host.transition(on: .flow(.ticker(.start))),
            FlowHost.Effect.work(.flow(.work(.ticker(.work(.tick))))).delayed(by: .seconds(1), id: "timer").cancellable(
                id: flowTicker))
        XCTAssertEqual(host.transition(on: .rest), .cancel(id: flowTicker))
        XCTAssertNil(host.transition(on: .rest), "nothing left to end")
    }

    func test_transition_aCaseGivenAnotherChild_endsTheOldChildsWork_andAnEditKeepsIt() {
        var host = FlowHost()
        _ = host.transition(on: .tick(id: 1))
        _ = host.transition(on: .flow(.ticker(.start)))
        XCTAssertEqual(
            host.transition(on: .flow(.ticker(.tick))),
            FlowHost.Effect.work(.flow(.work(.ticker(.work(.tick))))).delayed(by: .seconds(1), id: "timer").cancellable(
                id: flowTicker),
            "an edit of the same ticker keeps its work: nothing is cancelled")
        XCTAssertEqual(host.transition(on: .tick(id: 2)), .cancel(id: flowTicker), "ticker 2 is another child")
    }

    func test_store_aCaseGivenAnotherChild_noTickOfTheOldChildReachesTheNewOne() {
        assertTheOldTickerEnds(after: [.tick(id: 2)])
    }

    func test_transition_aCaseEnteredAnew_startsItsNewChildsWork() {
        var host = FlowHost()
        XCTAssertEqual(
            host.transition(on: .tickAndStart(id: 1)),
            FlowHost.Effect.work(.flow(.work(.ticker(.work(.tick))))).delayed(by: .seconds(1), id: "timer").cancellable(
                id: flowTicker))
    }

    func test_store_anEnumPropertyLeavingItsCase_endsItsTimer_andNoTickReachesTheNextTicker() {
        assertTheOldTickerEnds(after: [.rest, .tick(id: 2)])
    }

    /// Starts ticker 1 in a real store, lets it tick twice, sends `replacement` (which leaves ticker 2 in the flow),
    /// and checks that ticker 1's timer ended and none of its ticks reached ticker 2.
    private func assertTheOldTickerEnds(
        after replacement: [FlowHost.Event], file: StaticString = #filePath, line: UInt = #line
    ) {
        let clock = TestClock()
        let effects = FlowHostEffects()
        let store = Store<FlowHost>(effectHandler: effects, clock: clock)
        store.dispatch(event: .tick(id: 1))
        store.dispatch(event: .flow(.ticker(.start)))
        clock.advance(by: .seconds(2))
        for event in replacement { store.dispatch(event: event) }
        XCTAssertEqual(clock.scheduledCount, 0, "the old ticker's timer outlived it", file: file, line: line)
        clock.advance(by: .seconds(5))
        XCTAssertEqual(effects.tickCount, 2, file: file, line: line)
        XCTAssertEqual(
            store.state.flow, .ticking(Ticker(id: 2)), "the old ticker's ticks reached the new one", file: file,
            line: line)
    }

    func test_testStore_anEnumPropertyLeavingItsCase_showsTheEndOfItsWork() {
        let store = TestStore(initialState: FlowHost())
        store.send(.tick(id: 1)) { $0.flow = .ticking(Ticker(id: 1)) }
        store.send(.flow(.ticker(.start)))
        store.send(.rest) { $0.flow = .idle }
        XCTAssertEqual(store.transitions.last?.effect, .cancel(id: flowTicker))
        store.finish()
    }

    private func decoded(_ path: ScreenStack<HostScreen>) throws -> ScreenStack<HostScreen> {
        try JSONDecoder().decode(ScreenStack<HostScreen>.self, from: JSONEncoder().encode(path))
    }

    func test_transition_aPathReplacedByADecodedOne_endsEveryOldScreen_andCountsOn() throws {
        var host = Host()
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        _ = host.transition(on: .push(.ticker(Ticker(id: 2))))
        let restored = try decoded(host.path)
        XCTAssertEqual(restored.ids, host.path.ids)
        XCTAssertEqual(
            host.transition(on: .restorePath(restored)),
            .all(.cancel(id: ScreenScope(\Host.path, 1)), .cancel(id: ScreenScope(\Host.path, 0))))
        _ = host.transition(on: .push(.note("next")))
        XCTAssertEqual(host.path.ids, [0, 1, 2], "a push after the restore gives an id no screen had")
    }

    func test_store_aPathReplacedByADecodedOne_noTickOfTheOldScreenReachesTheNewOne() throws {
        let clock = TestClock()
        let effects = HostEffects()
        let store = Store<Host>(effectHandler: effects, clock: clock)
        store.dispatch(event: .push(.ticker(Ticker(id: 1))))
        store.dispatch(event: .path(.element(id: 0, .ticker(.start))))
        clock.advance(by: .seconds(1))
        store.dispatch(event: .restorePath(try decoded(ScreenStack([.ticker(Ticker(id: 1))]))))
        XCTAssertEqual(clock.scheduledCount, 0)
        clock.advance(by: .seconds(5))
        XCTAssertEqual(store.state.path[id: 0], .ticker(Ticker(id: 1)), "the restored screen was not ticked")
    }

    func test_testStore_aPathReplacedByADecodedOne_showsTheEndOfTheOldScreens() throws {
        let store = TestStore(initialState: Host())
        store.send(.push(.ticker(Ticker(id: 1)))) { $0.path = [.ticker(Ticker(id: 1))] }
        let restored = try decoded(ScreenStack([.ticker(Ticker(id: 1))]))
        store.send(.restorePath(restored))
        XCTAssertEqual(store.transitions.last?.effect, .cancel(id: ScreenScope(\Host.path, 0)))
        store.finish()
    }

    // MARK: - Undo

    func test_store_aRowThatUndoRemoves_endsItsRun() async {
        let effects = BoardEffects()
        let store = Store<Board>(initialState: Board(counters: [Counter(id: 2)]), effectHandler: effects.handler())
        store.enableUndo()
        _ = await store.dispatch(event: .add(1)).value
        store.dispatch(event: .counter(id: 1, .startTicking))  // a run that ends only when cancelled
        _ = await store.undo().value
        XCTAssertNil(store.state.counters[id: 1])
        XCTAssertEqual(effects.stoppedCounters, [1])
        _ = await store.dispatch(event: .add(1)).value
        effects.tick(1)
        let state = await store.dispatch(event: .add(3)).value
        XCTAssertEqual(state.counters[id: 1]?.count, 0, "the undone row's run reached the new row")
    }

    func test_store_undo_recordsTheEndOfTheRowsItRemoves() async {
        let store = Store<Board>(initialState: Board(), effectHandler: BoardEffects().handler())
        let transitions = LockedTransitions<Board>()
        store.enableUndo()
        let token = store.observeTransitions { transitions.append($0) }
        _ = await store.dispatch(event: .add(1)).value
        _ = await store.undo().value
        XCTAssertEqual(transitions.all.last?.origin, .undo)
        XCTAssertEqual(transitions.all.last?.effect, .cancel(id: RowScope(1)))
        token.cancel()
    }
}

/// Transitions seen by an observer, on the store's queue, read by the test.
private final class LockedTransitions<S: State>: @unchecked Sendable {
    // Safe because: `seen` is only touched under `lock`.
    private let lock = NSLock()
    private var seen: [StoreTransition<S>] = []
    func append(_ transition: StoreTransition<S>) { lock.withLock { seen.append(transition) } }
    var all: [StoreTransition<S>] { lock.withLock { seen } }
}
