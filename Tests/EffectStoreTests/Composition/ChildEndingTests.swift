import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// However a child leaves its declared place, its work ends in that transition, and no event of the old child reaches
/// a new child at the same id: rows removed by the collection's own API, reloaded, or removed and added again in one
/// transition, a sheet set to `nil`, a screen replaced in its enum case, a path replaced by a decoded one, and an
/// undo. A child of another place with the same id keeps its work. Each with a real store and with the test store.
final class ChildEndingTests: XCTestCase {
    // MARK: - Rows, in a real store

    private func boardWithTwoTickingCounters(_ effects: BoardEffects) -> Store<Board> {
        let store = Store<Board>(
            initialState: Board(counters: [Counter(id: 1), Counter(id: 2)]), effectHandler: effects)
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

    /// Was: the old row's run kept going and fed the new row (issue 52, case 2).
    func test_store_aRowRemovedAndAddedAgainInOneTransition_endsTheOldRowsRun() async {
        await assertTheOldRowsRunEnds(after: .renew(1))
    }

    func test_store_aRowRemovedAndAddedAgainInOneTransition_keepsTheRunTheTransitionStartsForTheNewRow() async {
        let effects = BoardEffects()
        let store = boardWithTwoTickingCounters(effects)
        store.dispatch(event: .renewTicking(1))  // its future waits for the new run, which never ends
        _ = await store.dispatch(event: .add(0)).value
        XCTAssertEqual(effects.stoppedCounters, [1], "the old row's run was not stopped")
        XCTAssertEqual(effects.runCount, 3, "the new row's run did not start")
        effects.tick(1)  // through the old run and the new one: only the new one's tick is handled
        let state = await store.dispatch(event: .add(9)).value
        XCTAssertEqual(state.counters[id: 1]?.count, 1)
    }

    func test_transition_aRowRemovedAndAddedAgain_endsTheOldRow_andKeepsTheNewRowsWork() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2)])
        _ = board.transition(on: .counter(id: 1, .startTicking))

        XCTAssertEqual(board.transition(on: .renew(1)), Board.counters.ending(1))
        XCTAssertEqual(
            board.transition(on: .renewTicking(1)),
            .all(
                Board.counters.ending(1), Board.counters.lift((1, Counter.Effect.work(.ticks).cancellable(id: "ticks")))
            ))
        XCTAssertEqual(board.counters.ids, [2, 1])
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
        store.receiveEffect(.work(.counter(id: 1, .ticks)))
        store.send(removal, assert: update)
        XCTAssertEqual(store.transitions.last?.effect, Board.counters.ending(1), file: file, line: line)
        store.receiveCancellation(of: .work(.counter(id: 1, .ticks)))
        store.finish()
        XCTAssertEqual(failures.messages, [], "the row's run was left in flight", file: file, line: line)
    }

    func test_testStore_rowsLeavingByTheCollectionsOwnAPI_endTheirEffects() {
        assertTheTestStoreEndsRow1(with: .remove(1)) { $0.counters = [] }
        assertTheTestStoreEndsRow1(with: .removeAbove(0)) { $0.counters = [] }
        assertTheTestStoreEndsRow1(with: .forget(1)) { $0.counters = [] }
        assertTheTestStoreEndsRow1(with: .reload, nil)
        assertTheTestStoreEndsRow1(with: .renew(1), nil)
    }

    func test_transition_aRowInsideARow_endsUnderBothScopes() {
        var groups = CounterGroups(groups: [CounterGroup(id: 1, counters: [Counter(id: 7)])])
        XCTAssertEqual(
            groups.transition(on: .group(id: 1, .removeCounter(7))),
            CounterGroups.groups.lift((1, CounterGroup.counters.ending(7))))
        XCTAssertNil(groups.transition(on: .group(id: 1, .removeCounter(7))), "nothing left to end")
    }

    // MARK: - Two places of one row type (issue 52, case 1)

    func test_transition_twoPlacesOfOneRowType_endOnlyTheRowThatLeft() {
        var boards = TwoBoards()
        _ = boards.transition(on: .left(id: 1, .startTicking))
        _ = boards.transition(on: .right(id: 1, .startTicking))

        XCTAssertNotEqual(TwoBoards.left.ending(1), TwoBoards.right.ending(1))
        XCTAssertEqual(boards.transition(on: .removeLeft(1)), TwoBoards.left.ending(1))
        XCTAssertEqual(boards.right.ids, [1])
    }

    /// Was: removing the left row 1 stopped the right row 1's run too.
    func test_store_twoPlacesOfOneRowType_theRowThatLeftEnds_theOtherKeepsItsRun() async {
        let effects = TwoBoardsEffects()
        let store = Store<TwoBoards>(effectHandler: effects)
        store.dispatch(event: .left(id: 1, .startTicking))
        store.dispatch(event: .right(id: 1, .startTicking))

        _ = await store.dispatch(event: .removeLeft(1)).value
        effects.left.tick(1)
        effects.right.tick(1)
        let state = await store.dispatch(event: .right(id: 1, .increment)).value

        XCTAssertEqual(effects.left.stoppedCounters, [1])
        XCTAssertEqual(effects.right.stoppedCounters, [], "the right row's run was stopped with the left one")
        XCTAssertEqual(state.right[id: 1]?.count, 2, "the right row's run no longer reaches it")
    }

    func test_testStore_twoPlacesOfOneRowType_theRowThatLeftEnds_theOtherKeepsItsRun() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: TwoBoards(), reporter: failures.reporter)
        store.send(.left(id: 1, .startTicking))
        store.receiveEffect(.work(.left(id: 1, .ticks)))
        store.send(.right(id: 1, .startTicking))
        store.receiveEffect(.work(.right(id: 1, .ticks)))
        store.send(.removeLeft(1)) { $0.left = [] }
        store.receiveCancellation(of: .work(.left(id: 1, .ticks)))
        XCTAssertEqual(store.cancelledEffects, [])
        store.send(.right(id: 1, .tick), from: .work(.right(id: 1, .ticks))) { $0.right[id: 1]?.count = 1 }
        store.complete(.work(.right(id: 1, .ticks)))
        store.finish()
        XCTAssertEqual(failures.messages, [])
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
        XCTAssertEqual(store.transitions.last?.effect, Host.sheet.ending())
        store.finish()
    }

    /// A panel (with a ticking sheet of its own) replaced in its stack slot by another case.
    private func hostWithATickingPanel() -> Host {
        var host = Host()
        _ = host.transition(on: .push(.panel(Panel())))
        _ = host.transition(on: .path(.element(id: 0, .panel(.open(id: 5)))))
        return host
    }

    func test_transition_aScreenReplacedInItsEnumCase_endsWhatItsCaseHeld() {
        var host = hostWithATickingPanel()
        XCTAssertEqual(
            host.transition(on: .replaceScreen(0, .note("done"))),
            Host.path.lift((0, HostScreen.panel.ending())))
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
            Host.path.lift((0, HostScreen.ticker.ending())))
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

    // MARK: - Two panels of one type, each with a sheet (issue 52, case 1)

    func test_transition_twoPanelsOfOneType_dismissingOnesSheet_endsThatSheetOnly() {
        var panels = TwoPanels()
        _ = panels.transition(on: .left(.open(id: 1)))
        _ = panels.transition(on: .right(.open(id: 1)))
        _ = panels.transition(on: .right(.sheet(.presented(.start))))

        let leftSheet = TwoPanels.left.lift(Panel.sheet.ending())
        XCTAssertNotEqual(leftSheet, TwoPanels.right.lift(Panel.sheet.ending()))
        XCTAssertEqual(panels.transition(on: .left(.sheet(.dismiss))), leftSheet)
        XCTAssertEqual(panels.right.sheet, Ticker(id: 1))
    }

    /// Was: dismissing the first panel's sheet stopped the second panel's timer.
    func test_store_twoPanelsOfOneType_dismissingOnesSheet_leavesTheOthersTimer() {
        let clock = TestClock()
        let store = Store<TwoPanels>(effectHandler: TwoPanelsEffects(), clock: clock)
        for event: TwoPanels.Event in [
            .left(.open(id: 1)), .right(.open(id: 1)), .left(.sheet(.presented(.start))),
            .right(.sheet(.presented(.start))),
        ] {
            store.dispatch(event: event)
        }
        clock.advance(by: .seconds(1))

        store.dispatch(event: .left(.sheet(.dismiss)))
        XCTAssertEqual(clock.scheduledCount, 1, "the right sheet's timer ended with the left one")
        clock.advance(by: .seconds(2))

        XCTAssertNil(store.state.left.sheet)
        XCTAssertEqual(store.state.right.sheet?.ticks, 3)
    }

    // MARK: - An enum of children in a plain property

    /// The ticker's timer started in the flow, as the host's transition returns it.
    private let flowTimer = FlowHost.flow.lift(
        FlowHost.Flow.ticking.lift(Ticker.Effect.work(.tick).delayed(by: .seconds(1), id: "timer")))
    /// The end of the ticker in the flow, as the host's transition returns it.
    private let flowTickerEnding = FlowHost.flow.lift(FlowHost.Flow.ticking.ending())

    func test_transition_anEnumPropertyLeavingItsCase_endsTheCasesWork() {
        var host = FlowHost()
        _ = host.transition(on: .tick(id: 1))
        XCTAssertEqual(host.transition(on: .flow(.ticker(.start))), flowTimer)
        XCTAssertEqual(host.transition(on: .rest), flowTickerEnding)
        XCTAssertNil(host.transition(on: .rest), "nothing left to end")
    }

    func test_transition_aCaseGivenAnotherChild_endsTheOldChildsWork_andAnEditKeepsIt() {
        var host = FlowHost()
        _ = host.transition(on: .tick(id: 1))
        _ = host.transition(on: .flow(.ticker(.start)))
        XCTAssertEqual(
            host.transition(on: .flow(.ticker(.tick))), flowTimer,
            "an edit of the same ticker keeps its work: nothing is cancelled")
        XCTAssertEqual(host.transition(on: .tick(id: 2)), flowTickerEnding, "ticker 2 is another child")
    }

    func test_store_aCaseGivenAnotherChild_noTickOfTheOldChildReachesTheNewOne() {
        assertTheOldTickerEnds(after: [.tick(id: 2)])
    }

    func test_transition_aCaseEnteredAnew_startsItsNewChildsWork() {
        var host = FlowHost()
        XCTAssertEqual(host.transition(on: .tickAndStart(id: 1)), flowTimer)
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
        XCTAssertEqual(store.transitions.last?.effect, flowTickerEnding)
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
        XCTAssertEqual(host.transition(on: .restorePath(restored)), Host.path.ending(1, 0))
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
        XCTAssertEqual(store.transitions.last?.effect, Host.path.ending(0))
        store.finish()
    }

    // MARK: - Undo

    func test_store_aRowThatUndoRemoves_endsItsRun() async {
        let effects = BoardEffects()
        let store = Store<Board>(initialState: Board(counters: [Counter(id: 2)]), effectHandler: effects)
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
        let store = Store<Board>(initialState: Board(), effectHandler: BoardEffects())
        let transitions = LockedTransitions<Board>()
        store.enableUndo()
        let token = store.observeTransitions { transitions.append($0) }
        _ = await store.dispatch(event: .add(1)).value
        _ = await store.undo().value
        XCTAssertEqual(transitions.all.last?.origin, .undo)
        XCTAssertEqual(transitions.all.last?.effect, Board.counters.ending(1))
        token.cancel()
    }
}

