import EffectExamples
import EffectStore
import EffectStoreTesting
import XCTest

/// A session store and a feed store: the log-out reaches the feed from the session store's queue, so these tests
/// wait (boundedly) for it; everything else answers when the test says.
final class FeedStoreTests: XCTestCase {
    private let service = InMemoryFeedService()
    private let sessionStore = Store<UserSession>(initialState: .loggedIn(user: "ana"))
    private lazy var feedStore = makeFeedStore(service: service, sessionStore: sessionStore)

    func test_logOut_resetsTheFeed() {
        let refreshed = feedStore.dispatch(event: .refresh)
        service.answerOldest(with: ["Ana's post"])
        XCTAssertEqual(refreshed.wait(timeout: .seconds(5))?.posts, ["Ana's post"])

        logOut()
        XCTAssertEqual(feedStore.state, FeedState())
    }

    /// Log out mid-fetch: the fetch's answer, arriving once the feed is reset, is never shown, so it cannot be taken
    /// for the next user's either.
    func test_logOutMidFetch_cancelsTheFetch_soItsLateAnswerIsNeverShown() {
        let handled = Recorder<FeedState.Event>()
        let recording = feedStore.recordEvents(into: handled)
        let anasFetch = feedStore.dispatch(event: .refresh)
        logOut()
        // Observers hear the log-out as it is committed; the cancellation it returned is carried out right after.
        XCTAssertEqual(
            anasFetch.wait(timeout: .seconds(5)), FeedState(), "the cancelled fetch's dispatch future resolves")
        service.answerOldest(with: ["Ana's post"])  // late: the feed is reset already

        sessionStore.dispatch(event: .logIn(user: "bob"))
        let bobsFetch = feedStore.dispatch(event: .refresh)
        service.answerOldest(with: ["Bob's post"])

        XCTAssertEqual(bobsFetch.wait(timeout: .seconds(5))?.posts, ["Bob's post"])
        XCTAssertEqual(handled.values, [.refresh, .sessionEnded, .refresh, .loaded(["Bob's post"])])
        recording.cancel()
    }

    /// Logs out and waits until the feed store has handled it: it arrives asynchronously, from the session store.
    private func logOut(file: StaticString = #filePath, line: UInt = #line) {
        let ended = expectation(description: "the feed hears the log-out")
        let watch = feedStore.observeTransitions { if $0.event == .sessionEnded { ended.fulfill() } }
        sessionStore.dispatch(event: .logOut)
        wait(for: [ended], timeout: 5)
        watch.cancel()
    }
}
