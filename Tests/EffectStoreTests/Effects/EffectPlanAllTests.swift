import EffectStore
import XCTest

/// `.all` is one value however its effects were grouped.
final class EffectPlanAllTests: XCTestCase {
    private typealias E = Planner.Effect

    func test_all_flattensANestedAll_soGroupingDoesNotChangeTheValue() {
        XCTAssertEqual(E.all(.all(.fetch("a"), .fetch("b")), .fetch("c")), E.all(.fetch("a"), .fetch("b"), .fetch("c")))
        XCTAssertEqual(E.all([.fetch("a"), .all([.all(.endless), .fetch("b")])]), E.all(.fetch("a"), .endless, .fetch("b")))
        XCTAssertEqual(E.all(.all(), .fetch("a")), E.all(.fetch("a")))
    }

    func test_all_keepsOtherPlansAsTheyAre() {
        let cancellable = E.all(.fetch("a"), .fetch("b")).cancellable(id: "x")
        XCTAssertEqual(E.all(cancellable, .cancel(id: "y")).plan, .all([cancellable, .cancel(id: "y")]))
    }

    /// The store starts a flattened list as it started the nested one: in order, at once.
    func test_aFlattenedAll_startsItsEffectsInOrder() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        store.dispatch(event: .start(.all(.all(.fetch("a"), .fetch("b")), .fetch("c"))))
        XCTAssertEqual(effects.performedEffects, [.fetch("a"), .fetch("b"), .fetch("c")])
        for query in ["a", "b", "c"] { effects.answer(query) }
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(10)))
        XCTAssertEqual(store.state.log, ["a", "b", "c"])
    }
}
