import Dispatch
import EffectStore

/// Explores every state a ``/EffectStore/State`` can reach from a start state, breadth-first, and checks invariants on
/// the way.
///
/// Give the explorer a start state and a finite list of events — all the cases of a `CaseIterable` event, or a
/// list you choose for events with associated values — and it sends every event to every state it reaches, like a
/// user pressing every button in every screen. ``explore()`` returns an ``Exploration``: the states and transitions
/// it found, each invariant's first violation with the shortest event path to it, the events that never change
/// anything, the states with no way out, and Mermaid and Graphviz renderings of the machine with effects on the
/// edges.
///
/// ```swift
/// let exploration = StateExplorer(
///     initialState: ProcessState.idle,
///     events: [.fetchProcesses, .load(processes: [ios]), .failed("offline"), .userDidLogOut]
/// )
/// .invariant("an error always says why") { state in
///     if case .error(let message) = state { return !message.isEmpty }
///     return true
/// }
/// .transitionInvariant("never loaded without loading first") { transition in
///     guard case .loaded = transition.to else { return true }
///     if case .idle = transition.from { return false }
///     return true
/// }
/// .explore()
///
/// exploration.assertNoViolations()
/// print(exploration.mermaid())
/// ```
///
/// ``explore()`` does not perform effects: an effect's answer is just another event in the list. To explore the orders
/// in which effects answer — plans carried out by the store's own scheduler, timers on a virtual clock, answers
/// racing the user's events — give the answers each effect may give with ``answering(_:)`` and call
/// ``exploreEffectOrders(bounds:strategy:in:)``; see <doc:ExploringEffectOrders>. States must be `Hashable` so
/// the explorer can tell when it has seen one before; the exploration is bounded by ``maxStates`` and
/// ``timeLimit``, and ``Exploration/cutShort`` says when a bound stopped it.
///
/// ## Threading
///
/// ``explore()`` runs synchronously on the calling thread, and so do the invariant closures, in exploration order.
/// The explorer is a plain value; it is not `Sendable` because it holds the invariant closures.
public struct StateExplorer<S: State & Hashable> {
    /// The state exploration starts from; it gets the id `s0` in diagrams.
    public var initialState: S
    /// The events sent to every state, in this order.
    public var events: [S.Event]
    /// The most states the exploration keeps; when it finds more, it stops adding them and says so.
    public var maxStates: Int
    /// The longest the exploration may run, in seconds; it stops between two states when the time is up.
    public var timeLimit: Double
    /// The invariants checked, in the order they were added.
    public private(set) var invariants: [Invariant<S>] = []
    /// The answers each effect may give, for ``exploreEffectOrders(bounds:strategy:in:)``; set with ``answering(_:)``.
    public internal(set) var answers: ((S.Effect) -> [EffectOutcome<S.Event>])? = nil

    /// Creates an explorer for a finite list of events.
    ///
    /// ```swift
    /// let explorer = StateExplorer(initialState: ProcessState.idle,
    ///                              events: [.fetchProcesses, .load(processes: []), .failed("offline")])
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state to start from; `S.initialState` by default.
    ///   - events: The events to send to every state, in order. Their order fixes the exploration order and so the
    ///     ids and order of the diagrams.
    ///   - maxStates: The most states to keep; 10,000 by default.
    ///   - timeLimit: The most seconds to spend; 10 by default.
    public init(initialState: S = S.initialState, events: [S.Event], maxStates: Int = 10_000, timeLimit: Double = 10) {
        self.initialState = initialState
        self.events = events
        self.maxStates = maxStates
        self.timeLimit = timeLimit
    }

    /// Adds an invariant that must hold in every reachable state.
    ///
    /// ```swift
    /// explorer.invariant("a locked door is closed") { door in !(door.isLocked && door.isOpen) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: A name for messages and ``InvariantViolation/invariant``.
    ///   - holds: Returns `true` when `state` is acceptable. Runs on the thread that calls ``explore()``.
    /// - Returns: The explorer with the invariant added.
    public func invariant(_ name: String, _ holds: @escaping (S) -> Bool) -> StateExplorer {
        var copy = self
        copy.invariants.append(Invariant(name: name, check: .state(holds)))
        return copy
    }

    /// Adds an invariant that must hold for every transition: for properties of *how* a state is reached.
    ///
    /// ```swift
    /// explorer.transitionInvariant("downloads start only when loading") { transition in
    ///     transition.effect != .downloadProcesses || transition.to == .loading
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: A name for messages and ``InvariantViolation/invariant``.
    ///   - holds: Returns `true` when the transition is acceptable. Runs on the thread that calls ``explore()``.
    /// - Returns: The explorer with the invariant added.
    public func transitionInvariant(_ name: String, _ holds: @escaping (Transition<S>) -> Bool) -> StateExplorer {
        var copy = self
        copy.invariants.append(Invariant(name: name, check: .transition(holds)))
        return copy
    }

