import EffectExamples
import EffectStore
import EffectStoreTesting
import XCTest

/// The search in a real store, on a `TestClock`: the debounce, the cancellation of the request in flight, and the
/// answer that comes too late, with no sleeping.
final class SearchStoreTests: XCTestCase {
    private let clock = TestClock()
    private let service = InMemorySearchService()
    private lazy var store = Store<SearchState>(effectHandler: SearchEffects(service: service), clock: clock)

    func test_typing_searchesOnlyTheLastQuery_300msAfterTheLastKeystroke() {
        for query in ["s", "sw", "swi"] {
            store.dispatch(event: .queryChanged(query))
            clock.advance(by: .milliseconds(200))
        }
        XCTAssertEqual(service.queries, [])
        clock.advance(by: .milliseconds(100))
        XCTAssertEqual(service.queries, ["swi"])
    }

    func test_newerQuery_cancelsTheRequestInFlight_andItsLateAnswerIsNeverShown() {
        let handled = Recorder<SearchState.Event>()
        let recording = store.recordEvents(into: handled)
        let older = store.dispatch(event: .queryChanged("sw"))
        clock.advance(by: .milliseconds(300))
        XCTAssertEqual(service.queries, ["sw"])

        let newer = store.dispatch(event: .queryChanged("swift"))
        XCTAssertEqual(service.cancellations, ["sw"], "the newer query cancels the request in flight at once")
        XCTAssertTrue(older.isResolved, "the cancelled search's dispatch future resolves")
        clock.advance(by: .milliseconds(300))
        service.answer("sw", with: ["Swahili"])  // the older answer was already on its way
        service.answer("swift", with: ["Swift"])

        XCTAssertEqual(newer.wait(timeout: .seconds(5))?.results, ["Swift"])
        XCTAssertEqual(handled.values, [.queryChanged("sw"), .queryChanged("swift"), .resultsArrived(["Swift"])])
        recording.cancel()
    }

    func test_clearing_cancelsTheRunningAndTheWaitingSearch() {
        store.dispatch(event: .queryChanged("sw"))
        clock.advance(by: .milliseconds(300))
        store.dispatch(event: .queryChanged("swi"))  // cancels "sw", waits for its 300 ms
        let cleared = store.dispatch(event: .queryChanged(""))

        XCTAssertEqual(clock.scheduledCount, 0, "the waiting search is gone")
        clock.advance(by: .seconds(1))
        XCTAssertEqual(service.queries, ["sw"])
        XCTAssertEqual(service.cancellations, ["sw"])
        XCTAssertEqual(cleared.wait(timeout: .seconds(5)), SearchState())
    }
}
