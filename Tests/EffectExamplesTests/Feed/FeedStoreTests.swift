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

    /// Logs out and waits, without polling, until the feed store — fed by the session store — has settled.
    private func logOut(file: StaticString = #filePath, line: UInt = #line) {
        sessionStore.dispatch(event: .logOut)
        XCTAssertTrue(feedStore.waitUntilSettled(timeout: .seconds(5)), file: file, line: line)
    }

    // MARK: Linked both ways

    /// Feed → session: an expired token logs the user out, which (session → feed) resets the feed. Both stores were
    /// wired by `makeFeedStore`, the second link added to the existing session store, with no relay.
    func test_anExpiredToken_logsTheUserOut_andTheLogOutResetsTheFeed() {
        feedStore.dispatch(event: .refresh)
        service.expireOldest()

        XCTAssertTrue(sessionStore.waitUntilSettled(timeout: .seconds(5)), "both stores settle, each feeding the other")
        XCTAssertEqual(sessionStore.state, .loggedOut)
        XCTAssertEqual(feedStore.state, FeedState(), "reset by the log-out, its expired flag with it")
    }

    func test_storesLinkedBothWays_keepNeitherAlive() {
        weak var weakSession: Store<UserSession>?
        weak var weakFeed: Store<FeedState>?
        do {
            let session = Store<UserSession>(initialState: .loggedIn(user: "ana"))
            let feed = makeFeedStore(service: InMemoryFeedService(), sessionStore: session)
            weakSession = session
            weakFeed = feed
        }
        XCTAssertNil(weakSession)
        XCTAssertNil(weakFeed)
    }
}