    /// Adds an invariant that must hold whenever nothing is in flight: no effect running, no timer set, nothing
    /// queued — what the user sees once the app has settled.
    ///
    /// ```swift
    /// explorer.invariantAtRest("the heart shows what the server holds") { $0.isFavourite == $0.savedFavourite }
    /// ```
    ///
    /// ``exploreEffectOrders(bounds:strategy:in:)`` checks it after every step that leaves nothing in flight (and in
    /// the initial state). ``explore()`` performs no effects, so every state it reaches is at rest: it checks it in
    /// every state, as an ``invariant(_:_:)``.
    ///
    /// - Parameters:
    ///   - name: A name for messages.
    ///   - holds: Returns `true` when `state`, reached with nothing in flight, is acceptable. Runs on the thread that
    ///     explores.
    /// - Returns: The explorer with the invariant added.
    public func invariantAtRest(_ name: String, _ holds: @escaping (S) -> Bool) -> StateExplorer {
        var copy = self
        copy.invariants.append(Invariant(name: name, check: .atRest(holds)))
        return copy
    }

    /// Adds a property that must hold in the end: once everything that can happen has happened.
    ///
    /// ```swift
    /// explorer.eventually("the spinner stops") { !$0.isLoading }
    /// ```
    ///
    /// ``exploreEffectOrders(bounds:strategy:in:)`` checks it at the end of every schedule — when every event is sent
    /// and nothing is left to deliver — as loom checks a model at the end of each run, and Coyote a liveness monitor
    /// that must not end in a hot state. A schedule the depth bound cut has no end, and is counted in
    /// ``EffectOrderExploration/cuts``. ``explore()`` checks it in the states no event leads out of, where every
    /// path ends.
    ///
    /// - Parameters:
    ///   - name: A name for messages.
    ///   - holds: Returns `true` when `state`, where a schedule ends, is acceptable. Runs on the thread that explores.
    /// - Returns: The explorer with the property added.
    public func eventually(_ name: String, _ holds: @escaping (S) -> Bool) -> StateExplorer {
        var copy = self
        copy.invariants.append(Invariant(name: name, check: .eventually(holds)))
        return copy
    }

    /// Explores breadth-first from ``initialState`` and returns what it found.
    ///
    /// ```swift
    /// let exploration = explorer.explore()
    /// exploration.states.count   // how many states are reachable
    /// ```
    ///
    /// States are numbered in the order they are found, so the first path that reaches a state is a shortest one,
    /// and the result is the same on every run. Runs synchronously on the calling thread.
    ///
    /// - Returns: The exploration.
    public func explore() -> Exploration<S> {
        var search = Search(explorer: self)
        search.run()
        return search.result()
    }
}

/// A named property a ``StateExplorer`` checks: at every state, every transition, every state at rest, or at the end.
///
/// Create invariants with ``StateExplorer/invariant(_:_:)``, ``StateExplorer/transitionInvariant(_:_:)``,
/// ``StateExplorer/invariantAtRest(_:_:)`` and ``StateExplorer/eventually(_:_:)``:
///
/// ```swift
/// let explorer = StateExplorer(events: [.fetchProcesses, .userDidLogOut])
///     .invariant("loaded lists are never empty") { state in state != .loaded([]) }
/// ```
public struct Invariant<S: State> {
    /// The invariant's name, as given.
    public let name: String
    let check: Check

    enum Check {
        case state((S) -> Bool)
        case transition((Transition<S>) -> Bool)
        /// When nothing is in flight.
        case atRest((S) -> Bool)
        /// At the end of a schedule.
        case eventually((S) -> Bool)
    }
}

/// The breadth-first search behind ``StateExplorer/explore()``.
private struct Search<S: State & Hashable> {
    let explorer: StateExplorer<S>
    var states: [S] = []
    var indexOf: [S: Int] = [:]
    /// For each state but the first: the state it was first reached from, and with which event.
    var parent: [(state: Int, event: Int)?] = []
    var transitions: [Exploration<S>.Edge] = []
    var violations: [InvariantViolation<S>] = []
    var violated: Set<Int> = []
    var eventChangedSomething: [Bool]
    var deadEnds: [Int] = []
    var expanded = 0
    /// The distinct states found after the state bound was reached: found, but neither kept nor explored.
    var notKept: Set<S> = []
    var cutShort: CutShortReason?

