import EffectStore
import EffectStoreTesting
import XCTest

final class RowRoutingTests: XCTestCase {
    // MARK: Data in, data out

    func test_handleForRow_changesOnlyThatRow_andLiftsItsEffectCancellableUnderTheRow() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2, count: 4)])

        XCTAssertNil(board.transition(on: .counter(id: 2, .increment)))
        let effect = board.transition(on: .counter(id: 2, .save))

        XCTAssertEqual(board.counters.map(\.count), [0, 5])
        XCTAssertEqual(effect, Board.Effect.work(.counter(id: 2, .work(.persist(5)))).cancellable(id: RowScope(2)))
    }

    /// A row's plan, written out in full: its ids are the row's own, `ScopedEffectID(row:id:)`, so a test compares the
    /// parent's effect with `==` like any other (issue 20: only the unscoped id could be written, and was not equal).
    func test_handleForRow_aRowsPlan_isWrittenOutWithScopedEffectIDs() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2)])

        let start = board.transition(on: .counter(id: 1, .startTicking))
        let stop = board.transition(on: .counter(id: 2, .stopTicking))

        XCTAssertNotEqual(
            start,
            Board.Effect.work(.counter(id: 1, .work(.ticks))).cancellable(id: "ticks").cancellable(id: RowScope(1)),
            "the row's id is scoped: the id it wrote is not the one its parent runs it under")
        XCTAssertEqual(
            start,
            Board.Effect.work(.counter(id: 1, .work(.ticks))).cancellable(id: ScopedEffectID(row: 1, id: "ticks"))
                .cancellable(id: RowScope(1)))
        XCTAssertEqual(stop, Board.Effect.cancel(id: ScopedEffectID(row: 2, id: "ticks")).cancellable(id: RowScope(2)))
        XCTAssertNotEqual(ScopedEffectID(row: 1, id: "ticks"), ScopedEffectID(row: 2, id: "ticks"))
        XCTAssertNotEqual(ScopedEffectID(row: 1, id: "ticks"), ScopedEffectID(row: 1, id: "tocks"))
    }

    /// The same effects written with `lifting(_:into:under:)`: the child's effect as the child returns it, and the
    /// place's scope, with no scope id spelled out by hand.
    func test_aRowsEffect_isWrittenWithLiftingUnderTheRowsScope() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2)])

        let ticks = Counter.Effect.work(.ticks).cancellable(id: "ticks")
        XCTAssertEqual(
            board.transition(on: .counter(id: 1, .startTicking)),
            Board.Effect.lifting(ticks, into: { .work(.counter(id: 1, $0)) }, under: RowScope(1)))
        XCTAssertEqual(
            board.transition(on: .counter(id: 2, .stopTicking)),
            Board.Effect.lifting(.cancel(id: "ticks"), into: { .work(.counter(id: 2, $0)) }, under: RowScope(2)))
        XCTAssertNotEqual(
            board.transition(on: .counter(id: 1, .startTicking)),
            Board.Effect.lifting(ticks, into: { .work(.counter(id: 1, $0)) }, under: RowScope(2)), "another row's scope"
        )
    }

    func test_handleForRow_rowsOfRows_scopeTwice_andAreWrittenOutTheSameWay() {
        var groups = CounterGroups(groups: [CounterGroup(id: 1, counters: [Counter(id: 7)])])

        let effect = groups.transition(on: .group(id: 1, .counter(id: 7, .startTicking)))

        XCTAssertEqual(
            effect,
            CounterGroups.Effect.work(.group(id: 1, .work(.counter(id: 7, .work(.ticks)))))
                .cancellable(id: ScopedEffectID(row: 1, id: ScopedEffectID(row: 7, id: "ticks")))
                .cancellable(id: ScopedEffectID(row: 1, id: RowScope(7)))
                .cancellable(id: RowScope(1)))
    }

    func test_rowScopedID_isDescribedAsItIsWritten() {
        XCTAssertEqual("\(ScopedEffectID(row: 1, id: "ticks"))", #"ScopedEffectID(row: 1, id: "ticks")"#)
        XCTAssertEqual(
            "\(EffectID(ScopedEffectID(row: "a", id: ScopedEffectID(row: 7, id: 2))))",
            #"ScopedEffectID(row: "a", id: ScopedEffectID(row: 7, id: 2))"#)
    }

    func test_handleForRow_missingRow_isIgnored() {
        var board = Board(counters: [Counter(id: 1)])

        let effect = board.transition(on: .counter(id: 9, .save))

        XCTAssertNil(effect)
        XCTAssertEqual(board, Board(counters: [Counter(id: 1)]))
    }

    func test_handleForRow_plainParentEffect_isLiftedAsItIs() {
        var board = PlainBoard(counters: [Counter(id: 1)])

        XCTAssertEqual(board.transition(on: .counter(id: 1, .save)), .counter(id: 1, .work(.persist(0))))
    }

    func test_aRemovedRow_endsWithTheCancellationOfItsEffects_nothingWhenMissing() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2)])

        XCTAssertEqual(board.transition(on: .remove(1)), .cancel(id: RowScope(1)))
        XCTAssertNil(board.transition(on: .remove(1)))
        XCTAssertEqual(board.counters.ids, [2])
    }

    func test_rowsRemovedByRemoveAll_endEachInOrder() {
        var board = Board(counters: [Counter(id: 1), Counter(id: 2), Counter(id: 3)])

        XCTAssertEqual(
            board.transition(on: .removeAbove(1)), .all(.cancel(id: RowScope(2)), .cancel(id: RowScope(3))))
        XCTAssertNil(board.transition(on: .removeAbove(1)))
        XCTAssertEqual(board.counters.ids, [1])
    }

    // MARK: On a real store

    /// A store with counters 1 and 2, each ticking with a run of its own.
    private func storeWithTwoTickingCounters(_ effects: BoardEffects) -> Store<Board> {
        let store = Store<Board>(
            initialState: Board(counters: [Counter(id: 1), Counter(id: 2)]),
            effectHandler: effects.handler()
        )
        store.dispatch(event: .counter(id: 1, .startTicking))
        store.dispatch(event: .counter(id: 2, .startTicking))
        return store
    }

    func test_store_rowEffect_goesToTheHandlerWithItsID_andTheAnswerComesBackToThatRow() async {
        let effects = BoardEffects()
        let store = Store<Board>(
            initialState: Board(counters: [Counter(id: 1, count: 3), Counter(id: 2, count: 8)]),
            effectHandler: effects.handler()
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
