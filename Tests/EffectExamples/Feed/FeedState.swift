import EffectStore

/// A feed that the user refreshes, and that forgets everything when the user logs out.
///
/// The log-out reaches the feed as ``Event/sessionEnded`` (see ``makeFeedStore(service:sessionStore:clock:)``). The
/// feed resets and returns ``ComposableEffect/cancel(id:)`` for its fetch: once the store commits that, the
/// previous user's answer can never land in the feed, even if it arrives during the next user's fetch.
///
/// ```swift
/// var feed = FeedState()
/// feed.handle(event: .refresh)        // Effect.work(.fetch).cancellable(id: FeedID.fetch, cancelInFlight: true)
/// feed.handle(event: .sessionEnded)   // .cancel(id: FeedID.fetch); feed == FeedState()
/// ```
public struct FeedState: State, Equatable {
    /// The posts of the last fetch.
    public var posts: [String] = []
    /// Whether a fetch is in flight.
    public var isLoading = false
    /// Whether a fetch found the session's token expired; the session store hears it and logs the user out.
    public var tokenExpired = false

    /// What can happen to the feed.
    public enum Event: Sendable, Equatable {
        /// The user asks for the latest posts; a fetch in flight is replaced.
        case refresh
        /// The fetch answered.
        case loaded([String])
        /// The fetch found the session's token expired.
        case tokenExpired
        /// The user logged out.
        case sessionEnded
    }

    /// What the feed asks the outside world to do.
    public enum Work: Sendable, Equatable {
        /// Fetch the posts; answer with ``Event/loaded(_:)``.
        case fetch
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// Empty, nothing loading.
    public static var initialState: FeedState { FeedState() }

    /// Creates an empty feed.
    public init() {}

    /// Starts, takes in or forgets a fetch.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: A cancellable fetch on refresh, its cancellation on log-out, otherwise `nil`.
    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .refresh:
            isLoading = true
            return Effect.work(.fetch).cancellable(id: FeedID.fetch, cancelInFlight: true)
        case .loaded(let posts):
            self.posts = posts
            isLoading = false
            return nil
        case .tokenExpired:
            tokenExpired = true
            isLoading = false
            return nil
        case .sessionEnded:
            self = FeedState()
            return .cancel(id: FeedID.fetch)
        }
    }
}

/// The ids the feed's effects run under.
public enum FeedID: Hashable, Sendable {
    /// The fetch in flight.
    case fetch
}
