import EffectStore
import EffectStoreLogging

/// Whether a ``TestStore`` insists that the test asserts everything that happens.
///
/// ```swift
/// let strict = TestStore(initialState: ProcessState.idle)                        // .exhaustive
/// let relaxed = TestStore(initialState: ProcessState.idle, exhaustivity: .partial)
/// strict.withExhaustivity(.partial) { strict.send(.fetchProcesses) }             // partial for a part only
/// ```
public enum Exhaustivity: Sendable, Equatable {
    /// Every state change and every effect must be asserted, and no effect may still be in flight when the test
    /// finishes. The default.
    case exhaustive
    /// For integration-style tests: state changes may go unasserted (a trailing closure, when given, is still
    /// checked), effects need not be received before the next event, and effects still in flight at the end are
    /// fine. What the test does assert is checked as strictly as ever.
    case partial
}

/// A synchronous, deterministic driver for a ``/EffectStore/State`` — or any ``/EffectStore/ChildState``, such as a row
/// tested alone: the real event → state → effect → event loop, with the test in the role of the effect handler.
///
/// A `TestStore` runs your state's ``/EffectStore/ChildState/handle(event:)`` exactly as a ``/EffectStore/Store`` does, and
/// mirrors its loop: an effect's answer is an event that goes back into the state. But it does not perform effects. It
/// captures each effect as a value, and **the test decides when, and with which event, each one completes** — in any
/// order, as many as are in flight. There is no queue, no thread, no sleep, no timeout: every call has done all its
/// work when it returns, and a test gives the same result on every run.
///
/// ```swift
/// func test_fetchProcesses_loadsWhatTheDownloadReturns() {
///     let store = TestStore(initialState: ProcessState.idle)
///
///     store.send(.fetchProcesses) { $0 = .loading }
///     store.receiveEffect(.downloadProcesses)
///
///     store.complete(.downloadProcesses, with: .load(processes: [ios])) { $0 = .loaded([ios]) }
///     store.finish()
/// }
/// ```
///
/// ## Exhaustive by default
///
/// With ``Exhaustivity/exhaustive`` (the default) the test must account for everything:
///
/// - **Every state change.** ``send(_:fileID:file:line:column:assert:)`` and ``complete(_:with:fileID:file:line:column:assert:)`` take a
///   trailing closure that turns the previous state into the expected one (`{ $0 = .loading }`, or
///   `{ $0.count += 1 }` for a struct). The result must equal the real next state; a change the test left out fails.
/// - **Every effect.** An effect must be named with ``receiveEffect(_:fileID:file:line:column:)`` before the next event is sent.
/// - **Every effect in flight.** By ``finish(fileID:file:line:column:)`` — or when the store is released without it — each
///   received effect must have been completed, with ``complete(_:with:fileID:file:line:column:assert:)`` or, for an effect with no
///   answer, ``complete(_:fileID:file:line:column:)``.
///
/// Each failure says what was left over and how to fix it. Pass ``Exhaustivity/partial`` to assert only what a
/// test cares about, or relax part of a test only with ``withExhaustivity(_:_:)``:
///
/// ```swift
/// store.withExhaustivity(.partial) {      // getting there: only where it ends matters
///     store.send(.fetchProcesses)
///     store.send(.load(processes: [ios]))
/// }
/// store.send(.userDidLogOut) { $0 = .idle }   // exhaustive again
/// ```
///
/// When the exact value does not matter, receive an effect by matching it —
/// ``receiveEffect(where:fileID:file:line:column:)``, or by its case with
/// ``receiveEffect(fileID:file:line:column:extracting:)`` — and confirm a cancellation with
/// ``receiveCancellation(where:fileID:file:line:column:)``.
///
/// ## Plans: several effects, cancellation, time and runs
///
/// When the state's effect type is a ``/EffectStore/ComposableEffect``, the test store carries out the plans its
/// effects carry by the very rules a ``/EffectStore/Store`` follows (the core's scheduler), and the test receives the
/// effects a handler would perform — never a `.plan` itself:
///
/// - **Several effects from one event** wait to be received in the order they start: `.all(.a, .b)` gives `.a`, then
///   `.b`.
/// - **Cancellation** takes an effect out of ``unreceivedEffects`` or ``inFlightEffects`` at once. In exhaustive mode
///   the test confirms it with ``receiveCancellation(of:fileID:file:line:column:)`` before the next event, as it receives effects;
///   see ``cancelledEffects``.
/// - **Time**: delayed, debounced and throttled effects wait on ``clock``, a `TestClock` that moves only when the test
///   calls ``advance(by:fileID:file:line:column:)``. In exhaustive mode no timer may still be pending at the end.
///   A timer that re-arms itself — a tick whose answer asks for the next tick — fires once per advance, since the
///   next tick waits for the test's answer; ``advance(by:answering:with:fileID:file:line:column:assert:)`` answers
///   each tick as it falls due, so three seconds of a one-second timer are three ticks, as in a real store.
/// - **Queues**: an effect queued behind another starts when the test completes that one.
/// - **Runs** that send many events: ``send(_:from:fileID:file:line:column:assert:)`` feeds one event of an effect in flight into
///   the state, and ``complete(_:fileID:file:line:column:)`` finishes the run.
///
/// ```swift
/// func test_search_debouncesAndCancelsTheOlderQuery() {
///     let store = TestStore(initialState: SearchState())
///
///     store.send(.queryChanged("sw")) { $0.query = "sw" }
///     store.advance(by: .milliseconds(300))
///     store.receiveEffect(.search("sw"))
///
///     store.send(.queryChanged("swift")) { $0.query = "swift" }
///     store.receiveCancellation(of: .search("sw"))      // the newer query cancelled the search in flight
///     store.advance(by: .milliseconds(300))
///     store.receiveEffect(.search("swift"))
///     store.complete(.search("swift"), with: .results(["swift"])) { $0.results = ["swift"] }
///     store.finish()
/// }
/// ```
///
/// Effects that carry no plan are received and completed exactly as before.
///
/// ## Threading
///
/// A `TestStore` is not thread-safe and not `Sendable`: create it and call it from the one thread that runs the
/// test. It never calls back: the closures you pass run synchronously, on the calling thread, before the call
/// returns. Failures go to its ``TestFailureReporter`` on that thread too.
public final class TestStore<S: ChildState & Equatable> where S.Effect: Equatable {
    /// The current state: the state after the last event handled.
    public private(set) var state: S

