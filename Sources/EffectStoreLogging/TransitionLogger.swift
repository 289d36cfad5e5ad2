import EffectStore
import Foundation

/// Prints one readable line per store transition — event → state → effect — to a sink you choose.
///
/// ```swift
/// let logging = store.logTransitions()                                   // to standard output
/// let toOSLog = store.logTransitions(TransitionLogger(sink: LogSink { line in logger.debug("\(line)") }))
/// ```
///
/// A line reads `[label] #number origin  event → state → effect`:
///
/// ```text
/// [ProcessState] #1 dispatch  fetchProcesses → loading → downloadProcesses
/// [ProcessState] #2 effect    failed(reason: "Network unreachable") → error("Network unreachable") → none
/// [ProcessState] #3 dispatch  fetchProcesses → loading → downloadProcesses
/// [ProcessState] #4 effect    load(processes: [3 elements]) → loaded([3 elements]) → none
/// [ProcessState] #5 source    userDidLogOut → idle → none
/// [ProcessState] #6 undo      → loaded([3 elements])
/// ```
///
/// Values are written as Swift writes them — `item(id: 3, .toggle)`, `alert(.dismiss)`,
/// `signedUp(SignUp.Details(email: "a@b.c"))` — on one line, type names without their module, with the describer the
/// diffs and the session inspector use (a type chooses its parts with ``/EffectStore/CustomValueStructure``). A value longer than
/// ``maxValueLength`` loses its innermost detail first — a list becomes `[3 elements]` — and is cut with `…` only as a
/// last resort. An effect that carries a plan (``/EffectStore/ComposableEffect``) is written the way the state built it, so the
/// line shows which effect runs under the plan: `downloadProcesses.cancellable(id: download)`, `all(save, track)`,
/// `cancel(id: search)`.
///
/// A state that is a struct is written as what changed, by path, in braces — a form with a thousand rows logs one
/// line about the row that changed:
///
/// ```text
/// [SignUp] #4 effect    submitted(.success) → {.isSubmitting: true → false, .rows[id: 3].isOn: false → true} → none
/// [SignUp] #5 dispatch  emailChanged("a@b.c") → (unchanged) → none
/// ```
///
/// Any other state (an enum, as above) is written whole, marked `(unchanged)` when the event left it so.
///
/// Secrets the state declares (``SessionRedacting``) are replaced before a line is made: a log never holds them. So are
/// those a part of it declares — a child state, and the child's events and effects nested in the state's — wherever it
/// stands.
///
/// A logger is a plain value; `Store.logTransitions(_:)` installs it as a transition observer.
public struct TransitionLogger<S: State>: Sendable {
    /// Written in brackets at the start of each line; the state's type name by default.
    public var label: String
    /// The most characters an event, a state or an effect takes in a line.
    public var maxValueLength: Int
    /// Whether each line starts with the local time of the transition, `HH:mm:ss.SSS`.
    public var showsTime: Bool
    /// Where the lines go.
    public var sink: LogSink
    /// The redaction the state declares (``SessionRedacting``), read once: a log never holds what it replaces.
    private let redaction = SessionRedaction<S>.declared
    /// What this logger looked for of the child states that declare a redaction, behind the events it logs.
    private let lookout = RedactionsByType.Lookout()

    /// Creates a logger.
    ///
    /// ```swift
    /// let logger = TransitionLogger<ProcessState>(label: "processes", maxValueLength: 60, showsTime: true)
    /// ```
    ///
    /// - Parameters:
    ///   - label: Written in brackets at the start of each line; the state's type name when `nil`.
    ///   - maxValueLength: The most characters one event, state or effect takes; 80 by default.
    ///   - showsTime: Whether lines start with the time of the transition; `false` by default.
    ///   - sink: Where the lines go; ``LogSink/standardOutput`` by default.
    public init(
        label: String? = nil, maxValueLength: Int = 80, showsTime: Bool = false, sink: LogSink = .standardOutput
    ) {
        self.label = label ?? Describing.label(S.self, maxLength: 0)
        self.maxValueLength = maxValueLength
        self.showsTime = showsTime
        self.sink = sink
    }

    /// The line for `transition`, without writing it.
    ///
    /// ```swift
    /// logger.line(for: transition)   // "[ProcessState] #1 dispatch  fetchProcesses → loading → downloadProcesses"
    /// ```
    ///
    /// - Parameter transition: A transition a store took.
    /// - Returns: One line, with no line break.
    public func line(for transition: StoreTransition<S>) -> String {
        // A child's event or effect inside the transition's is redacted as the child declares: the states around it
        // are looked into for the child when the event holds a type not looked for yet.
        let shown: [Any] = [transition.event as Any?, transition.effect as Any?].compactMap { $0 }
        NestedRedaction.learnDeclarations(showing: shown, in: [transition.from, transition.to], lookout: lookout)
        let transition = redaction?.redacted(transition) ?? transition
        var line = showsTime ? Self.timeOfDay(transition.time) + " " : ""
        line += "[\(label)] #\(transition.sequenceNumber) "
        // Padded to one width, so that events line up.
        let origin = transition.origin.name
        line += origin + String(repeating: " ", count: max(10 - origin.count, 1))
        let state = describeState(transition)
        if let event = transition.event {
            line += describe(event) + " → " + state + " → " + (transition.effect.map(describeEffect) ?? "none")
        } else {
            line += "→ " + state
        }
        return line
    }

