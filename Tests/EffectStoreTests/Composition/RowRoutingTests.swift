import EffectStore
import EffectStoreTesting
import XCTest

final class RowRoutingTests: XCTestCase {
    // MARK: Data in, data out

    /// The scope row `id`'s work runs under: what the board's ending of the row cancels.
    private func rowScope(_ id: Int) -> EffectID {
        guard case .cancel(let scope)? = Board.counters.ending(id).plan else {
            preconditionFailure("the ending of a row is one cancellation")
        }
        return scope
    }

    func test_routeToRow_changesOnlyThatRow_andLiftsItsEffectCancellableUnderTheRow() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2, count: 4)])

        XCTAssertNil(board.transition(on: .counter(id: 2, .increment)))
        let effect = board.transition(on: .counter(id: 2, .save))

        XCTAssertEqual(board.counters.map(\.count), [0, 5])
        XCTAssertEqual(effect, Board.Effect.work(.counter(id: 2, .persist(5))).cancellable(id: rowScope(2)))
        XCTAssertEqual(effect, Board.counters.lift((2, .work(.persist(5)))))
    }

    /// A row's plan, written with the place: its ids are the row's own, so a test compares the parent's effect with
    /// `==` like any other (issue 20: only the unscoped id could be written, and was not equal).
    func test_routeToRow_aRowsPlan_isWrittenWithThePlacesLift_itsIDsTheRowsOwn() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2)])

        let start = board.transition(on: .counter(id: 1, .startTicking))
        let stop = board.transition(on: .counter(id: 2, .stopTicking))

        XCTAssertNotEqual(
            start,
            Board.Effect.work(.counter(id: 1, .ticks)).cancellable(id: "ticks").cancellable(id: rowScope(1)),
            "the row's id is scoped: the id it wrote is not the one its parent runs it under")
        XCTAssertEqual(start, Board.counters.lift((1, Counter.Effect.work(.ticks).cancellable(id: "ticks"))))
        XCTAssertEqual(stop, Board.counters.lift((2, .cancel(id: "ticks"))))
        guard case .cancel(let id)? = stop?.plan else {
            return XCTFail("\(String(describing: stop)): a cancellation starts no work, so it runs under no scope")
        }
        XCTAssertNotEqual(id, EffectID("ticks"), "the row's own id")
        XCTAssertNotEqual(
            Board.counters.lift((1, .cancel(id: "ticks"))), Board.counters.lift((2, .cancel(id: "ticks"))))
        XCTAssertNotEqual(
            Board.counters.lift((1, .cancel(id: "ticks"))), Board.counters.lift((1, .cancel(id: "tocks"))))
    }

    func test_aRowsEffect_liftedUnderAnotherRow_isNotEqual() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2)])

        let ticks = Counter.Effect.work(.ticks).cancellable(id: "ticks")
        XCTAssertEqual(board.transition(on: .counter(id: 1, .startTicking)), Board.counters.lift((1, ticks)))
        XCTAssertNotEqual(
            board.transition(on: .counter(id: 1, .startTicking)), Board.counters.lift((2, ticks)), "another row's scope"
        )
    }

    func test_routeToRow_rowsOfRows_scopeTwice_andAreWrittenWithBothPlaces() {
        var groups = CounterGroups(groups: [CounterGroup(id: 1, counters: [Counter(id: 7)])])

        let effect = groups.transition(on: .group(id: 1, .counter(id: 7, .startTicking)))

        let ticks = Counter.Effect.work(.ticks).cancellable(id: "ticks")
        XCTAssertEqual(effect, CounterGroups.groups.lift((1, CounterGroup.counters.lift((7, ticks)))))
        XCTAssertNotEqual(effect, CounterGroups.groups.lift((1, CounterGroup.counters.lift((8, ticks)))))
        XCTAssertNotEqual(effect, CounterGroups.groups.lift((2, CounterGroup.counters.lift((7, ticks)))))
    }

    func test_aRowsScopedIDs_areDescribedByTheirPlace() {
        var board = Board(counters: [Counter(id: 1)])
        var groups = CounterGroups(groups: [CounterGroup(id: 1, counters: [Counter(id: 7)])])

        let stop = board.transition(on: .counter(id: 1, .stopTicking))
        let nested = groups.transition(on: .group(id: 1, .counter(id: 7, .stopTicking)))

        XCTAssertEqual(
            stop.map { "\($0)" }, #".cancel(id: \Board.counters[1]/"ticks")"#)
        XCTAssertEqual(
            "\(Board.counters.ending(1, 2))", #".all(.cancel(id: \Board.counters[1]), .cancel(id: \Board.counters[2]))"#
        )
        XCTAssertEqual(
            nested.map { "\($0)" },
            #".cancel(id: \CounterGroups.groups[1]/\CounterGroup.counters[7]/"ticks")"#)
    }

    /// A row's work, one level deep in the parent's, reads as it is written: `.counter(id: 1, .ticks)`.
    func test_aRowsLiftedWork_isDescribedAsItIsWritten() {
        var board = Board(counters: [Counter(id: 1)])

        let start = board.transition(on: .counter(id: 1, .startTicking))

        XCTAssertEqual(
            start.map { "\($0)" },
            #".work(.counter(id: 1, .ticks)).cancellable(id: \Board.counters[1]/"ticks")"#
                + #".cancellable(id: \Board.counters[1])"#)
    }

    func test_routeToRow_missingRow_isIgnored() {
        var board = Board(counters: [Counter(id: 1)])

        let effect = board.transition(on: .counter(id: 9, .save))

        XCTAssertNil(effect)
        XCTAssertEqual(board, Board(counters: [Counter(id: 1)]))
    }

    func test_routeToRow_aParentsEffectEnumOfItsOwn_embedsTheRowsWorkInItsCase() {
        var board = PlainBoard(counters: [Counter(id: 1)])

        let effect = board.transition(on: .counter(id: 1, .save))

        XCTAssertEqual(effect, PlainBoard.counters.lift((1, .work(.persist(0)))))
        guard case .cancellable(let work, let scope, false)? = effect?.plan else {
            return XCTFail("\(String(describing: effect)): not cancellable under the row")
        }
        XCTAssertEqual(work, .counter(id: 1, .persist(0)))
        XCTAssertEqual(PlainBoard.counters.ending(1), .cancel(id: scope))
        XCTAssertEqual(board.transition(on: .remove(1)), PlainBoard.counters.ending(1))
    }

    func test_aRemovedRow_endsWithTheCancellationOfItsEffects_nothingWhenMissing() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2)])

        XCTAssertEqual(board.transition(on: .remove(1)), Board.counters.ending(1))
        XCTAssertEqual(Board.counters.ending(1), .cancel(id: rowScope(1)))
        XCTAssertNil(board.transition(on: .remove(1)))
        XCTAssertEqual(board.counters.ids, [2])
    }

    func test_rowsRemovedByRemoveAll_endEachInOrder() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2), Counter(id: 3)])

        XCTAssertEqual(board.transition(on: .removeAbove(1)), Board.counters.ending(2, 3))
        XCTAssertEqual(Board.counters.ending(2, 3), .all(.cancel(id: rowScope(2)), .cancel(id: rowScope(3))))
        XCTAssertNil(board.transition(on: .removeAbove(1)))
        XCTAssertEqual(board.counters.ids, [1])
    }

    // MARK: On a real store

    /// A store with counters 1 and 2, each ticking with a run of its own.
    private func storeWithTwoTickingCounters(_ effects: BoardEffects) -> Store<Board> {
        let store = Store<Board>(
            initialState: Board(counters: [Counter(id: 1), Counter(id: 2)]),
            effectHandler: effects
        )
        store.dispatch(event: .counter(id: 1, .startTicking))
        store.dispatch(event: .counter(id: 2, .startTicking))
        return store
    }

    func test_store_rowEffect_goesToTheHandlerWithItsID_andTheAnswerComesBackToThatRow() async {
        let effects = BoardEffects()
        let store = Store<Board>(
            initialState: Board(counters: [Counter(id: 1, count: 3), Counter(id: 2, count: 8)]),
            effectHandler: effects
        )

        let state = await store.dispatch(event: .counter(id: 2, .save)).value

        XCTAssertEqual(state.counters.map(\.saved), [nil, 8])
    }

    func test_store_removingARow_cancelsItsRun_andNoEventOfItIsHandledAfterwards() async {
        let effects = BoardEffects()
        let store = storeWithTwoTickingCounters(effects)
        _ = await store.dispatch(event: .add(0)).value
        XCTAssertEqual(effects.runCount, 2)
        effects.tick(1)
        effects.tick(2)
        _ = await store.dispatch(event: .add(0)).value
        XCTAssertEqual(store.state.counters.map(\.count), [1, 1, 0])

        _ = await store.dispatch(event: .remove(1)).value
        _ = await store.dispatch(event: .add(1)).value  // a new row under the old id: the old run must not reach it
        effects.tick(1)
        effects.tick(2)
        let state = await store.dispatch(event: .add(0)).value

        XCTAssertEqual(effects.stoppedCounters, [1])
        XCTAssertEqual(state.counters.ids, [2, 0, 1])
        XCTAssertEqual(state.counters[id: 1]?.count, 0)
        XCTAssertEqual(state.counters[id: 2]?.count, 2)
    }

    func test_store_rowIDsAreTheRowsOwn_stoppingOneRowsTicksLeavesTheOthers() async {
        let effects = BoardEffects()
        let store = storeWithTwoTickingCounters(effects)

        _ = await store.dispatch(event: .counter(id: 1, .stopTicking)).value
        effects.tick(1)
        effects.tick(2)
        let state = await store.dispatch(event: .add(3)).value

        XCTAssertEqual(effects.stoppedCounters, [1])
        XCTAssertEqual(state.counters.map(\.count), [0, 1, 0])
    }
}
