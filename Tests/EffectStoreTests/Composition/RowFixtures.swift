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

/// A board of counters: the rows are one place, `counters`, declared once.
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
        /// Removes the row and appends a new one under the same id, in one transition.
        case renew(Int)
        /// Removes the row and appends a new one under the same id, and starts the new row's ticks, in one transition.
        case renewTicking(Int)
    }

    enum Work: Sendable, Equatable {
        case counter(id: Int, Counter.Work)
    }
    typealias Effect = Planned<Work>

    static var initialState: Board { Board() }

    static let counters = ChildPlace(\Board.counters, event: Event.counter, work: Work.counter)
    static let places: ChildPlaces<Board> = [counters]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let id, let event):
            return route((id, event), to: Self.counters)
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
        case .renew(let id):
            counters.remove(id: id)
            counters.append(Counter(id: id))
            return nil
        case .renewTicking(let id):
            counters.remove(id: id)
            counters.append(Counter(id: id))
            return route((id, .startTicking), to: Self.counters)
        }
    }
}

/// The same board with an effect enum of its own (a `ComposableEffect` whose work is itself): rows compose into it
/// as into a `Planned` effect.
struct PlainBoard: State, Equatable {
    var counters: IdentifiedStates<Counter> = []

    enum Effect: ComposableEffect, Equatable {
        case counter(id: Int, Counter.Work)
        case plan(EffectPlan<Effect>)

        var plan: EffectPlan<Effect>? { if case .plan(let plan) = self { plan } else { nil } }
    }

    static var initialState: PlainBoard { PlainBoard() }

    static let counters = ChildPlace(\PlainBoard.counters, event: Board.Event.counter, work: Effect.counter)
    static let places: ChildPlaces<PlainBoard> = [counters]

    mutating func handle(event: Board.Event) -> Effect? {
        switch event {
        case .counter(let id, let event):
            return route((id, event), to: Self.counters)
        case .remove(let id):
            counters.remove(id: id)
            return nil
        default:
            return nil
        }
    }
}

/// Performs counters' work for a `Board` store: `.ticks` is a run whose sender the test keeps, to send ticks itself;
/// `.persist` answers `.saved` at once.
final class BoardEffects: PlannedEffectHandler, @unchecked Sendable {
    // Safe because: `senders` and `stopped` are only touched under `lock`.
    private let lock = NSLock()
    private var senders: [Int: [EffectSender<Counter.Event>]] = [:]
    private var stopped: [Int] = []

    func perform(id: Int, work: Counter.Work) -> EffectAnswer<Counter.Event>? {
        switch work {
        case .ticks:
            return .callbackRun { [self] send in
                lock.withLock { senders[id, default: []].append(send) }
                return { [self] in lock.withLock { stopped.append(id) } }
            }
        case .persist(let value):
            return .future(Future(value: .saved(value)))
        }
    }

    /// Sends a tick through every run started for counter `id`, cancelled or not.
    func tick(_ id: Int) {
        for send in lock.withLock({ senders[id] ?? [] }) { send(.tick) }
    }

    var runCount: Int { lock.withLock { senders.values.map(\.count).reduce(0, +) } }
    var stoppedCounters: [Int] { lock.withLock { stopped } }

    /// A `Board` store's work: a row's, handed to ``perform(id:work:)`` through the board's place.
    func perform(_ work: Board.Work) -> EffectAnswer<Board.Event>? {
        switch work {
        case .counter(let id, let work): return Board.counters.answer((id, work)) { perform(id: id, work: $0) }
        }
    }
}

/// A group of counters that is itself a row: a row of rows.
struct CounterGroup: ChildState, Identifiable, Equatable {
    let id: Int
    var counters: IdentifiedStates<Counter> = []

    enum Event: Sendable, Equatable { case counter(id: Int, Counter.Event), removeCounter(Int) }

    enum Work: Sendable, Equatable {
        case counter(id: Int, Counter.Work)
    }
    typealias Effect = Planned<Work>

    static let counters = ChildPlace(\CounterGroup.counters, event: Event.counter, work: Work.counter)
    static let places: ChildPlaces<CounterGroup> = [counters]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .counter(let id, let event):
            return route((id, event), to: Self.counters)
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
        case group(id: Int, CounterGroup.Work)
    }
    typealias Effect = Planned<Work>

    static var initialState: CounterGroups { CounterGroups() }

    static let groups = ChildPlace(\CounterGroups.groups, event: Event.group, work: Work.group)
    static let places: ChildPlaces<CounterGroups> = [groups]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .group(let id, let event): return route((id, event), to: Self.groups)
        }
    }
}
