import EffectStore
import EffectStoreLogging

/// One expected step of a trace: when this event arrives, then this is the next state and this is the effect.
///
/// Build steps with ``when(_:then:effect:fileID:file:line:column:)`` and check them with
/// ``assertTrace(given:_:reporter:)``. A step is exhaustive: leaving `effect` out means *no effect*.
///
/// ```swift
/// .when(.fetchProcesses, then: .loading, effect: .downloadProcesses)
/// .when(.load(processes: processes), then: .loaded(processes))
/// ```
public struct TraceStep<S: ChildState> {
    /// The event the step sends.
    public let event: S.Event
    /// The state expected right after the event.
    public let state: S
    /// The effect expected from the event; `nil` means the event must produce none. Not checked when
    /// ``performedEffects`` is set.
    public let effect: S.Effect?
    /// When set, the effects expected to start at once from the event's effect, in order, instead of the effect's
    /// exact value: see ``when(_:then:performing:fileID:file:line:column:)``.
    public let performedEffects: [S.Effect]?
    /// Where the step is written, so a failure points at it.
    let location: TestSourceLocation

    init(
        event: S.Event, state: S, effect: S.Effect?, performedEffects: [S.Effect]? = nil,
        at location: TestSourceLocation
    ) {
        self.event = event
        self.state = state
        self.effect = effect
        self.performedEffects = performedEffects
        self.location = location
    }