    /// Every event handled so far, in order, with the states before and after and the effect it returned.
    ///
    /// ```swift
    /// store.transitions.map(\.to)   // [.loading, .loaded([ios])]
    /// ```
    public private(set) var transitions: [Transition<S>] = []

    /// How much the test must assert now: the store's exhaustivity, or the one of the innermost
    /// ``withExhaustivity(_:_:)`` running.
    public private(set) var exhaustivity: Exhaustivity

    /// Effects produced but not yet named with ``receiveEffect(_:fileID:file:line:column:)``, oldest first.
    public var unreceivedEffects: [S.Effect] { unreceived.map(\.effect) }

    /// Effects received and not yet completed, oldest first. They complete in any order the test chooses.
    public var inFlightEffects: [S.Effect] { inFlight.map(\.effect) }

    /// The clock that delayed, debounced and throttled effects wait on: it moves only when the test advances it,
    /// with ``TestStore/advance(by:fileID:file:line:column:)`` or `clock.advance(by:)`.
    ///
    /// ```swift
    /// store.send(.queryChanged("swift")) { $0.query = "swift" }   // a search debounced for 300 ms
    /// store.clock.advance(by: .milliseconds(300))                 // the search starts: receive it
    /// store.receiveEffect(.search("swift"))
    /// ```
    ///
    /// Advance it from the test's thread only: its timers run into this store on the thread that advances it.
    public let clock = TestClock()

