import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// The cases of issue 52, "a child described in pieces", each on a real store and on the test store: where the pieces
/// of a child disagreed, work was lost or kept without a word. With one `ChildPlace` per child, a child's work belongs
/// to that child — not to its id, not to its type — and nothing it says or changes is lost.
final class ChildDescribedOnceTests: XCTestCase {
    // MARK: - 1. Two places never share a scope

    func test_store_removingARowOfOneCollection_keepsTheRowWithItsIDInAnother() async {
        let clock = TestClock()
        let store = Store<Why.TwoLists>(effectHandler: Why.TwoListsEffects(), clock: clock)
        store.dispatch(event: .left(1, .start))
        store.dispatch(event: .right(1, .start))
        _ = await store.dispatch(event: .removeLeft(1)).value
        XCTAssertEqual(clock.scheduledCount, 1, "the left row's timer ends, the right row's stays")
        clock.advance(by: .seconds(1))
        let settled = await store.settled(timeout: .seconds(5))
        XCTAssertTrue(settled)
        XCTAssertEqual(store.state.right[id: 1]?.ticks, 1, "right row 1 lost its timer")
    }

    func test_testStore_removingARowOfOneCollection_endsItAlone() {
        let store = TestStore(initialState: Why.TwoLists())
        store.send(.left(1, .start))
        store.send(.right(1, .start))
        store.send(.removeLeft(1)) { $0.left = [] }
        XCTAssertEqual(store.transitions.last?.effect, Why.TwoLists.left.ending(1))
        store.advance(by: .seconds(1))
        store.receiveEffect(.work(.right(1, .tick(incarnation: 0))))
        store.complete(.work(.right(1, .tick(incarnation: 0))), with: .right(1, .tick(incarnation: 0))) {
            $0.right[id: 1]?.ticks = 1
        }
        store.finish()
    }

    func test_store_dismissingTheSheetOfOnePanel_keepsTheSheetOfAnotherPanelOfTheSameType() async {
        let clock = TestClock()
        let store = Store<Why.TwoPanels>(effectHandler: Why.TwoPanelsEffects(), clock: clock)
        for event: Why.Panel.Event in [.open, .sheet(.presented(.start))] {
            store.dispatch(event: .first(event))
            store.dispatch(event: .second(event))
        }
        _ = await store.dispatch(event: .first(.sheet(.dismiss))).value
        XCTAssertEqual(clock.scheduledCount, 1, "the first sheet's timer ends, the second's stays")
        clock.advance(by: .seconds(1))
        let settled = await store.settled(timeout: .seconds(5))
        XCTAssertTrue(settled)
        XCTAssertEqual(store.state.second.sheet?.ticks, 1, "the second panel's sheet lost its timer")
    }

    func test_testStore_dismissingTheSheetOfOnePanel_endsThatSheetAlone() {
        let store = TestStore(initialState: Why.TwoPanels())
        store.send(.first(.open)) { $0.first.sheet = Why.Ticker(id: 0) }
        store.send(.second(.open)) { $0.second.sheet = Why.Ticker(id: 0) }
        store.send(.first(.sheet(.presented(.start))))
        store.send(.second(.sheet(.presented(.start))))
        store.send(.first(.sheet(.dismiss))) { $0.first.sheet = nil }
        XCTAssertEqual(store.transitions.last?.effect, Why.TwoPanels.first.lift(Why.Panel.sheet.ending()))
        store.advance(by: .seconds(1))
        let tick = Why.TwoPanels.Effect.work(.second(.sheet(.tick(incarnation: 0))))
        store.receiveEffect(tick)
        store.complete(tick, with: .second(.sheet(.presented(.tick(incarnation: 0))))) { $0.second.sheet?.ticks = 1 }
        store.finish()
    }

    // MARK: - 2. A child that leaves and one that arrives under the same id are two children

    func test_store_aRowRemovedAndAppendedUnderItsIDInOneTransition_endsTheOldRowsWork() async {
        let clock = TestClock()
        let store = Store<Why.Board>(effectHandler: Why.BoardEffects(), clock: clock)
        store.dispatch(event: .row(1, .start))
        store.dispatch(event: .row(2, .start))
        _ = await store.dispatch(event: .replace(1)).value
        XCTAssertEqual(clock.scheduledCount, 1, "the old row 1's timer ends, row 2's stays")
        clock.advance(by: .seconds(1))
        let settled = await store.settled(timeout: .seconds(5))
        XCTAssertTrue(settled)
        XCTAssertEqual(store.state.rows[id: 1], Why.Ticker(id: 1, incarnation: 1), "the old row's tick reached the new")
        XCTAssertEqual(store.state.rows[id: 2]?.ticks, 1, "row 2, which stayed, lost its timer")
    }