/// Two collections of one row type, each a place: a row of one never shares a scope with the row of the other that
/// has the same id.
private struct TwoBoards: State, Equatable {
    var left: IdentifiedStates<Counter> = [Counter(id: 1)]
    var right: IdentifiedStates<Counter> = [Counter(id: 1)]

    enum Event: Sendable, Equatable {
        case left(id: Int, Counter.Event), right(id: Int, Counter.Event), removeLeft(Int)
    }
    enum Work: Sendable, Equatable { case left(id: Int, Counter.Work), right(id: Int, Counter.Work) }
    typealias Effect = Planned<Work>

    static var initialState: TwoBoards { TwoBoards() }

    static let left = ChildPlace(\TwoBoards.left, event: Event.left, work: Work.left)
    static let right = ChildPlace(\TwoBoards.right, event: Event.right, work: Work.right)
    static let places: ChildPlaces<TwoBoards> = [left, right]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .left(let id, let event): return route((id, event), to: Self.left)
        case .right(let id, let event): return route((id, event), to: Self.right)
        case .removeLeft(let id):
            left.remove(id: id)
            return nil
        }
    }
}

/// Performs each board's rows' work with a `BoardEffects` of its own, which keeps that board's runs.
private final class TwoBoardsEffects: PlannedEffectHandler, Sendable {
    let left = BoardEffects()
    let right = BoardEffects()