    init(explorer: StateExplorer<S>) {
        self.explorer = explorer
        self.eventChangedSomething = Array(repeating: false, count: explorer.events.count)
    }

    mutating func run() {
        let start = DispatchTime.now().uptimeNanoseconds
        let limit = UInt64(min(max(explorer.timeLimit, 0), 1_000_000_000) * 1_000_000_000)
        _ = discover(explorer.initialState, from: nil)
        while expanded < states.count {
            if DispatchTime.now().uptimeNanoseconds - start >= limit {
                cutShort = .timeLimit(seconds: explorer.timeLimit)
                break
            }
            expand(expanded)
            expanded += 1
        }
    }

    mutating func expand(_ index: Int) {
        let from = states[index]
        var leaves = false
        for (eventIndex, event) in explorer.events.enumerated() {
            let transition = Transition(handling: event, in: from)
            if transition.to != from || transition.effect != nil { eventChangedSomething[eventIndex] = true }
            if transition.to != from { leaves = true }
            guard let target = indexOf[transition.to] ?? discover(transition.to, from: (index, eventIndex)) else {
                continue
            }
            let edge = Exploration<S>.Edge(from: index, event: eventIndex, to: target, effect: transition.effect)
            transitions.append(edge)
            checkTransitionInvariants(transition, from: index, event: eventIndex)
        }
        if !leaves {
            deadEnds.append(index)
            checkEndProperties(in: index)
        }
    }

    /// Checks the properties that must hold in the end in a state no event leads out of.
    mutating func checkEndProperties(in index: Int) {
        for (number, invariant) in explorer.invariants.enumerated() where !violated.contains(number) {
            guard case .eventually(let holds) = invariant.check, !holds(states[index]) else { continue }
            violated.insert(number)
            violations.append(
                InvariantViolation(invariant: invariant.name, state: states[index], path: path(to: index),
                                   transition: nil))
        }
    }

    /// Adds a new state, or returns `nil` when the state bound is reached.
    mutating func discover(_ state: S, from origin: (state: Int, event: Int)?) -> Int? {
        guard states.count < max(explorer.maxStates, 1) else {
            cutShort = cutShort ?? .stateLimit(explorer.maxStates)
            notKept.insert(state)
            return nil
        }
        let index = states.count
        states.append(state)
        indexOf[state] = index
        parent.append(origin)
        for (number, invariant) in explorer.invariants.enumerated() where !violated.contains(number) {
            // No effect is ever in flight here: every state is at rest.
            let holds: (S) -> Bool
            switch invariant.check {
            case .state(let check), .atRest(let check): holds = check
            case .transition, .eventually: continue
            }
            guard !holds(state) else { continue }
            violated.insert(number)
            violations.append(InvariantViolation(invariant: invariant.name, state: state, path: path(to: index),
                                                 transition: nil))
        }
        return index
    }

    mutating func checkTransitionInvariants(_ transition: Transition<S>, from index: Int, event: Int) {
        for (number, invariant) in explorer.invariants.enumerated() where !violated.contains(number) {
            guard case .transition(let holds) = invariant.check, !holds(transition) else { continue }
            violated.insert(number)
            violations.append(InvariantViolation(invariant: invariant.name, state: transition.to,
                                                 path: path(to: index) + [explorer.events[event]],
                                                 transition: transition))
        }
    }

    func path(to index: Int) -> [S.Event] {
        var events: [S.Event] = []
        var current = index
        while let origin = parent[current] {
            events.append(explorer.events[origin.event])
            current = origin.state
        }
        return events.reversed()
    }

    func result() -> Exploration<S> {
        Exploration(
            initialState: explorer.initialState,
            events: explorer.events,
            states: states,
            edges: transitions,
            stateIndex: indexOf,
            parents: parent,
            violations: violations,
            noOpEvents: explorer.events.indices.filter { !eventChangedSomething[$0] }.map { explorer.events[$0] },
            deadEnds: deadEnds.map { states[$0] },
            unexploredStates: states.count - expanded + notKept.count,
            cutShort: cutShort
        )
    }
}

extension StateExplorer where S.Event: CaseIterable {
    /// Creates an explorer that sends every case of the event type.
    ///
    /// ```swift
    /// let exploration = StateExplorer(initialState: Door.closed).explore()
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state to start from; `S.initialState` by default.
    ///   - maxStates: The most states to keep; 10,000 by default.
    ///   - timeLimit: The most seconds to spend; 10 by default.
    public init(initialState: S = S.initialState, maxStates: Int = 10_000, timeLimit: Double = 10) {
        self.init(initialState: initialState, events: Array(S.Event.allCases), maxStates: maxStates,
                  timeLimit: timeLimit)
    }
}