    /// A step: when `event` arrives, then the state becomes `state` and `handle(event:)` returns `effect`.
    ///
    /// ```swift
    /// .when(.failed("offline"), then: .error("offline"))
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to send.
    ///   - state: The whole state expected after the event.
    ///   - effect: The effect expected, or `nil` (the default) for none.
    ///   - fileID: The file (as `#fileID`) a failure of this step points at; the caller's by default.
    ///   - file: The file a failure of this step points at; the caller's by default.
    ///   - line: The line a failure of this step points at; the caller's by default.
    ///   - column: The column a failure of this step points at; the caller's by default.
    /// - Returns: The step.
    public static func when(
        _ event: S.Event, then state: S, effect: S.Effect? = nil,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> TraceStep {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        return TraceStep(event: event, state: state, effect: effect, at: location)
    }
}

extension TraceStep where S.Effect: ComposableEffect {
    /// A step that checks which effects the event's effect starts at once, rather than the exact plan it returns.
    ///
    /// The returned effect is taken apart by the rules a ``/EffectStore/Store`` uses (the core's scheduler, with
    /// nothing else running): `.all` starts each of its effects in order, `.cancellable` and `.queued` start theirs,
    /// `.cancel` starts nothing, and a delayed, debounced or throttled-while-closed effect waits — so it is not among
    /// the effects started at once. No effect (`nil`) starts nothing.
    ///
    /// ```swift
    /// // handle(event:) returns .all(Effect.search("swift").cancellable(id: "search"), .saveHistory(["swift"]))
    /// .when(.submit("swift"), then: submitted, performing: [.search("swift"), .saveHistory(["swift"])])
    /// ```
    ///
    /// To check the plan itself — ids, intervals and all — use ``when(_:then:effect:fileID:file:line:column:)`` with the plan.
    ///
    /// - Parameters:
    ///   - event: The event to send.
    ///   - state: The whole state expected after the event.
    ///   - effects: The effects expected to start at once, in order; `[]` for none.
    ///   - fileID: The file (as `#fileID`) a failure of this step points at; the caller's by default.
    ///   - file: The file a failure of this step points at; the caller's by default.
    ///   - line: The line a failure of this step points at; the caller's by default.
    ///   - column: The column a failure of this step points at; the caller's by default.
    /// - Returns: The step.
    public static func when(
        _ event: S.Event, then state: S, performing effects: [S.Effect],
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> TraceStep {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        return TraceStep(event: event, state: state, effect: nil, performedEffects: effects, at: location)
    }
}

/// Checks a whole trace of a ``/EffectStore/State``: given a state, when these events arrive one after another, then
/// these are the states and effects, every one of them, in order.
///
/// This is data in, data out: no store, no queue, no effect handler. Each step runs
/// ``/EffectStore/State/handle(event:)`` on the state the previous step produced and compares both the new state and
/// the returned effect with the step's expectation. The check is exhaustive: a step that leaves `effect` out expects no
/// effect, and every state is compared in full. A mismatch fails at the step's own line, with a structural diff
/// (see ``StructuralDiff``); the trace then continues from the *actual* state, so one wrong step does not hide
/// what the others do.
///
/// ```swift
/// func test_fetch_loadsTheProcesses() {
///     assertTrace(given: ProcessState.idle, [
///         .when(.fetchProcesses, then: .loading, effect: .downloadProcesses),
///         .when(.load(processes: [ios]), then: .loaded([ios])),
///         .when(.userDidLogOut, then: .idle),
///     ])
/// }
/// ```
///
/// The state may be any ``/EffectStore/ChildState`` — a row of a list, say — since the trace starts from the state
/// given.
///
/// A step's effect is compared with `==`, so a step can expect a whole plan — `.all(...)`, `.cancellable(id:)`,
/// `.debounced(id:for:)` — as the state returns it; a failure writes plans as you would
/// (`.all(.search("swift").cancellable(id: "search"), .saveHistory("swift"))`) with a diff down to the effect that
/// differs. To check only which effects start at once, use ``TraceStep/when(_:then:performing:fileID:file:line:column:)``.
///
/// A failure reads:
///
/// ```text
/// Trace step 2 of 3, when .load(processes: [Process(id: 1, title: "iOS")]) in .loading: the state differs:
///   .loaded[0].title: expected "iOS", actual "Android"
/// ```
///
/// - Parameters:
///   - initialState: The state the trace starts from.
///   - steps: The expected steps, in order. An empty list passes.
///   - reporter: Where failures go; the framework running the test by default (``TestFailureReporter/automatic``), at the failing step's file and line. Runs on the
///     calling thread.
public func assertTrace<S: ChildState & Equatable>(
    given initialState: S,
    _ steps: [TraceStep<S>],
    reporter: TestFailureReporter = .automatic
) where S.Effect: Equatable {
    var state = initialState
    for (offset, step) in steps.enumerated() {
        let transition = Transition(handling: step.event, in: state)
        var problems: [String] = []
        if transition.to != step.state {
            let diff = StructuralDiff.describe(expected: step.state, actual: transition.to)
            problems.append("the state differs:\n" + diff)
        }
        if let expected = step.performedEffects {
            let performed = effectsStartedAtOnce(by: transition.effect)
            if performed != expected {
                problems.append(
                    "the effects started differ: expected \(describeEffects(expected)), "
                        + "actual \(describeEffects(performed)) (from \(describeEffect(transition.effect)))\n"
                        + StructuralDiff.describe(expected: expected, actual: performed))
            }
        } else if transition.effect != step.effect {
            var problem =
                "the effect differs: expected \(describeEffect(step.effect)), "
                + "actual \(describeEffect(transition.effect))"
            if let expected = step.effect, let actual = transition.effect {
                problem += "\n" + StructuralDiff.describe(expected: expected, actual: actual)
            }
            problems.append(problem)
        }
        if !problems.isEmpty {
            let header =
                "Trace step \(offset + 1) of \(steps.count), when \(Describing.value(step.event)) "
                + "in \(Describing.value(state)): "
            reporter.report(header + problems.joined(separator: "\nand "), at: step.location)
        }
        state = transition.to
    }
}

/// The effects a store starts at once for `effect`, in order, by the core's plan rules with nothing else running.
func effectsStartedAtOnce<Effect: Sendable>(by effect: Effect?) -> [Effect] {
    guard let effect else { return [] }
    guard let planReader = planReader(for: Effect.self) else { return [effect] }
    var scheduler = EffectScheduler<Effect>(planReader: planReader)
    return scheduler.start(effect, chain: nil).compactMap { action in
        if case .perform(let performed, _) = action { performed } else { nil }
    }
}

/// `[.a, .b]`, or `none` for an empty list.
func describeEffects<Effect: Sendable>(_ effects: [Effect]) -> String {
    effects.isEmpty ? "none" : "[" + effects.map { Describing.effect($0) }.joined(separator: ", ") + "]"
}

/// `.effect` or `none`; a plan in operator syntax.
func describeEffect<Effect: Sendable>(_ effect: Effect?) -> String {
    guard let effect else { return "none" }
    return Describing.effect(effect)
}