    func perform(_ work: TwoBoards.Work) -> EffectAnswer<TwoBoards.Event>? {
        switch work {
        case .left(let id, let work): TwoBoards.left.answer((id, work)) { left.perform(id: id, work: $0) }
        case .right(let id, let work): TwoBoards.right.answer((id, work)) { right.perform(id: id, work: $0) }
        }
    }
}

/// Two panels of one type in two properties, each with a sheet of its own.
private struct TwoPanels: State, Equatable {
    var left = Panel()
    var right = Panel()

    enum Event: Sendable, Equatable { case left(Panel.Event), right(Panel.Event) }
    enum Work: Sendable, Equatable { case left(Panel.Work), right(Panel.Work) }
    typealias Effect = Planned<Work>

    static var initialState: TwoPanels { TwoPanels() }

    static let left = ChildPlace(\TwoPanels.left, event: Event.left, work: Work.left)
    static let right = ChildPlace(\TwoPanels.right, event: Event.right, work: Work.right)
    static let places: ChildPlaces<TwoPanels> = [left, right]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .left(let event): route(event, to: Self.left)
        case .right(let event): route(event, to: Self.right)
        }
    }
}

/// Performs the panels' sheets' ticks: each answers at once with the tick of its sheet.
private final class TwoPanelsEffects: PlannedEffectHandler, Sendable {
    func perform(_ work: TwoPanels.Work) -> EffectAnswer<TwoPanels.Event>? {
        switch work {
        case .left(let work): TwoPanels.left.answer(work, by: Self.panel)
        case .right(let work): TwoPanels.right.answer(work, by: Self.panel)
        }
    }

    private static func panel(_ work: Panel.Work) -> EffectAnswer<Panel.Event>? {
        switch work {
        case .sheet(.tick): Panel.sheet.answer(.tick) { _ in Future(value: Ticker.Event.tick) }
        }
    }
}

/// Transitions seen by an observer, on the store's queue, read by the test.
final class LockedTransitions<S: State>: @unchecked Sendable {
    // Safe because: `seen` is only touched under `lock`.
    private let lock = NSLock()
    private var seen: [StoreTransition<S>] = []
    func append(_ transition: StoreTransition<S>) { lock.withLock { seen.append(transition) } }
    var all: [StoreTransition<S>] { lock.withLock { seen } }
}
