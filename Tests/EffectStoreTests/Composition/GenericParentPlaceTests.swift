import EffectStore
import XCTest

/// A generic parent has no `static let`: its places are computed `static var`s, made anew at each use. A place at a
/// key path made anew is the same place — the same scope for its children's work, the same entry of `places`.
final class GenericParentPlaceTests: XCTestCase {
    func test_aPlaceMadeAnew_isTheSamePlace_forItsEndingsAndItsLifts() {
        XCTAssertFalse(TaggedBoard<Self>.counters === TaggedBoard<Self>.counters, "made anew at each use")
        XCTAssertEqual(TaggedBoard<Self>.counters.ending(1), TaggedBoard<Self>.counters.ending(1))
        XCTAssertEqual(
            TaggedBoard<Self>.counters.lift((1, Counter.Effect.work(.ticks).cancellable(id: "ticks"))),
            TaggedBoard<Self>.counters.lift((1, Counter.Effect.work(.ticks).cancellable(id: "ticks"))))
        XCTAssertNotEqual(TaggedBoard<Self>.counters.ending(1), TaggedBoard<Self>.others.ending(1), "another place")
        XCTAssertNotEqual(
            cancelled(by: TaggedBoard<Self>.counters.ending(1)), cancelled(by: TaggedBoard<Int>.counters.ending(1)),
            "another parent type's place")
    }

    private func cancelled<Tag>(by effect: TaggedBoard<Tag>.Effect) -> EffectID? {
        guard case .cancel(let id)? = effect.plan else { return nil }
        return id
    }

    func test_transition_aRemovedRow_endsUnderThePlaceItsWorkStartedUnder() {
        var board = TaggedBoard<Self>()
        _ = board.transition(on: .counter(id: 1, .startTicking))
        XCTAssertEqual(board.transition(on: .remove(1)), TaggedBoard<Self>.counters.ending(1))
    }

    /// The store cancels the removed row's run: the cancellation's scope, made by one place object, finds the run
    /// started under another's.
    func test_store_aRemovedRowsRun_stops_andNoTickReachesARowAddedUnderItsID() async {
        let effects = TaggedBoardEffects<Self>()
        let store = Store<TaggedBoard<Self>>(effectHandler: effects)
        store.dispatch(event: .counter(id: 1, .startTicking))  // a run that ends only when cancelled
        _ = await store.dispatch(event: .counter(id: 2, .increment)).value
        effects.board.tick(1)
        _ = await store.dispatch(event: .remove(1)).value
        XCTAssertEqual(effects.board.stoppedCounters, [1])
        _ = await store.dispatch(event: .add(1)).value
        effects.board.tick(1)
        let state = await store.dispatch(event: .counter(id: 2, .increment)).value
        XCTAssertEqual(state.counters[id: 1]?.count, 0, "the removed row's run reached the new row")
    }
}

/// A board of counters, generic over a tag: two places of one row type, declared as computed properties.
private struct TaggedBoard<Tag>: State, Equatable {
    var counters: IdentifiedStates<Counter> = [Counter(id: 1), Counter(id: 2)]
    var others: IdentifiedStates<Counter> = []

    enum Event: Sendable, Equatable {
        case counter(id: Int, Counter.Event), other(id: Int, Counter.Event), add(Int), remove(Int)
    }
    enum Work: Sendable, Equatable { case counter(id: Int, Counter.Work), other(id: Int, Counter.Work) }
    typealias Effect = Planned<Work>

    static var initialState: TaggedBoard { TaggedBoard() }

    static var counters: ChildPlace<TaggedBoard, IdentifiedStates<Counter>> {
        ChildPlace(\TaggedBoard.counters, event: Event.counter, work: Work.counter)
    }
    static var others: ChildPlace<TaggedBoard, IdentifiedStates<Counter>> {
        ChildPlace(\TaggedBoard.others, event: Event.other, work: Work.other)
    }
    static var places: ChildPlaces<TaggedBoard> { [counters, others] }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let id, let event): return route((id, event), to: Self.counters)
        case .other(let id, let event): return route((id, event), to: Self.others)
        case .add(let id):
            counters.append(Counter(id: id))
            return nil
        case .remove(let id):
            counters.remove(id: id)
            return nil
        }
    }
}

/// Performs a tagged board's rows' work as ``BoardEffects`` performs a board's.
private final class TaggedBoardEffects<Tag>: PlannedEffectHandler {
    let board = BoardEffects()

    func perform(_ work: TaggedBoard<Tag>.Work) -> EffectAnswer<TaggedBoard<Tag>.Event>? {
        switch work {
        case .counter(let id, let work):
            return TaggedBoard<Tag>.counters.answer((id, work)) { board.perform(id: id, work: $0) }
        case .other(let id, let work):
            return TaggedBoard<Tag>.others.answer((id, work)) { board.perform(id: id, work: $0) }
        }
    }
}
