import Dispatch
import EffectStore
import EffectStoreLogging

extension StateExplorer {
    /// Sets the answers each effect may give: what ``exploreEffectOrders(bounds:strategy:in:)`` and
    /// ``replay(_:bounds:)`` deliver when an effect is performed.
    ///
    /// ```swift
    /// let explorer = StateExplorer(initialState: SearchFeature(), events: [.typed("a"), .typed("ab")])
    ///     .invariant("results match the query") { $0.isSearching || $0.resultsQuery == $0.query }
    ///     .answering { effect in
    ///         guard case .search(let query) = effect else { return [] }
    ///         return [.later(.results(query: query, ["\(query)!"]))]
    ///     }
    /// ```
    ///
    /// - Parameter answers: For a performed effect (never a plan: plans are carried out by the store's scheduler),
    ///   the outcomes it may have; each schedule picks one. None is a failure that names the effect: return
    ///   `[.finishes]` for an effect that ends with no answer. Runs on the thread that explores.
    /// - Returns: The explorer with the answers set.
    public func answering(_ answers: @escaping (S.Effect) -> [EffectOutcome<S.Event>]) -> StateExplorer {
        var copy = self
        copy.answers = answers
        return copy
    }

    /// Explores the orders in which the user's events, the effects' answers and the timers can be delivered, and
    /// checks the invariants after every step and, at the end of each schedule, that every dispatch settled.
    ///
    /// ```swift
    /// let exploration = explorer.exploreEffectOrders(bounds: EffectOrderBounds(depth: 8, outOfOrder: 1))
    /// exploration.assertNoFailure()
    /// print(exploration.summary)
    /// ```
    ///
    /// Plans (cancellable, debounced, throttled, queued, delayed) are carried out by the scheduler a
    /// ``/EffectStore/Store`` uses, and timers fire on a virtual clock. The first failure is shrunk and comes with
    /// a schedule to replay and a `TestStore` test. Runs synchronously on the calling thread, as do the closures.
    ///
    /// A crash in `handle(event:)` — a trap, `fatalError`, an index out of range — ends the process that explores.
    /// Explore in a child process — ``ExplorationProcess/childProcess(of:method:timeout:maxRuns:fileID:line:)`` in
    /// an XCTest test, ``ExplorationProcess/childProcess(timeout:maxRuns:fileID:line:)`` in a Swift Testing one —
    /// and a crash is a failure like any other, "no crash", shrunk and reported with its schedule and test:
    ///
    /// ```swift
    /// explorer.exploreEffectOrders(in: .childProcess(of: self)).assertNoFailure()
    /// ```
    ///
    /// - Parameters:
    ///   - bounds: The bounds of the exploration; ``EffectOrderBounds/init(depth:outOfOrder:eventsInAnyOrder:allowsRunningEffects:maxSchedules:timeLimit:)``'s defaults by default.
    ///   - strategy: How schedules are picked; ``EffectOrderStrategy/exhaustive`` by default.
    ///   - process: Where the feature's code runs; ``ExplorationProcess/thisProcess`` by default.
    /// - Returns: The figures and the first failure, shrunk.
    public func exploreEffectOrders(
        bounds: EffectOrderBounds = EffectOrderBounds(), strategy: EffectOrderStrategy = .exhaustive,
        in process: ExplorationProcess = .thisProcess
    ) -> EffectOrderExploration<S> {
        if let child = process.child {
            return ChildExploration(
                explorer: self, bounds: bounds, strategy: strategy, test: child, site: process.site,
                timeout: process.timeout, maxRuns: process.maxRuns
            ).run()
        }
        var search = OrderSearch(machine: OrderMachine(explorer: self, bounds: bounds))
        return search.run(strategy)
    }