    func test_store_aRowReplacedAndStartedInOneTransition_runsTheNewRowsWorkOnly() async {
        let clock = TestClock()
        let store = Store<Why.Board>(effectHandler: Why.BoardEffects(), clock: clock)
        store.dispatch(event: .row(1, .start))
        store.dispatch(event: .replaceAndStart(1))  // its future waits for the new row's tick
        _ = await store.dispatch(event: .replace(9)).value
        XCTAssertEqual(clock.scheduledCount, 1, "the old row's timer ends, the new row's starts")
        clock.advance(by: .seconds(1))
        let settled = await store.settled(timeout: .seconds(5))
        XCTAssertTrue(settled)
        XCTAssertEqual(store.state.rows[id: 1], Why.Ticker(id: 1, incarnation: 1, ticks: 1))
    }

    func test_testStore_aRowRemovedAndAppendedUnderItsIDInOneTransition_endsTheOldRowsWork() {
        let store = TestStore(initialState: Why.Board())
        store.send(.row(1, .start))
        store.send(.row(2, .start))
        store.send(.replaceAndStart(1)) {
            $0.rows[id: 1] = Why.Ticker(id: 1, incarnation: 1)
            $0.nextIncarnation = 2
        }
        XCTAssertEqual(
            store.transitions.last?.effect,
            .all(Why.Board.rows.ending(1), Why.Board.rows.lift((1, Why.Ticker(id: 1, incarnation: 1).started))))
        store.advance(by: .seconds(1))
        let newTick = Why.Board.Effect.work(.row(1, .tick(incarnation: 1)))
        let rowTwoTick = Why.Board.Effect.work(.row(2, .tick(incarnation: 0)))
        store.receiveEffect(rowTwoTick)
        store.receiveEffect(newTick)
        store.complete(rowTwoTick, with: .row(2, .tick(incarnation: 0))) { $0.rows[id: 2]?.ticks = 1 }
        store.complete(newTick, with: .row(1, .tick(incarnation: 1))) { $0.rows[id: 1]?.ticks = 1 }
        store.finish()
    }

    func test_store_workARowStartsInTheTransitionThatReplacesIt_neverReachesTheNewRow() async {
        let clock = TestClock()
        let store = Store<Why.Board>(effectHandler: Why.BoardEffects(), clock: clock)
        _ = await store.dispatch(event: .startThenReplace(1)).value
        XCTAssertEqual(clock.scheduledCount, 0, "the old row's timer started")
        let state = await store.dispatch(event: .replace(9)).value
        XCTAssertEqual(state.rows[id: 1], Why.Ticker(id: 1, incarnation: 1))
    }

    func test_testStore_workARowStartsInTheTransitionThatReplacesIt_neverStarts() {
        let store = TestStore(initialState: Why.Board())
        store.send(.startThenReplace(1)) {
            $0.rows[id: 1] = Why.Ticker(id: 1, incarnation: 1)
            $0.nextIncarnation = 2
        }
        XCTAssertEqual(store.transitions.last?.effect, Why.Board.rows.ending(1))
        store.finish()
    }

    func test_transition_aRowReplacedUnderItsID_returnsItsEnding() {
        var board = Why.Board()
        XCTAssertEqual(board.transition(on: .replace(1)), Why.Board.rows.ending(1))
        XCTAssertNil(board.transition(on: .row(2, .tick(incarnation: 0))), "a row that stays ends nothing")
    }

    /// Four threads replace rows and start a stream of ticks in each new row, again and again: no tick of an old
    /// row's run ever reaches a new row under its id.
    func test_store_rowsReplacedFromFourThreads_neverGetTheOldRowsEvents() async {
        let store = Store<Why.Board>(effectHandler: Why.BoardEffects())
        let rounds = 40
        await withTaskGroup(of: Void.self) { group in
            for id in 1...4 {
                group.addTask {
                    for _ in 0..<rounds { _ = store.dispatch(event: .replaceAndStream(id)) }
                }
            }
        }
        let settled = await store.settled(timeout: .seconds(30))
        XCTAssertTrue(settled, "the streams did not end")
        let rows = store.state.rows
        XCTAssertEqual(rows.map(\.strayTicks), [0, 0, 0, 0], "ticks of old runs reached new rows")
        XCTAssertEqual(store.state.nextIncarnation, 1 + 4 * rounds)
    }

