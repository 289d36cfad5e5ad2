import EffectStore

/// Search-as-you-type: each keystroke waits 300 ms for the next, a newer query cancels the search in flight, and
/// clearing the field cancels everything.
///
/// The whole policy is three inert values that ``handle(event:)`` returns, so a test compares them with `==`; the
/// store carries them out. No generation counter: once the store commits a newer query, no answer to an older one
/// is ever handled.
///
/// ```swift
/// var state = SearchState()
/// state.handle(event: .queryChanged("swift"))
/// // Effect.work(.search("swift")).debounced(id: SearchID.search, for: 300 ms)
/// state.handle(event: .queryChanged(""))        // .cancel(id: SearchID.search)
/// ```
public struct SearchState: State, Equatable {
    /// What the user typed.
    public var query = ""
    /// The results for ``query``; empty while nothing was found or the field is empty.
    public var results: [String] = []
    /// Whether a search for ``query`` is waiting or in flight.
    public var isSearching = false

    /// What can happen to the search field.
    public enum Event: Sendable, Equatable {
        /// The user changed the text.
        case queryChanged(String)
        /// The search for the current query answered.
        case resultsArrived([String])
    }

    /// What the search asks the outside world to do.
    public enum Work: Sendable, Equatable {
        /// Search for the text; answer with ``Event/resultsArrived(_:)``.
        case search(String)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// An empty field.
    public static var initialState: SearchState { SearchState() }

    /// Creates an empty search field.
    public init() {}

    /// Records the query or the results, and returns the search to start or cancel.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: A debounced search for a non-empty query, a cancel for an empty one, `nil` for results.
    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .queryChanged(let query):
            self.query = query
            if query.isEmpty {
                results = []
                isSearching = false
                return .cancel(id: SearchID.search)
            }
            isSearching = true
            return Effect.work(.search(query)).debounced(id: SearchID.search, for: .milliseconds(300))
        case .resultsArrived(let results):
            self.results = results
            isSearching = false
            return nil
        }
    }
}

/// The ids the search's effects run under.
public enum SearchID: Hashable, Sendable {
    /// The one search that waits or runs: a newer query replaces it.
    case search
}
