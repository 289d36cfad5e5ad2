import EffectStore
import EffectStoreLogging

/// What a ``StateExplorer`` found: the reachable states, the transitions between them, invariant violations with
/// the shortest way to reach them, events that never do anything, states with no way out, and whether a bound cut
/// the exploration short.
///
/// ```swift
/// let exploration = StateExplorer(initialState: Door.closed).invariant("…") { … }.explore()
/// exploration.assertNoViolations()
/// XCTAssertEqual(exploration.deadEnds, [])
/// let diagram = exploration.mermaid()
/// ```
///
/// Everything is listed in exploration order — breadth-first from the initial state, events in the order given —
/// so two explorations of the same machine are identical, and so are their diagrams.
public struct Exploration<S: State & Hashable> {
    /// One transition, by position: `states[from]` handles `events[event]` and becomes `states[to]`.
    struct Edge {
        let from: Int
        let event: Int
        let to: Int
        let effect: S.Effect?
    }

    /// The state the exploration started from.
    public let initialState: S
    /// The events sent to every state, in order.
    public let events: [S.Event]
    /// Every state reached, in the order found; `states[0]` is the initial state. Diagrams call `states[n]` `sn`.
    public let states: [S]
    let edges: [Edge]
    let stateIndex: [S: Int]
    let parents: [(state: Int, event: Int)?]
    /// For each invariant that fails somewhere, its first violation — reached by a shortest event path — in the order
    /// found.
    public let violations: [InvariantViolation<S>]
    /// The events that changed nothing — same state, no effect — in every state explored.
    public let noOpEvents: [S.Event]
    /// The explored states that no event leads out of (every event keeps the state as it is), in the order found.
    public let deadEnds: [S]
    /// How many states were found but not explored because a bound stopped the exploration: the states kept but not
    /// yet expanded when the time limit struck, and the distinct states found after the state limit was reached.
    public let unexploredStates: Int
    /// Why the exploration stopped early, or `nil` when it explored every reachable state.
    public let cutShort: CutShortReason?

    /// Whether a bound stopped the exploration before it reached every state: then the lists describe only the part
    /// explored, and more violations may exist.
    public var wasCutShort: Bool { cutShort != nil }

    /// Every transition found, in exploration order, including those that change nothing.
    ///
    /// ```swift
    /// exploration.transitions.filter { !$0.isNoOp }.count   // the arrows of the diagram
    /// ```
    public var transitions: [Transition<S>] {
        edges.map { Transition(from: states[$0.from], event: events[$0.event], to: states[$0.to], effect: $0.effect) }
    }

    /// A shortest list of events that leads from the initial state to `state`, or `nil` if it was not reached.
    ///
    /// ```swift
    /// exploration.path(to: .loaded([ios]))   // [.fetchProcesses, .load(processes: [ios])]
    /// ```
    ///
    /// - Parameter state: A state.
    /// - Returns: The events, in order; empty for the initial state.
    public func path(to state: S) -> [S.Event]? {
        guard var current = stateIndex[state] else { return nil }
        var path: [S.Event] = []
        while let origin = parents[current] {
            path.append(events[origin.event])
            current = origin.state
        }
        return path.reversed()
    }

    /// Fails for each invariant violation — and, unless allowed, when the exploration was cut short — with the
    /// shortest event path that reproduces it.
    ///
    /// ```swift
    /// StateExplorer(initialState: Door.closed)
    ///     .invariant("a locked door is closed") { !($0.isLocked && $0.isOpen) }
    ///     .explore()
    ///     .assertNoViolations()
    /// // Invariant "a locked door is closed" is violated after 2 events: [.open, .lock] reaches
    /// // Door(isOpen: true, isLocked: true). …
    /// ```
    ///
    /// - Parameters:
    ///   - allowCutShort: Whether an exploration stopped by a bound passes; `false` by default, because a partial
    ///     exploration proves less than it seems to.
    ///   - reporter: Where failures go; the framework running the test by default (``TestFailureReporter/automatic``). Called on the calling thread, once per problem.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    public func assertNoViolations(
        allowCutShort: Bool = false,
        reporter: TestFailureReporter = .automatic,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        for violation in violations {
            reporter.report(violation.message, at: location)
        }
        if let cutShort, !allowCutShort {
            reporter.report(
                """
                The exploration of \(S.self) was cut short by \(cutShort) after \(states.count) states \
                (\(unexploredStates) found but not explored), so it does not prove the invariants.
                To fix, raise the bound, send fewer distinct events (for example fewer associated values), or pass \
                `allowCutShort: true` if a partial exploration is enough.
                """,
                at: location)
        }
    }
}

/// Why an exploration stopped before it reached every state.
///
/// ```swift
/// let exploration = explorer.explore()
/// if let reason = exploration.cutShort { print("not every state was reached: \(reason)") }
/// ```
public enum CutShortReason: Sendable, Equatable, CustomStringConvertible {
    /// More states were reachable than ``StateExplorer/maxStates``.
    case stateLimit(Int)
    /// The exploration ran longer than ``StateExplorer/timeLimit`` (or ``EffectOrderBounds/timeLimit``).
    case timeLimit(seconds: Double)
    /// An exploration of effect orders tried ``EffectOrderBounds/maxSchedules`` schedules.
    case scheduleLimit(Int)

    /// "the state limit (10000 states)", "the time limit (10.0 s)" or "the schedule limit (1000 schedules)".
    public var description: String {
        switch self {
        case .stateLimit(let count): return "the state limit (\(count) states)"
        case .timeLimit(let seconds): return "the time limit (\(seconds) s)"
        case .scheduleLimit(let count): return "the schedule limit (\(count) schedules)"
        }
    }
}

/// An invariant that does not hold, with a shortest event path from the initial state that shows it.
///
/// ```swift
/// for violation in explorer.explore().violations {
///     print(violation.invariant, "after", violation.path)   // the events that reach the bad state, fewest first
/// }
/// ```
public struct InvariantViolation<S: State> {
    /// The name the invariant was given.
    public let invariant: String
    /// The state in which it fails; for a transition invariant, the state the failing transition leads to.
    public let state: S
    /// A shortest list of events from the initial state that reproduces the violation.
    public let path: [S.Event]
    /// For a transition invariant, the failing transition; `nil` for a state invariant.
    public let transition: Transition<S>?

    /// The failure message: the invariant, the path and the state, and what to do.
    ///
    /// ```swift
    /// print(violation.message)
    /// ```
    public var message: String {
        let events = "[" + path.map { Describing.value($0) }.joined(separator: ", ") + "]"
        let count = path.count == 1 ? "1 event" : "\(path.count) events"
        var text = "Invariant \"\(invariant)\" is violated after \(count): \(events) reaches \(Describing.value(state))"
        if let transition {
            text += " from \(Describing.value(transition.from))"
            if let effect = transition.effect { text += " with effect \(Describing.value(effect))" }
        }
        text += """
            .
            To fix, change \(S.self).handle(event:) so this path cannot happen, or correct the invariant if the \
            path is legitimate. Replay it with `assertTrace(given:_:)` to pin the fix down.
            """
        return text
    }
}

extension InvariantViolation: Sendable {}
