import EffectExamples
import EffectStore
import EffectStoreTesting
import XCTest

/// The snippets of the article "Effects in practice" about search, run as written against the example's
/// `SearchState`, so that the article cannot drift from the code again (its `TestStore` snippet once failed with
/// `.isSearching: expected false, actual true`, and named an id the example does not have).
final class SearchArticleSnippetTests: XCTestCase {
    func test_dataInDataOut_snippet() {
        var state = SearchState()
        XCTAssertEqual(state.handle(event: .queryChanged("")), .cancel(id: SearchID.search))
    }

    func test_testStore_snippet() {
        let failures = TestFailureCollector()
        do {
            let store = TestStore(initialState: SearchState(), reporter: failures.reporter)
            store.send(.queryChanged("swift")) {
                $0.query = "swift"
                $0.isSearching = true
            }
            store.advance(by: .milliseconds(300))
            store.receiveEffect(.work(.search("swift")))
            store.send(.queryChanged("")) {
                $0.query = ""
                $0.isSearching = false
            }
            store.receiveCancellation(of: .work(.search("swift")))  // clearing cancelled the search in flight
            store.finish()
        }
        XCTAssertEqual(failures.messages, [])
    }
}
