import EffectExamples
import EffectStore
import EffectStoreTesting
import XCTest

/// The feed's decisions, data in and data out.
final class FeedStateTests: XCTestCase {
    typealias Effect = FeedState.Effect

    func test_refresh_returnsAFetchThatReplacesTheOneInFlight() {
        var feed = FeedState()
        XCTAssertEqual(
            feed.handle(event: .refresh), Effect.work(.fetch).cancellable(id: FeedID.fetch, cancelInFlight: true))
        XCTAssertTrue(feed.isLoading)
    }

    func test_loaded_showsThePosts() {
        var feed = FeedState()
        _ = feed.handle(event: .refresh)
        XCTAssertNil(feed.handle(event: .loaded(["Hello"])))
        XCTAssertEqual(feed.posts, ["Hello"])
        XCTAssertFalse(feed.isLoading)
    }

    func test_sessionEnded_resetsTheFeed_andCancelsTheFetch() {
        var feed = FeedState()
        _ = feed.handle(event: .refresh)
        _ = feed.handle(event: .loaded(["Hello"]))
        _ = feed.handle(event: .refresh)
        XCTAssertEqual(feed.handle(event: .sessionEnded), .cancel(id: FeedID.fetch))
        XCTAssertEqual(feed, FeedState())
    }

    func test_session_logsInAndOut() {
        var session = UserSession.loggedOut
        _ = session.handle(event: .logIn(user: "ana"))
        XCTAssertEqual(session, .loggedIn(user: "ana"))
        _ = session.handle(event: .logIn(user: "bob"))
        XCTAssertEqual(session, .loggedIn(user: "ana"), "log out first to switch users")
        _ = session.handle(event: .logOut)
        XCTAssertFalse(session.isLoggedIn)
    }

    func test_tokenExpired_marksTheFeed_forTheSessionToHear() {
        var feed = FeedState()
        _ = feed.handle(event: .refresh)
        XCTAssertNil(feed.handle(event: .tokenExpired))
        XCTAssertTrue(feed.tokenExpired)
        XCTAssertFalse(feed.isLoading)
        XCTAssertEqual(feed.handle(event: .sessionEnded), .cancel(id: FeedID.fetch))
        XCTAssertEqual(feed, FeedState())
    }
}