    package let reporter: TestFailureReporter
    /// What the state declares secret, replaced in every value a failure message shows (`TestStore+Redaction.swift`).
    let redaction = DeclaredRedaction<S>.declared
    /// What the store's messages looked for of the child states that declare a redaction (`TestStore+Redaction.swift`).
    let lookout = RedactionsByType.Lookout()
    /// Where the store was created: a failure found when it is released without `finish()` points there.
    let createdAt: TestSourceLocation
    var unreceived: [CapturedEffect] = []
    var inFlight: [CapturedEffect] = []
    /// Set by ``finish(fileID:file:line:column:)``: every call after it fails.
    private var isFinished = false
    /// What the plans (``/EffectStore/ComposableEffect``) decide, by the rules a ``/EffectStore/Store`` follows: the
    /// core's scheduler, whose decisions the core's driver carries out here as in a store (`TestStore+Effects.swift`).
    var scheduler = EffectScheduler<S.Effect>()
    /// The clock's cancel functions of the timers set and not yet fired, by timer.
    var timers: [UInt64: @Sendable () -> Void] = [:]
    /// Timers set while the exhaustivity was partial: the end-of-test check lets them be pending.
    var exemptTimers: Set<UInt64> = []
    /// Cancellations the test has not confirmed yet, oldest first.
    var unconfirmed: [Cancellation] = []
    /// Every cancellation so far, for messages about an effect that is no longer in flight.
    var cancellations: [Cancellation] = []
    /// What messages name as the origin of the effects started and cancelled now: the call that runs.
    var effectOrigin = ""
    /// What to name as the origin of effects that timers start: the `advance(by:)` call, while one runs.
    var timerOrigin: String?
    /// The answer the test gave for effects that timers start, while ``advance(by:answering:with:fileID:file:line:column:assert:)``
    /// runs.
    var standingAnswer: StandingAnswer?
    /// What other testing modules added to the test's obligations (`TestStore+Obligations.swift`).
    var obligations: [TestStoreObligation<S>] = []

    /// An effect, with what produced it, for messages. (`@usableFromInline`: the test store's answer as an
    /// `EffectDriver`.)
    @usableFromInline
    package struct CapturedEffect {
        let effect: S.Effect
        let origin: String
        /// The scheduler's job for this effect, once the store listens to it.
        var job: UInt64? = nil
        /// Whether the test let this effect go: it started, or was skipped, while the exhaustivity was
        /// ``Exhaustivity/partial``. An exhaustive check passes over it.
        var isExempt = false
    }

    /// A performed effect the scheduler cancelled, and the call that cancelled it.
    struct Cancellation {
        let captured: CapturedEffect
        let cancelledBy: String
        /// Whether the test let it go: the effect was, or the cancellation came while the exhaustivity was partial.
        let isExempt: Bool
    }

    /// Creates a test store that starts from `initialState`.
    ///
    /// ```swift
    /// let store = TestStore(initialState: ProcessState.idle)
    /// let integration = TestStore(initialState: ProcessState.idle, exhaustivity: .partial)
    /// let row = TestStore(initialState: Todo(id: 1, title: "Milk"))   // a ChildState: no initialState needed
    /// ```
    ///
    /// The state may be any ``/EffectStore/ChildState`` — a row, a screen that only exists with data — tested alone,
    /// with no `State` conformance of its own. For a ``/EffectStore/State``, `initialState` may be left out
    /// (``init(exhaustivity:reporter:fileID:file:line:column:)``).
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - exhaustivity: How much the test must assert; ``Exhaustivity/exhaustive`` by default.
    ///   - reporter: Where failures go; the framework running the test by default (``TestFailureReporter/automatic``). Called on the test's thread.
    ///   - fileID: With `file`, `line` and `column`: where a failure found when the store is released without
    ///     ``finish(fileID:file:line:column:)`` points; the caller's by default.
    ///   - file: See `fileID`.
    ///   - line: See `fileID`.
    ///   - column: See `fileID`.
    public init(
        initialState: S,
        exhaustivity: Exhaustivity = .exhaustive,
        reporter: TestFailureReporter = .automatic,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.state = initialState
        self.exhaustivity = exhaustivity
        self.reporter = reporter
        self.createdAt = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
    }