    /// Writes the line for `transition` to the sink.
    ///
    /// ```swift
    /// let token = store.observeTransitions { transition in
    ///     if transition.origin != .effect { logger.log(transition) }   // a filtered log
    /// }
    /// ```
    ///
    /// - Parameter transition: A transition a store took. The sink is called on the calling thread — the store's
    ///   queue, when called from an observer.
    public func log(_ transition: StoreTransition<S>) {
        sink.write(line(for: transition))
    }

    private func describe(_ value: Any) -> String {
        Describing.collapsed(value, maxLength: maxValueLength)
    }

    /// The most changes a line lists before it says how many more there are.
    private static var maxChangesListed: Int { 6 }

    /// A struct state as what changed, `{.path: from → to, …}`; any other state whole.
    private func describeState(_ transition: StoreTransition<S>) -> String {
        guard case .composite(let composite) = ValueDescriber.shape(of: transition.to),
            composite.kind == .structure
        else {
            return describe(transition.to) + (transition.changedState ? "" : " (unchanged)")
        }
        // An array whose count changed is written whole, not element by element.
        var changes: [ValueDiff.Change] = []
        var resized: [[PathComponent]] = []
        let all = ValueDiff.changes(from: transition.from, to: transition.to)
        // A child that arrives in this transition is learned, listed or not: its later events are redacted too.
        for change in all { change.to.map(RedactionsByType.learnDeclarations(in:)) }
        for change in all {
            if resized.contains(where: { change.path.starts(with: $0) }) { continue }
            if change.kind == .count {
                resized.append(change.path)
                changes.append(ValueDiff.Change(kind: .changed, path: change.path, from: change.from, to: change.to))
            } else {
                changes.append(change)
            }
        }
        guard !changes.isEmpty else { return "(unchanged)" }
        var parts = changes.prefix(Self.maxChangesListed).map { change -> String in
            let path = change.pathText
            switch change.kind {
            case .added where change.inSet:
                return "\(change.path.dropLast().map(\.text).joined()): added \(change.path.last?.text ?? "")"
            case .removed where change.inSet:
                return "\(change.path.dropLast().map(\.text).joined()): removed \(change.path.last?.text ?? "")"
            case .added:
                return "\(path): added \(change.to.map(describe) ?? "")"
            case .removed:
                return "\(path): removed"
            case .reordered:
                return "\(path): reordered"
            case .changed, .count:
                let from = change.from.map(describe) ?? "nil"
                let to = change.to.map(describe) ?? "nil"
                return (path.isEmpty ? "" : path + ": ") + from + " → " + to
            }
        }
        if changes.count > Self.maxChangesListed { parts.append("… \(changes.count - Self.maxChangesListed) more") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// A plan written as it was built (`download.cancellable(id: download)`, `all(a, b)`, `cancel(id: search)`), so
    /// the line shows which effect runs under it; each effect and id shortened like any value.
    private func describeEffect(_ effect: S.Effect) -> String {
        let leaf = { (value: Any) in Describing.collapsed(value, maxLength: maxValueLength) }
        return Describing.collapsing(Describing.plan(effect, caseDot: "", leaf: leaf), to: maxValueLength)
    }

    private static func timeOfDay(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
        func two(_ value: Int?) -> String { String((value ?? 0) + 100).dropFirst().description }
        let milliseconds = String((parts.nanosecond ?? 0) / 1_000_000 + 1000).dropFirst()
        return "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)).\(milliseconds)"
    }
}

/// Where a ``TransitionLogger`` writes its lines: standard output, or a function of yours.
///
/// ```swift
/// let sink = LogSink { line in os_log("%{public}@", log: storeLog, type: .debug, line) }
/// store.logTransitions(TransitionLogger(sink: sink))
/// ```
public struct LogSink: Sendable {
    private let body: @Sendable (String) -> Void

    /// A sink that calls `write` with each line.
    ///
    /// - Parameter write: Receives each line, without a line break. Called on the thread that logs — the store's
    ///   queue, for a logger installed with `Store.logTransitions(_:)` — one line at a time per store. It must not
    ///   block that queue for long.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.body = write
    }

    /// Writes each line to standard output with `print`, so it is ordered with your own `print` output.
    ///
    /// ```swift
    /// store.logTransitions(TransitionLogger(sink: .standardOutput))
    /// ```
    public static var standardOutput: LogSink {
        LogSink { line in print(line) }
    }

    /// Writes one line.
    ///
    /// - Parameter line: The line, without a line break. Runs the sink's function on the calling thread.
    public func write(_ line: String) {
        body(line)
    }
}

extension Store {
    /// Logs every transition of this store with `logger`, one line each, until the token is released.
    ///
    /// ```swift
    /// let logging = store.logTransitions()   // keep the token as long as you want the log
    /// ```
    ///
    /// A shorthand for ``observeTransitions(_:)`` with ``TransitionLogger/log(_:)``; installed, ordered and
    /// cancelled the same way.
    ///
    /// - Parameter logger: How and where to write; standard output by default. Its sink is called on the store's
    ///   queue, in order (<doc:Threading>).
    /// - Returns: A token that keeps the logging on. It does not keep the store alive.
    public func logTransitions(_ logger: TransitionLogger<S> = TransitionLogger()) -> SubscriptionToken {
        observeTransitions { logger.log($0) }
    }
}