    // MARK: - 3. Routing to a place that is not declared

    func test_store_routingToAPlaceLeftOutOfPlaces_stopsWithAMessage() {
        runInChildProcess(
            self, expectingCrashWith: "Forgetful routed an event to the place \\Forgetful.rows, which Forgetful.places"
        ) {
            let store = Store<Why.Forgetful>(effectHandler: Why.ForgetfulEffects())
            store.dispatch(event: .row(1, .start))
            _ = store.waitUntilSettled(timeout: .seconds(5))
        }
    }

    func test_testStore_routingToAPlaceLeftOutOfPlaces_stopsWithAMessage() {
        runInChildProcess(self, expectingCrashWith: "To fix, list it: static let places: ChildPlaces<Forgetful>") {
            let store = TestStore(initialState: Why.Forgetful())
            store.send(.row(1, .start))
        }
    }

    // MARK: - 4. A child's messages reach its parent, whatever their type is called

    func test_store_aChildsOutput_reachesItsParent() async {
        let store = Store<Why.FormHost>()
        store.dispatch(event: .open)
        store.dispatch(event: .form(.presented(.titleChanged("Standup"))))
        let state = await store.dispatch(event: .form(.presented(.doneTapped))).value
        XCTAssertEqual(state, Why.FormHost(form: nil, saved: ["Standup"]))
    }

    func test_testStore_aChildsOutput_reachesItsParent() {
        let store = TestStore(initialState: Why.FormHost())
        store.send(.open) { $0.form = Why.OutputForm() }
        store.send(.form(.presented(.titleChanged("Standup")))) { $0.form?.title = "Standup" }
        store.send(.form(.presented(.doneTapped))) {
            $0.form = nil
            $0.saved = ["Standup"]
        }
        store.finish()
    }

    // MARK: - 5. An edit by a holder of a shared value reaches the other copies, also when the holder leaves

    func test_store_aSheetThatRenamesItsItemAndClosesItself_leavesTheRenameInTheList() async {
        let store = Store<Why.Catalog>()
        store.dispatch(event: .panel(.open(Why.Item(id: 1, title: "Draft"))))
        let state = await store.dispatch(event: .panel(.editor(.presented(.renameAndClose("Final"))))).value
        XCTAssertNil(state.panel.editor)
        XCTAssertEqual(state.items[id: 1]?.title, "Final", "the sheet's last edit was lost as it closed")
    }

    func test_store_aSheetThatRenamesItsItemAndStays_writesTheRenameIntoTheList() async {
        let store = Store<Why.Catalog>()
        store.dispatch(event: .panel(.open(Why.Item(id: 1, title: "Draft"))))
        let state = await store.dispatch(event: .panel(.editor(.presented(.rename("Kept"))))).value
        XCTAssertEqual(state.panel.editor?.item.title, "Kept")
        XCTAssertEqual(state.items[id: 1]?.title, "Kept")
    }

    func test_testStore_aSheetThatRenamesItsItemAndClosesItself_leavesTheRenameInTheList() {
        let store = TestStore(initialState: Why.Catalog())
        store.send(.panel(.open(Why.Item(id: 1, title: "Draft")))) {
            $0.panel.editor = Why.ItemEditor(item: Why.Item(id: 1, title: "Draft"))
        }
        store.send(.panel(.editor(.presented(.rename("Kept"))))) {
            $0.panel.editor?.item.title = "Kept"
            $0.items[id: 1]?.title = "Kept"
        }
        store.send(.panel(.editor(.presented(.renameAndClose("Final"))))) {
            $0.panel.editor = nil
            $0.items[id: 1]?.title = "Final"
        }
        store.finish()
    }

    // MARK: - 6. Many children ending at once

