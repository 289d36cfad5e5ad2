import EffectStore

/// Creates the feed store and links it with the session both ways: the feed hears the session's log-outs, and the
/// session hears the feed's expired token, which logs the user out.
///
/// ```swift
/// let sessionStore = Store<UserSession>(initialState: .loggedIn(user: "ana"))
/// let feedStore = makeFeedStore(service: service, sessionStore: sessionStore)
/// feedStore.dispatch(event: .refresh)
/// sessionStore.dispatch(event: .logOut)   // the feed resets; the fetch's answer is never handled
/// ```
///
/// Session → feed: `StoreEventSource(_:whenChanged:event:)` watches `isLoggedIn` and sends
/// ``FeedState/Event/sessionEnded`` when it turns false. Feed → session: `addEventSource(_:)` gives the existing
/// session store a second event source, which watches ``FeedState/tokenExpired`` and sends `.logOut` when it turns
/// true. Each runs on its source store's queue, and its event reaches the other store asynchronously; neither store
/// keeps the other alive, and no relay is needed in either order of creation.
///
/// - Parameters:
///   - service: Answers the fetches.
///   - sessionStore: The session to watch. Not kept alive by the feed store.
///   - clock: The feed store's clock; `nil` for the real one.
/// - Returns: The feed store.
public func makeFeedStore(
    service: InMemoryFeedService,
    sessionStore: Store<UserSession>,
    clock: (any EffectClock)? = nil
) -> Store<FeedState> {
    let feedStore = Store<FeedState>(
        effectHandler: FeedEffects(service: service),
        eventSource: StoreEventSource(sessionStore, whenChanged: \.isLoggedIn) { $0 ? nil : .sessionEnded },
        clock: clock
    )
    sessionStore.addEventSource(StoreEventSource(feedStore, whenChanged: \.tokenExpired) { $0 ? .logOut : nil })
    return feedStore
}

/// Performs ``FeedState``'s fetch with the one-answer form: a future of the posts.
///
/// `perform(_:)` runs on the store's queue; the answer comes on the thread that answers the service. When the
/// store has cancelled the fetch, it drops that answer.
public final class FeedEffects: PlannedEffectHandler, Sendable {
    private let service: InMemoryFeedService

    /// Creates the handler.
    ///
    /// - Parameter service: Answers the fetches.
    public init(service: InMemoryFeedService) { self.service = service }

    /// Starts the fetch `work` asks for.
    ///
    /// - Parameter work: The work of an effect ``FeedState/handle(event:)`` returned.
    /// - Returns: A future of ``FeedState/Event/loaded(_:)``.
    public func perform(_ work: FeedState.Work) -> Future<FeedState.Event>? {
        switch work {
        case .fetch:
            return service.fetch().map { answer in
                switch answer {
                case .posts(let posts): return .loaded(posts)
                case .tokenExpired: return .tokenExpired
                }
            }
        }
    }
}

/// A feed service that answers when the test says, oldest fetch first.
///
/// ```swift
/// let service = InMemoryFeedService()
/// service.fetch().onComplete { print($0) }
/// service.answerOldest(with: ["Hello"])   // prints posts(["Hello"])
/// ```
///
/// Safe from any thread; futures resolve on the thread that answers.
public final class InMemoryFeedService: Sendable {
    private struct Fetches {
        var waiting: [Promise<FeedAnswer>] = []
        var count = 0
    }

    private let fetches = LockedBox.make(Fetches())

    /// Creates a service with no fetch.
    public init() {}

    /// How many fetches were made.
    public var fetchCount: Int { fetches.withLock { $0.count } }

    /// Starts a fetch, answered by ``answerOldest(with:)`` or ``expireOldest()``.
    ///
    /// - Returns: The posts, or the news that the token expired, once answered.
    public func fetch() -> Future<FeedAnswer> {
        let promise = Promise<FeedAnswer>()
        fetches.withLock {
            $0.count += 1
            $0.waiting.append(promise)
        }
        return promise.future
    }

    /// Answers the oldest fetch not yet answered; does nothing if there is none.
    ///
    /// - Parameter posts: Its answer.
    public func answerOldest(with posts: [String]) {
        answerOldest(.posts(posts))
    }

    /// Answers the oldest fetch not yet answered with an expired token; does nothing if there is none.
    public func expireOldest() {
        answerOldest(.tokenExpired)
    }

    private func answerOldest(_ answer: FeedAnswer) {
        let promise = fetches.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }
        promise?.resolve(answer)
    }
}

/// What a feed fetch answers.
public enum FeedAnswer: Sendable, Equatable {
    /// The latest posts.
    case posts([String])
    /// The session's token expired: the user must log in again.
    case tokenExpired
}
