import EffectStore
import EffectStoreTesting
import XCTest

/// A feed that needs a refresh after a tick-driven expiry, until the refresh answers: the case of the Threading
/// article's "Reacting to a change, not to every event".
private struct Feed: State, Equatable {
    var needsRefresh = false
    var ticks = 0
    var refreshesAsked = 0

    enum Event: Sendable { case expired, tick, refresh }
    enum Effect: Sendable, Equatable { case load }

    static var initialState: Feed { Feed() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .expired:
            needsRefresh = true
        case .tick:
            ticks += 1
        case .refresh:
            refreshesAsked += 1  // the load is in flight; needsRefresh stays true until it answers
        }
        return nil
    }
}

final class ReactingToChangesTests: XCTestCase {
    /// The trap the docs warn about: a subscriber that dispatches on a condition fires after every later event that
    /// leaves the condition true.
    func test_aSubscriberThatDispatchesOnACondition_firesAgainOnEveryEvent() {
        let store = Store<Feed>(effectHandler: NoAnswers())
        let token = store.subscribe { state in
            if state.needsRefresh, state.refreshesAsked < 10 { store.dispatch(event: .refresh) }
        }
        store.dispatch(event: .expired)
        for _ in 0..<3 { store.dispatch(event: .tick) }
        XCTAssertGreaterThan(store.state.refreshesAsked, 1, "each event while needsRefresh holds asks again")
        token.cancel()
    }

    /// The loop-free form: through `map`, the subscriber hears `needsRefresh` once per change.
    func test_aSubscriberOfAMappedField_dispatchesOncePerChange() {
        let store = Store<Feed>(effectHandler: NoAnswers())
        let token = store.map(\.needsRefresh).subscribe { needsRefresh in
            if needsRefresh { store.dispatch(event: .refresh) }
        }
        store.dispatch(event: .expired)
        for _ in 0..<3 { store.dispatch(event: .tick) }
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(10)))
        XCTAssertEqual(store.state, Feed(needsRefresh: true, ticks: 3, refreshesAsked: 1))
        token.cancel()
    }

    /// The same with a linked store: `whenChanged:` sends once per change of the watched field.
    func test_anEventSourceWhenChanged_sendsOncePerChange() {
        let feed = Store<Feed>(effectHandler: NoAnswers())
        let refresher = Store<Feed>(
            effectHandler: NoAnswers(), eventSource: StoreEventSource<Feed.Event>(feed, whenChanged: \.needsRefresh) { $0 ? .refresh : nil })
        feed.dispatch(event: .expired)
        for _ in 0..<3 { feed.dispatch(event: .tick) }
        XCTAssertTrue(feed.waitUntilSettled(timeout: .seconds(10)))
        XCTAssertTrue(refresher.waitUntilSettled(timeout: .seconds(10)))
        XCTAssertEqual(refresher.state.refreshesAsked, 1)
    }
}