    deinit {
        if !isFinished { checkNothingIsLeft(at: createdAt, released: true) }
        for cancel in timers.values { cancel() }  // so the clock keeps no action of a released store
    }

    // MARK: - Sending events

    /// Sends an event, as a user action or an outside notification would, and checks the state it leads to.
    ///
    /// ```swift
    /// store.send(.fetchProcesses) { $0 = .loading }
    /// store.send(.userDidLogOut)                        // the state must not change
    /// ```
    ///
    /// In exhaustive mode, the effect of the previous event must have been received first.
    ///
    /// - Parameters:
    ///   - event: The event to handle.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    ///   - assert: Turns a copy of the previous state into the expected next state. Leave it out when the state must
    ///     not change (in partial mode: when you do not want to check it). Runs synchronously on this thread.
    public func send(
        _ event: S.Event,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        assert: ((inout S) -> Void)? = nil
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        send(event, call: "send(\(shown(event: event)))", at: location, assert: assert)
    }

    /// Sends an event from outside, as ``send(_:fileID:file:line:column:assert:)`` does, with `call` naming it in
    /// messages. `package`: other testing modules send the events a real store's links send (a saved value's load).
    package func send(_ event: S.Event, call: String, at location: TestSourceLocation, assert: ((inout S) -> Void)?) {
        guard acceptsCall(call, at: location) else { return }
        requireEffectsReceived(before: call, at: location)
        for obligation in obligations { obligation.beforeEvent(call, location) }
        handle(event, call: call, assert: assert, at: location)
    }

    // MARK: - Effects

