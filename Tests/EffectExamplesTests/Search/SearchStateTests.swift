import EffectExamples
import EffectStore
import EffectStoreTesting
import XCTest

/// The search's policy, data in and data out: the effects are values compared with `==`.
final class SearchStateTests: XCTestCase {
    typealias Effect = SearchState.Effect

    func test_queryChanged_returnsASearchDebouncedBy300ms() {
        var state = SearchState()
        XCTAssertEqual(
            state.handle(event: .queryChanged("swift")),
            Effect.work(.search("swift")).debounced(id: SearchID.search, for: .milliseconds(300)))
        XCTAssertEqual(state.query, "swift")
        XCTAssertTrue(state.isSearching)
    }

    func test_queryChangedToEmpty_cancelsTheSearch_andClearsTheResults() {
        var state = SearchState()
        _ = state.handle(event: .queryChanged("swift"))
        _ = state.handle(event: .resultsArrived(["Swift"]))
        XCTAssertEqual(state.handle(event: .queryChanged("")), .cancel(id: SearchID.search))
        XCTAssertEqual(state.results, [])
        XCTAssertFalse(state.isSearching)
    }

    func test_resultsArrived_showsThem_andStartsNothing() {
        var state = SearchState()
        _ = state.handle(event: .queryChanged("swift"))
        XCTAssertNil(state.handle(event: .resultsArrived(["Swift", "SwiftUI"])))
        XCTAssertEqual(state.results, ["Swift", "SwiftUI"])
        XCTAssertFalse(state.isSearching)
    }
}