    /// Replays one schedule exactly: for a failure's schedule, or one written by hand.
    ///
    /// ```swift
    /// let run = explorer.replay(Schedule("e0 e1 a1.0 a0.0")!)
    /// XCTAssertEqual(run.failedCheck, "results match the query")
    /// ```
    ///
    /// The out-of-order bound does not apply: every choice possible is taken.
    ///
    /// - Parameters:
    ///   - schedule: The choices to replay.
    ///   - bounds: Only ``EffectOrderBounds/eventsInAnyOrder`` and ``EffectOrderBounds/allowsRunningEffects`` apply.
    /// - Returns: What the replay did.
    public func replay(_ schedule: Schedule, bounds: EffectOrderBounds = EffectOrderBounds()) -> EffectOrderRun<S> {
        OrderMachine(explorer: self, bounds: bounds).replay(schedule.choices).run
    }
}

extension StateExplorer where S.Effect: Equatable {
    /// Replays an effect order written by value and checks every property of the explorer along it; then delivers
    /// what is left in flight in every order and checks the end: the test a failure of
    /// ``exploreEffectOrders(bounds:strategy:in:)`` prints (``EffectOrderFailure/regressionTest``).
    ///
    /// ```swift
    /// func test_effectOrder_theResultsShownAreForTheQuery() {
    ///     explorer.assertEffectOrder([
    ///         .send(.typed("a")),
    ///         .send(.typed("ab")),
    ///         .answer(.work(.search("a")), with: .answered(query: "a", results: ["a!"])),
    ///     ])
    /// }
    /// ```
    ///
    /// Each step names an effect by its value (``EffectOrderStep``), so the order stays meaningful when a fix
    /// changes the effects: an answer to an effect that is not in flight — the fix cancelled it, or no longer starts
    /// it — is not delivered, as the store never delivers one. After every step it checks the invariants, the transition
    /// invariants, the invariants at rest when nothing is in flight, and that every effect performed has an answer in
    /// ``answering(_:)``. After the steps, no more user events are sent: the answers and timers still to come are
    /// delivered in every order, within `bounds`, and each order's end is checked — nothing left running, every
    /// dispatch settled, the ``eventually(_:_:)`` properties. So while the bug is there it fails, and once it is fixed
    /// it passes, and stays a test of that order.
    ///
    /// Runs synchronously on the calling thread, as do the explorer's closures.
    ///
    /// - Parameters:
    ///   - steps: The order, from ``initialState``.
    ///   - bounds: The bounds of the delivery of what is left after the steps; only the depth, the out-of-order
    ///     bound, ``EffectOrderBounds/allowsRunningEffects`` and the limits apply.
    ///   - accepting: The bounds whose cuts the test accepts, as in
    ///     ``EffectOrderExploration/assertNoFailure(accepting:reporter:fileID:file:line:column:)``; none by default.
    ///   - reporter: Where failures go; the framework running the test by default (``TestFailureReporter/automatic``).
    ///     Called on the calling thread.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    public func assertEffectOrder(
        _ steps: [EffectOrderStep<S>], bounds: EffectOrderBounds = EffectOrderBounds(),
        accepting: Set<EffectOrderBound> = [], reporter: TestFailureReporter = .automatic,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        let checked = OrderMachine(explorer: self, bounds: bounds).check(steps, matching: ==)
        if let failure = checked.failure {
            var text = "The effect order of \(S.self) breaks \"\(failure.check)\""
            if let step = checked.failingStep {
                text += step == 0 ? " in its initial state" : " at step \(step) of \(steps.count)"
            } else if let continuation = checked.continuation {
                text += " after its \(steps.count) steps, when what was still in flight is delivered in the order "
                    + "\"\(continuation)\""
            }
            text += ": \(failure.reason)"
            if !checked.lines.isEmpty { text += "\nSteps:\n" + checked.lines.map { "  " + $0 }.joined(separator: "\n") }
            reporter.report(text, at: location)
            return
        }
        for bound in EffectOrderBound.allCases where !accepting.contains(bound) {
            guard let count = checked.cuts[bound] else { continue }
            reporter.report(
                """
                The effect order of \(S.self) passed only within its bounds: after its \(steps.count) steps, \
                \(EffectOrderExploration<S>.cut(count, by: bound)).
                To fix, \(EffectOrderExploration<S>.fix(bound)), or pass `accepting: [.\(bound)]` if that is enough.
                """, at: location)
        }
    }
}
