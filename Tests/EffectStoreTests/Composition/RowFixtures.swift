import EffectStore
import Foundation

/// One counter of a board: exists only with data, so it is a `ChildState`, not a `State`.
struct Counter: ChildState, Identifiable, Hashable, Codable {
    let id: Int
    var count = 0
    var saved: Int?

    enum Event: Sendable, Hashable {
        case increment
        case startTicking
        case stopTicking
        case tick
        case save
        case saved(Int)
    }

    enum Work: Sendable, Equatable {
        case ticks
        case persist(Int)
    }
    typealias Effect = Planned<Work>

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .increment, .tick:
            count += 1
            return nil
        case .startTicking:
            return Effect.work(.ticks).cancellable(id: "ticks")
        case .stopTicking:
            return .cancel(id: "ticks")
        case .save:
            return .work(.persist(count))
        case .saved(let value):
            saved = value
            return nil
        }
    }
}

/// A board of counters, routed by id with the composition helpers.
struct Board: State, Equatable {
    var counters: IdentifiedStates<Counter> = []

    enum Event: Sendable, Equatable {
        case counter(id: Int, Counter.Event)
        case add(Int)
        case remove(Int)
        case removeAbove(Int)
        /// Removes the row by assigning `nil` under its id.
        case forget(Int)
        /// Replaces the collection with a new one holding rows with the same ids, as a reload from storage would.
        case reload
    }

    enum Work: Sendable, Equatable {
        case counter(id: Int, Counter.Effect)
    }
    typealias Effect = Planned<Work>

    static var initialState: Board { Board() }

    static let places: ChildPlaces<Board> = [.rows(\.counters)]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let id, let event):
            return handle((id, event), in: \.counters, effect: { .work(.counter(id: $0, $1)) })
        case .add(let id):
            counters.append(Counter(id: id))
            return nil
        case .remove(let id):
            counters.remove(id: id)
            return nil
        case .removeAbove(let limit):
            counters.removeAll { $0.id > limit }
            return nil
        case .forget(let id):
            counters[id: id] = nil
            return nil
        case .reload:
            counters = IdentifiedStates(counters.map { Counter(id: $0.id) })
            return nil
        }
    }
}

/// The same board with a plain effect type: row effects are lifted as they are.
struct PlainBoard: State, Equatable {
    var counters: IdentifiedStates<Counter> = []

    enum Effect: Equatable, Sendable { case counter(id: Int, Counter.Effect) }

    static var initialState: PlainBoard { PlainBoard() }

    mutating func handle(event: Board.Event) -> Effect? {
        guard case .counter(let id, let event) = event else { return nil }
        return handle((id, event), in: \.counters, effect: Effect.counter)
    }
}

/// Performs counters' effects: `.ticks` is a run whose sender the test keeps, to send ticks itself; `.persist`
/// answers `.saved` at once.
final class BoardEffects: @unchecked Sendable {
    // Safe because: `senders` and `stopped` are only touched under `lock`.
    private let lock = NSLock()
    private var senders: [Int: [EffectSender<Counter.Event>]] = [:]
    private var stopped: [Int] = []

    func perform(id: Int, effect: Counter.Effect) -> EffectAnswer<Counter.Event>? {
        switch effect {
        case .work(.ticks):
            return .callbackRun { [self] send in
                lock.withLock { senders[id, default: []].append(send) }
                return { [self] in lock.withLock { stopped.append(id) } }
            }
        case .work(.persist(let value)):
            return .future(Future(value: .saved(value)))
        case .plan:
            preconditionFailure("BoardEffects: the store handed a plan to the effect handler.")
        }
    }

    /// Sends a tick through every run started for counter `id`, cancelled or not.
    func tick(_ id: Int) {
        for send in lock.withLock({ senders[id] ?? [] }) { send(.tick) }
    }

    var runCount: Int { lock.withLock { senders.values.map(\.count).reduce(0, +) } }
    var stoppedCounters: [Int] { lock.withLock { stopped } }

    /// A handler for a `Board` store.
    func handler() -> ComposedEffectHandler<Board> {
        ComposedEffectHandler(
            .rows(effect: .counter, event: Board.Event.counter) { id, effect in
                self.perform(id: id, effect: effect)
            }
        )
    }
}

extension EnumCase where Root == Board.Effect, Value == (Int, Counter.Effect) {
    /// `Board.Effect.counter(id:_:)`.
    static var counter: Self {
        EnumCase({ .work(.counter(id: $0, $1)) }) {
            if case .work(.counter(let id, let effect)) = $0 { (id, effect) } else { nil }
        }
    }
}

/// A group of counters that is itself a row: a row of rows.
struct CounterGroup: ChildState, Identifiable, Equatable {
    let id: Int
    var counters: IdentifiedStates<Counter> = []

    enum Event: Sendable, Equatable { case counter(id: Int, Counter.Event), removeCounter(Int) }

    enum Work: Sendable, Equatable {
        case counter(id: Int, Counter.Effect)
    }
    typealias Effect = Planned<Work>

    static let places: ChildPlaces<CounterGroup> = [.rows(\.counters)]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let id, let event):
            return handle((id, event), in: \.counters, effect: { .work(.counter(id: $0, $1)) })
        case .removeCounter(let id):
            counters.remove(id: id)
            return nil
        }
    }
}

/// Groups of counters, each a row.
struct CounterGroups: State, Equatable {
    var groups: IdentifiedStates<CounterGroup> = []

    enum Event: Sendable, Equatable { case group(id: Int, CounterGroup.Event) }

    enum Work: Sendable, Equatable {
        case group(id: Int, CounterGroup.Effect)
    }
    typealias Effect = Planned<Work>

    static var initialState: CounterGroups { CounterGroups() }

    static let places: ChildPlaces<CounterGroups> = [.rows(\.groups)]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .group(let id, let event): return handle((id, event), in: \.groups, effect: { .work(.group(id: $0, $1)) })
        }
    }
}
