import EffectStore

/// Performs ``SearchState``'s searches with a callback-based service, as a run that the store can stop.
///
/// ```swift
/// let store = Store<SearchState>(effectHandler: SearchEffects(service: service))
/// store.dispatch(event: .queryChanged("swift"))   // 300 ms later: service.search("swift") { … }
/// ```
///
/// `perform(_:)` runs on the store's queue. The service's completion may call back on any thread; when the store
/// cancels the search (a newer query, or clearing), the request's cancel function runs on the store's queue.
public final class SearchEffects: PlannedEffectHandler, Sendable {
    private let service: InMemorySearchService

    /// Creates the handler.
    ///
    /// - Parameter service: Answers the searches.
    public init(service: InMemorySearchService) { self.service = service }

    /// Starts the search `work` asks for.
    ///
    /// - Parameter work: The work of an effect ``SearchState/handle(event:)`` returned.
    /// - Returns: A run that sends the results once and finishes; cancelling it cancels the request.
    public func perform(_ work: SearchState.Work) -> EffectAnswer<SearchState.Event>? {
        switch work {
        case .search(let query):
            return .callbackRun { [service] send in
                service.search(query) { results in
                    send(.resultsArrived(results))
                    send.finish()
                }
            }
        }
    }
}

/// A search service that answers when the test says: it records each request and each cancellation.
///
/// ```swift
/// let service = InMemorySearchService()
/// let cancel = service.search("swift") { print($0) }
/// service.answer("swift", with: ["Swift", "SwiftUI"])   // prints ["Swift", "SwiftUI"]
/// ```
///
/// Safe from any thread; completions run on the thread that calls ``answer(_:with:)``, outside the lock.
public final class InMemorySearchService: Sendable {
    private struct Requests {
        var unanswered: [(query: String, completion: @Sendable ([String]) -> Void)] = []
        var requested: [String] = []
        var cancelled: [String] = []
    }

    private let requests = LockedBox.make(Requests())

    /// Creates a service with no request.
    public init() {}

    /// Every query asked for, in order.
    public var queries: [String] { requests.withLock { $0.requested } }
    /// Every query whose request was cancelled, in order.
    public var cancellations: [String] { requests.withLock { $0.cancelled } }

    /// Starts a search; `completion` runs when the test answers it.
    ///
    /// - Parameters:
    ///   - query: What to search for.
    ///   - completion: Receives the results.
    /// - Returns: A function that cancels the request.
    public func search(_ query: String, completion: @escaping @Sendable ([String]) -> Void) -> @Sendable () -> Void {
        requests.withLock {
            $0.requested.append(query)
            $0.unanswered.append((query, completion))
        }
        return { [requests] in requests.withLock { $0.cancelled.append(query) } }
    }

    /// Answers the oldest unanswered request for `query` — even a cancelled one, like a network answer already on
    /// its way when the cancel came: the store must drop that one. Does nothing if there is none.
    ///
    /// - Parameters:
    ///   - query: The request to answer.
    ///   - results: Its results.
    public func answer(_ query: String, with results: [String]) {
        let completion = requests.withLock { requests -> (@Sendable ([String]) -> Void)? in
            guard let index = requests.unanswered.firstIndex(where: { $0.query == query }) else { return nil }
            return requests.unanswered.remove(at: index).completion
        }
        completion?(results)
    }
}