    func test_store_halfOfManyRowsRemovedAtOnce_endExactlyTheirTimers() async {
        let clock = TestClock()
        let store = Store<Why.BigBoard>(initialState: Why.BigBoard(rows: 2_000), effectHandler: Why.BigBoardEffects(), clock: clock)
        for id in 0..<2_000 { store.dispatch(event: .row(id, .start)) }
        _ = await store.dispatch(event: .removeOdd).value
        XCTAssertEqual(clock.scheduledCount, 1_000, "the removed rows' timers end; the others stay")
        clock.advance(by: .seconds(1))
        let settled = await store.settled(timeout: .seconds(10))
        XCTAssertTrue(settled)
        XCTAssertEqual(store.state.rows.count, 1_000)
        XCTAssertTrue(store.state.rows.allSatisfy { $0.ticks == 1 }, "a row that stayed lost its timer")
    }

    func test_transition_halfOfManyRowsRemovedAtOnce_endsThemInTheirOrder() {
        var board = Why.BigBoard(rows: 4_000)
        let odd = Array(stride(from: 1, to: 4_000, by: 2))
        XCTAssertEqual(board.transition(on: .removeOdd), Why.BigBoard.rows.ending(odd))
    }

    func test_testStore_halfOfManyRowsRemovedAtOnce_endExactlyTheirTimers() {
        let store = TestStore(initialState: Why.BigBoard(rows: 2_000))
        for id in 0..<2_000 { store.send(.row(id, .start)) }
        store.send(.removeOdd) { $0.rows.removeAll { !$0.id.isMultiple(of: 2) } }
        let odd = Array(stride(from: 1, to: 2_000, by: 2))
        XCTAssertEqual(store.transitions.last?.effect, Why.BigBoard.rows.ending(odd))
        store.advance(by: .seconds(1))
        for id in stride(from: 0, to: 2_000, by: 2) {
            let tick = Why.BigBoard.Effect.work(.row(id, .tick(incarnation: 0)))
            store.receiveEffect(tick)
            store.complete(tick, with: .row(id, .tick(incarnation: 0))) { $0.rows[id: id]?.ticks = 1 }
        }
        store.finish()
    }

    // MARK: - 7. What a test of a parent calls is what the store runs

    /// The store's transition — what an observer of its transitions sees — is `transition(on:)`'s, for the ends of
    /// children and for the shared values.
    func test_store_runsWhatTransitionReturns() async {
        let store = Store<Why.Board>(effectHandler: Why.BoardEffects(), clock: TestClock())
        let transitions = LockedTransitions<Why.Board>()
        let token = store.observeTransitions { transitions.append($0) }
        store.dispatch(event: .row(1, .start))  // its future waits for the tick
        _ = await store.dispatch(event: .replace(1)).value
        token.cancel()
        var board = Why.Board()
        _ = board.transition(on: .row(1, .start))
        XCTAssertEqual(transitions.all.last?.effect, board.transition(on: .replace(1)))
        XCTAssertEqual(transitions.all.last?.effect, Why.Board.rows.ending(1))
    }

    /// The test store runs `transition(on:)`: the end of the replaced row is its transition's effect (the shared
    /// values, with it, are case 5's test-store test).
    func test_testStore_ofAParent_showsTheEndsOfItsChildren() {
        let store = TestStore(initialState: Why.Board())
        store.send(.row(1, .start))
        store.send(.replace(1)) {
            $0.rows[id: 1] = Why.Ticker(id: 1, incarnation: 1)
            $0.nextIncarnation = 2
        }
        XCTAssertEqual(store.transitions.last?.effect, Why.Board.rows.ending(1))
        store.finish()
    }

    func test_transition_ofAParent_showsTheEndsOfItsChildrenAndItsSharedValues() {
        var board = Why.Board()
        _ = board.transition(on: .row(1, .start))
        XCTAssertEqual(board.transition(on: .replace(1)), Why.Board.rows.ending(1))
        var catalog = Why.Catalog()
        _ = catalog.transition(on: .panel(.open(Why.Item(id: 1, title: "Draft"))))
        _ = catalog.transition(on: .panel(.editor(.presented(.renameAndClose("Final")))))
        XCTAssertEqual(catalog.items[id: 1]?.title, "Final")
    }
}

extension Why.Ticker {
    /// What `.start` returns for this ticker, as the ticker returns it.
    var started: Effect { Effect.work(.tick(incarnation: incarnation)).delayed(by: .seconds(1), id: "timer") }
}

extension ChildPlace where Holder == IdentifiedStates<Why.Ticker> {
    /// The cancellations that end the rows with `ids`.
    func ending(_ ids: [Int]) -> Parent.Effect { .all(ids.map { ending($0) }) }
}