    /// Asserts that the last event produced `effect`, and marks it in flight, waiting for the test to complete it.
    ///
    /// ```swift
    /// store.send(.fetchProcesses) { $0 = .loading }
    /// store.receiveEffect(.downloadProcesses)
    /// ```
    ///
    /// Effects are received in the order they were produced. In partial mode, effects produced before a matching
    /// one are skipped (they stay in flight).
    ///
    /// - Parameters:
    ///   - effect: The effect expected.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    public func receiveEffect(
        _ effect: S.Effect, fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        guard acceptsCall("receiveEffect(\(shown(effect: effect)))", at: location) else { return }
        receiveFirst(
            matching: { $0 == effect }, expected: "effect \(shown(effect: effect))", effect: effect, at: location)
    }

    /// Receives the next unreceived effect if it matches (in partial mode: the first that matches), or reports
    /// what was expected. Returns the effect received.
    @discardableResult
    func receiveFirst(
        matching matches: (S.Effect) -> Bool, expected: String, effect: S.Effect?, at location: TestSourceLocation
    ) -> S.Effect? {
        let index: Int?
        switch exhaustivity {
        case .exhaustive:
            // Effects the test let go (see `withExhaustivity(_:_:)`) may be passed over; no other.
            let next = unreceived.firstIndex { !$0.isExempt || matches($0.effect) }
            index = next.flatMap { matches(unreceived[$0].effect) ? $0 : nil }
        case .partial: index = unreceived.firstIndex { matches($0.effect) }
        }
        guard let index else {
            reportMissingEffect(expected, effect: effect, at: location)
            return nil
        }
        let received = unreceived[index].effect
        inFlight.append(contentsOf: skipping(unreceived[..<index]))
        inFlight.append(unreceived[index])
        unreceived.removeSubrange(...index)
        return received
    }

    /// Completes an effect in flight with the event its handler would answer with, and checks the state that event
    /// leads to.
    ///
    /// Effects complete in any order. This is what a ``/EffectStore/Store`` does when an effect's future resolves: the
    /// event goes back into the state, which may produce a new effect to receive.
    ///
    /// An effect received may complete while effects started with it still wait to be received — `.all(.search,
    /// .saveHistory)`: receive the search, complete it, then receive the history — and each of them remains an
    /// obligation: in exhaustive mode the next event sent, or ``finish(fileID:file:line:column:)``, reports one that
    /// was not received, in the order they started. So do cancellations not yet confirmed.
    ///
    /// ```swift
    /// store.complete(.downloadProcesses, with: .load(processes: [ios])) { $0 = .loaded([ios]) }
    /// store.complete(.downloadProcesses, with: .failed("offline")) { $0 = .error("offline") }
    /// ```
    ///
    /// - Parameters:
    ///   - effect: An effect in flight (see ``inFlightEffects``). When several are equal, the oldest completes.
    ///   - event: The event the effect answers with.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    ///   - assert: Turns a copy of the previous state into the expected next state, as in
    ///     ``send(_:fileID:file:line:column:assert:)``. Runs synchronously on this thread.
    public func complete(
        _ effect: S.Effect,
        with event: S.Event,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        assert: ((inout S) -> Void)? = nil
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        let call = "complete(\(shown(effect: effect)), with: \(shown(event: event)))"
        guard acceptsCall(call, at: location) else { return }
        letSiblingsWait(before: call, at: location)
        guard let completed = takeInFlight(effect, call: call, at: location) else { return }
        handle(event, call: call, assert: assert, at: location, of: completed.job, ending: true)
    }

    /// Completes an effect in flight that answers with no event, as when its handler returns `nil`.
    ///
    /// ```swift
    /// store.send(.userDidLogOut) { $0 = .idle }
    /// store.receiveEffect(.clearCache)
    /// store.complete(.clearCache)
    /// ```
    ///
    /// Effects started with this one may still wait to be received; each remains an obligation, as with
    /// ``complete(_:with:fileID:file:line:column:assert:)``.
    ///
    /// - Parameters:
    ///   - effect: An effect in flight (see ``inFlightEffects``). When several are equal, the oldest completes.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    public func complete(
        _ effect: S.Effect, fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        let call = "complete(\(shown(effect: effect)))"
        guard acceptsCall(call, at: location) else { return }
        letSiblingsWait(before: call, at: location)
        guard let completed = takeInFlight(effect, call: call, at: location) else { return }
        end(completed, call: call, at: location)
    }

    // MARK: - Finishing

    /// Ends the test: in exhaustive mode, fails if an effect was not received or is still in flight.
    ///
    /// ```swift
    /// store.finish()
    /// ```
    ///
    /// A store released without `finish()` runs the same check then, and reports at the line that created it.
    /// Calling `finish()` points the failure at the test's last line instead.
    ///
    /// - Parameters:
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    public func finish(
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        guard acceptsCall("finish()", at: location) else { return }
        isFinished = true
        checkNothingIsLeft(at: location, released: false)
    }

    // MARK: - Scoped exhaustivity

    /// Runs `body` with the store's exhaustivity set to `exhaustivity`, then sets it back: part of a test asserts
    /// only what it cares about — or, in a partial store, part of it is strict.
    ///
    /// ```swift
    /// let store = TestStore(initialState: AppState())             // exhaustive
    ///
    /// store.withExhaustivity(.partial) {                          // getting there: only the end state matters
    ///     store.send(.login(user))
    ///     store.send(.openSettings)
    /// }
    /// store.send(.settings(.toggleDarkMode)) { $0.settings.isDark = true }   // exhaustive again
    /// store.receiveEffect(.saveSettings)
    /// store.complete(.saveSettings)
    /// store.finish()
    /// ```
    ///
    /// Inside a ``Exhaustivity/partial`` scope the store behaves as a partial store does: state changes may go
    /// unasserted, effects need not be received, cancellations need not be confirmed. What the scope lets go stays
    /// let go after it: an effect **started or skipped** in the scope, a cancellation made in the scope (or of such
    /// an effect) and a timer set in the scope are never reported — not by the first exhaustive call after the
    /// scope, nor by ``finish(fileID:file:line:column:)``. An effect started in the scope and not received there may
    /// still be received after it, and completed; an exhaustive ``receiveEffect(_:fileID:file:line:column:)`` passes
    /// over such effects to find the one named, and an exhaustive ``complete(_:with:fileID:file:line:column:assert:)``
    /// of an effect equal to one of them completes the one the test must account for first. Everything the test does after the scope is checked exhaustively,
    /// as before it: the same omission outside the scope is reported.
    ///
    /// Scopes nest; the innermost one wins. ``exhaustivity`` says which applies now.
    ///
    /// - Parameters:
    ///   - exhaustivity: How much the test must assert inside `body`.
    ///   - body: The part of the test to run with it. Runs synchronously on this thread.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the exhaustivity is set back either way.
    @discardableResult
    public func withExhaustivity<Result>(_ exhaustivity: Exhaustivity, _ body: () throws -> Result) rethrows -> Result
    {
        let previous = self.exhaustivity
        self.exhaustivity = exhaustivity
        defer { self.exhaustivity = previous }
        return try body()
    }

    /// Whether the store still takes calls: after ``finish(fileID:file:line:column:)`` it reports the call and
    /// ignores it, since what the call did would escape the end-of-test check.
    package func acceptsCall(_ call: String, at location: TestSourceLocation) -> Bool {
        guard isFinished else { return true }
        reporter.report(
            """
            TestStore<\(S.self)>: \(call) was called after finish(), so what it does would escape the end-of-test \
            check; it was ignored.
            To fix, call `store.finish()` once, after the test's last call to the store.
            """,
            at: location)
        return false
    }

    // MARK: - The loop

    /// Handles `event` with the core's chain runner, as a store does — as an event of `job`, when given, which then
    /// ends with `ending` (its answer) — and checks the state it leads to. `package`: other testing modules deliver
    /// events that are not the test's own sends, such as the failure of a save they assert.
    package func handle(
        _ event: S.Event, call: String, assert: ((inout S) -> Void)?, at location: TestSourceLocation,
        of job: UInt64? = nil, ending: Bool = false
    ) {
        let previous = state
        effectOrigin = "\(call) at \(Describing.location(location.filePath, location.line))"
        if let job {
            guard handle(event, of: job, ending: ending) else { return }
        } else {
            runChain(event, origin: .dispatch, chain: nil)
        }
        for obligation in obligations { obligation.transitioned(transitions[transitions.count - 1], effectOrigin) }
        checkState(after: call, previous: previous, assert: assert, at: location)
    }

    /// Commits `event` for the chain runner: the next state, in ``transitions``. Its effect starts as the scheduler
    /// decides, and waits to be received (`TestStore+Effects.swift`).
    @usableFromInline
    package func commit(_ event: S.Event, origin _: TransitionOrigin, chain _: UInt64?) -> S.Effect? {
        let transition = Transition(handling: event, in: state)
        state = transition.to
        transitions.append(transition)
        return transition.effect
    }

    private func checkState(
        after call: String, previous: S, assert: ((inout S) -> Void)?,
        at location: TestSourceLocation
    ) {
        guard let assert else {
            guard exhaustivity == .exhaustive, state != previous else { return }
            reporter.report(
                """
                TestStore<\(S.self)>: \(call) changed the state, but the test did not say how:
                \(difference(expected: previous, actual: state))
                To fix, describe the change in a trailing closure, for example \
                `store.\(call) { $0 = \(shown(state: state, maxLength: 80)) }`.
                """,
                at: location)
            return
        }
        var expected = previous
        assert(&expected)
        guard expected != state else { return }
        reporter.report(
            """
            TestStore<\(S.self)>: the state after \(call) is not the one expected:
            \(difference(expected: expected, actual: state))
            """,
            at: location)
    }

    /// In exhaustive mode, fails when an effect was produced and not received; then treats it as received, so one
    /// omission is reported once.
    func requireEffectsReceived(before call: String, at location: TestSourceLocation) {
        requireCancellationsReceived(before: call, at: location)
        guard !unreceived.isEmpty else { return }
        if exhaustivity == .exhaustive, let first = unreceived.first(where: { !$0.isExempt }) {
            reporter.report(
                """
                TestStore<\(S.self)>: \(call) was called while effect \(shown(effect: first.effect)) \
                (from \(first.origin)) was not received.
                To fix, call `store.receiveEffect(\(shown(effect: first.effect)))` right after the event that \
                produced it, or create the store with `exhaustivity: .partial`.
                """,
                at: location)
        }
        inFlight.append(contentsOf: skipping(unreceived[...]))
        unreceived.removeAll()
    }

    /// Effects passed over without being received: in partial mode, the test lets them go for good.
    private func skipping(_ effects: ArraySlice<CapturedEffect>) -> [CapturedEffect] {
        guard exhaustivity == .partial else { return Array(effects) }
        return effects.map { skipped in
            var skipped = skipped
            skipped.isExempt = true
            return skipped
        }
    }

    /// Before an effect in flight answers — completes, or sends an event of its run: in exhaustive mode, the effects
    /// still waiting to be received, and the cancellations waiting to be confirmed, stay where they are, each an
    /// obligation the test meets later (the next event sent, or ``finish(fileID:file:line:column:)``, reports it). In
    /// partial mode they are let go, as before any call.
    func letSiblingsWait(before call: String, at location: TestSourceLocation) {
        guard exhaustivity == .partial else { return }
        requireEffectsReceived(before: call, at: location)
    }

    /// Removes and returns the oldest effect in flight equal to `effect`, or reports that there is none.
    private func takeInFlight(_ effect: S.Effect, call: String, at location: TestSourceLocation) -> CapturedEffect? {
        guard let index = indexInFlight(effect, call: call, at: location) else { return nil }
        return inFlight.remove(at: index)
    }

    /// The index of the oldest effect in flight equal to `effect`, or `nil` after reporting that there is none. In
    /// exhaustive mode, the oldest the test must account for comes first: one a partial scope let go is only taken
    /// when no other is equal.
    func indexInFlight(_ effect: S.Effect, call: String, at location: TestSourceLocation) -> Int? {
        if exhaustivity == .exhaustive, let index = inFlight.firstIndex(where: { !$0.isExempt && $0.effect == effect }) {
            return index
        }
        if let index = inFlight.firstIndex(where: { $0.effect == effect }) { return index }
        let inFlightList =
            inFlight.isEmpty
            ? "none"
            : inFlight.map { shown(effect: $0.effect) }
                .joined(separator: ", ")
        let waiting =
            unreceived.contains { $0.effect == effect }
            ? "; it waits to be received: call `store.receiveEffect(\(shown(effect: effect)))` first" : ""
        reporter.report(
            """
            TestStore<\(S.self)>: \(call) failed: \(shown(effect: effect)) is not in flight \
            (in flight: \(inFlightList))\(describeCancellation(of: effect))\(waiting).
            To fix, complete only an effect that an earlier event produced and `receiveEffect` confirmed, and \
            complete each one once.
            """,
            at: location)
        return nil
    }

    /// Reports that no unreceived effect matches; `effect` is the one expected, when the test named a value.
    func reportMissingEffect(_ expected: String, effect: S.Effect?, at location: TestSourceLocation) {
        let received =
            unreceived.isEmpty
            ? "no effect is waiting to be received"
            : "the next effect is \(shown(effect: unreceived[0].effect)) (from \(unreceived[0].origin))"
        var message = "TestStore<\(S.self)>: expected to receive \(expected), but \(received)."
        if let effect, let next = unreceived.first {
            message += "\n" + difference(expected: effect, actual: next.effect)
        }
        message += "\nTo fix, check the effect the last event returns"
        if let last = transitions.last {
            let returned = last.effect.map { shown(effect: $0, plans: true) } ?? "none"
            message += " (\(shown(event: last.event)) returned \(returned))"
        }
        message += ", or remove this expectation."
        reporter.report(message, at: location)
    }

    private func checkNothingIsLeft(at location: TestSourceLocation, released: Bool) {
        if exhaustivity == .exhaustive {
            for obligation in obligations { obligation.atEnd(location, released) }
        }
        // What the test let go in a partial scope (`withExhaustivity(_:_:)`) is not its to account for.
        let waiting = timers.keys.filter { !exemptTimers.contains($0) }.count
        let unreceived = unreceived.filter { !$0.isExempt }
        let inFlight = inFlight.filter { !$0.isExempt }
        let unreceivedCancellations = unconfirmed.filter { !$0.isExempt }
        guard exhaustivity == .exhaustive,
            !unreceived.isEmpty || !inFlight.isEmpty || !unreceivedCancellations.isEmpty || waiting > 0
        else { return }
        var lines = [
            released
                ? "TestStore<\(S.self)> was released without finish() while effects were left:"
                : "TestStore<\(S.self)>: the test finished while effects were left:"
        ]
        for captured in unreceived {
            lines.append("  not received: \(shown(effect: captured.effect)), from \(captured.origin)")
        }
        for captured in inFlight {
            lines.append("  still in flight: \(shown(effect: captured.effect)), from \(captured.origin)")
        }
        for cancelled in unreceivedCancellations {
            lines.append(
                "  cancelled without the test saying so: \(shown(effect: cancelled.captured.effect)), by "
                    + cancelled.cancelledBy)
        }
        if waiting > 0 {
            lines.append(
                "  \(waiting) timer(s) still pending on store.clock (a delayed, debounced or throttled effect, or a "
                    + "throttle's interval)")
        }
        lines.append(
            "To fix, receive each effect with `store.receiveEffect(_:)` and complete it with "
                + "`store.complete(_:with:)`, or `store.complete(_:)` when it has no answer; confirm each cancellation "
                + "with `store.receiveCancellation(of:)`; advance `store.clock` past pending timers; "
                + "or create the store with `exhaustivity: .partial`.")
        reporter.report(lines.joined(separator: "\n"), at: location)
    }
}

extension TestStore where S: State {
    /// Creates a test store that starts from `S.initialState`.
    ///
    /// ```swift
    /// let store = TestStore<ProcessState>()
    /// let integration = TestStore<ProcessState>(exhaustivity: .partial)
    /// ```
    ///
    /// - Parameters:
    ///   - exhaustivity: How much the test must assert; ``Exhaustivity/exhaustive`` by default.
    ///   - reporter: Where failures go; the framework running the test by default (``TestFailureReporter/automatic``). Called on the test's thread.
    ///   - fileID: With `file`, `line` and `column`: where a failure found when the store is released without
    ///     ``finish(fileID:file:line:column:)`` points; the caller's by default.
    ///   - file: See `fileID`.
    ///   - line: See `fileID`.
    ///   - column: See `fileID`.
    public convenience init(
        exhaustivity: Exhaustivity = .exhaustive,
        reporter: TestFailureReporter = .automatic,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            initialState: S.initialState, exhaustivity: exhaustivity, reporter: reporter, fileID: fileID, file: file,
            line: line, column: column)
    }
}
