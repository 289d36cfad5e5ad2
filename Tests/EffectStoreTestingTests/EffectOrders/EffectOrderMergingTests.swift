import EffectStore
import EffectStoreTesting
import XCTest

/// Orders that reach equal configurations are explored once: configurations are compared by value — the state with
/// `==`, the pending work without the scheduler's job, timer and chain numbers — so orders that start the same effects
/// in another order merge too. The figures (counts, not times) are those of the article's table; while the numbers
/// were compared, they were 1 schedule and 19 configurations, 3 and 97, 3 and 30.
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
}
