import EffectStore
import EffectStoreTesting
import XCTest

/// Orders that reach equal configurations are explored once: configurations are compared by value — the state with
/// `==`, the pending work without the scheduler's job, timer and chain numbers — so orders that start the same effects
/// in another order merge too; with every order explored (no out-of-order bound), the effects pending are a set. The
/// figures (counts, not times) are those of the article's table; while the numbers were compared, they were 1 schedule
/// and 19 configurations, 3 and 97, 3 and 30.
final class EffectOrderMergingTests: XCTestCase {
    struct Figures: Equatable, CustomStringConvertible {
        var schedules: Int
        var configurations: Int
        var merged: Int
        var description: String { "\(schedules) schedules, \(configurations) configurations, \(merged) merged" }
    }

    func figures<S: State & Hashable>(_ explorer: StateExplorer<S>, _ bounds: EffectOrderBounds) -> Figures {
        let exploration = explorer.exploreEffectOrders(bounds: bounds)
        XCTAssertNil(exploration.failure?.message)
        XCTAssertNil(exploration.cutShort)
        return Figures(
            schedules: exploration.schedules, configurations: exploration.configurations,
            merged: exploration.mergedOrders)
    }

    func test_threeSubmits_inAnyOrder_mergeTheOrdersThatStartedTheirOrdersInAnotherOrder() {
        // Three checkouts placed at once, answered in any order: which submit's order answered first leaves the same
        // configuration, though its job has another number.
        let explorer = StateExplorer(initialState: DoubleSubmit(), events: [.submitTapped, .submitTapped, .submitTapped])
            .answering { _ in [.later(.orderPlaced)] }
        let bounds = EffectOrderBounds(depth: 6, outOfOrder: 6)
        XCTAssertEqual(figures(explorer, bounds), Figures(schedules: 1, configurations: 13, merged: 9))
    }

    func test_searches_inAnyOrder_mergeByValue() {
        let explorer = StateExplorer(
            initialState: StaleSearch(fixed: true), events: [.typed("a"), .typed("ab"), .typed("abc")]
        )
        .invariant("the results shown are for the query") { $0.isSearching || $0.resultsQuery == $0.query }
        .answering { effect in
            guard case .work(.search(let query)) = effect else { return [] }
            return [.later(.answered(query: query, results: [query + "!"]))]
        }
        let bounds = EffectOrderBounds(depth: 8, outOfOrder: 2, eventsInAnyOrder: true)
        XCTAssertEqual(figures(explorer, bounds), Figures(schedules: 3, configurations: 79, merged: 69))
        // Every order, the searches pending a set: fewer configurations than two answers out of order took.
        let everyOrder = EffectOrderBounds(depth: 8, eventsInAnyOrder: true)
        XCTAssertEqual(figures(explorer, everyOrder), Figures(schedules: 3, configurations: 73, merged: 60))
    }

    func test_saves_andDismissals_inAnyOrder_mergeByValue() {
        let explorer = StateExplorer(
            initialState: SaveAfterDismiss(fixed: true), events: [.saveTapped, .saveTapped, .dismissed]
        )
        .invariant("no banner on a dismissed sheet") { $0.banner == nil || $0.isPresented }
        .answering { _ in [.later(.saved), .failing(.saveFailed)] }
        let bounds = EffectOrderBounds(depth: 8, outOfOrder: 2, eventsInAnyOrder: true)
        XCTAssertEqual(figures(explorer, bounds), Figures(schedules: 1, configurations: 22, merged: 33))
    }

    func test_everyOrder_countsThePendingEffectsAsASet() {
        // Four searches typed in any order, none cancelling another, answered in any order. Every order is explored
        // by default; the searches pending are a set, so two orders that started them in another order merge. A
        // bound on out-of-order answers (here one that cuts nothing) keeps the order they started in, as which answer
        // is out of order depends on it: more configurations for the same states. (Before, the order always counted.)
        let explorer = StateExplorer(
            initialState: StaleSearch(), events: [.typed("a"), .typed("b"), .typed("c"), .typed("d")]
        )
        .answering { effect in
            guard case .work(.search(let query)) = effect else { return [] }
            return [.later(.answered(query: query, results: [query + "!"]))]
        }
        let everyOrder = explorer.exploreEffectOrders(bounds: EffectOrderBounds(depth: 8, eventsInAnyOrder: true))
        let bounded = explorer.exploreEffectOrders(
            bounds: EffectOrderBounds(depth: 8, outOfOrder: 8, eventsInAnyOrder: true))
        XCTAssertEqual(everyOrder.distinctStates, 33)
        XCTAssertEqual(bounded.distinctStates, 33)
        XCTAssertEqual(everyOrder.configurations, 465)
        XCTAssertEqual(bounded.configurations, 577)
        XCTAssertNil(everyOrder.failure?.message)
        XCTAssertNil(everyOrder.cutShort)
    }
}
