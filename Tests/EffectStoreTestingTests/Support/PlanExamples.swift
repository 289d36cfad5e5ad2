import EffectStore

/// Search as you type: a debounced search that a newer query cancels, a clear that cancels everything, and a
/// history saved in a queue.
struct Search: State, Hashable {
    var query = ""
    var results: [String] = []

    enum Event: Sendable, Equatable {
        case queryChanged(String)
        case results([String])
        case submitted
    }

    enum Work: Sendable, Equatable {
        case search(String)
        case saveHistory(String)
    }
    typealias Effect = Planned<Work>

    static var initialState: Search { Search() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .queryChanged(let query):
            self.query = query
            if query.isEmpty {
                results = []
                return .cancel(id: "search")
            }
            return Effect.work(.search(query)).debounced(id: "search", for: .milliseconds(300))
        case .results(let results):
            self.results = results
            return nil
        case .submitted:
            return .all(
                Effect.work(.search(query)).cancellable(id: "search", cancelInFlight: true),
                Effect.work(.saveHistory(query)).queued(id: "history")
            )
        }
    }
}

/// A stopwatch: a run of ticks, started and stopped by the state.
struct Stopwatch: State, Equatable {
    var seconds = 0
    var isRunning = false

    enum Event: Sendable, Equatable { case start, stop, tick }

    enum Work: Sendable, Equatable {
        case ticks
    }
    typealias Effect = Planned<Work>

    static var initialState: Stopwatch { Stopwatch() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start:
            isRunning = true
            return Effect.work(.ticks).cancellable(id: "ticks", cancelInFlight: true)
        case .stop:
            isRunning = false
            return .cancel(id: "ticks")
        case .tick:
            seconds += 1
            return nil
        }
    }
}

/// A state that returns whatever effect the event carries: for trying plans one at a time.
struct Relay: State, Equatable {
    enum Event: Sendable, Equatable { case start(Effect) }

    enum Work: Sendable, Equatable {
        case job(Int)
    }
    typealias Effect = Planned<Work>

    static var initialState: Relay { Relay() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start(let effect): return effect
        }
    }
}
