import EffectStore
import EffectStoreLogging

extension TestStore {
    // MARK: - Runs: effects that send many events

    /// Sends an event from an effect in flight that keeps running — a tick, a progress report, a socket message — and
    /// checks the state it leads to.
    ///
    /// This is what a ``/EffectStore/Store`` does for each event a run (`EffectAnswer.run`, `.callbackRun`) sends: the
    /// event goes into the state, and the effect stays in flight. When the run finishes, end it with
    /// ``complete(_:fileID:file:line:column:)``; when it answers one last event and ends, use
    /// ``complete(_:with:fileID:file:line:column:assert:)``.
    ///
    /// ```swift
    /// store.send(.start) { $0.isRunning = true }
    /// store.receiveEffect(.ticks)
    /// store.send(.tick, from: .ticks) { $0.seconds = 1 }
    /// store.send(.tick, from: .ticks) { $0.seconds = 2 }
    /// store.complete(.ticks)                            // the run finished
    /// ```
    ///
    /// Effects started with the run may still wait to be received; each remains an obligation, as with
    /// ``complete(_:with:fileID:file:line:column:assert:)``.
    ///
    /// - Parameters:
    ///   - event: The event the effect sends.
    ///   - effect: An effect in flight (see ``inFlightEffects``). When several are equal, the oldest sends.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    ///   - assert: Turns a copy of the previous state into the expected next state, as in
    ///     ``send(_:fileID:file:line:column:assert:)``. Runs synchronously on this thread.
    public func send(
        _ event: S.Event,
        from effect: S.Effect,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        assert: ((inout S) -> Void)? = nil
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        let call = "send(\(shown(event: event)), from: \(shown(effect: effect)))"
        guard acceptsCall(call, at: location) else { return }
        letSiblingsWait(before: call, at: location)
        guard let index = indexInFlight(effect, call: call, at: location) else { return }
        handle(event, call: call, assert: assert, at: location, of: inFlight[index].job)
    }

    // MARK: - Matching effects

    /// Asserts that the last event produced an effect that `predicate` accepts, and marks it in flight.
    ///
    /// For effects whose exact value the test does not care about, or cannot know:
    ///
    /// ```swift
    /// store.receiveEffect(where: { if case .search = $0 { true } else { false } })
    /// ```
    ///
    /// Effects are received in the order they were produced. In partial mode, effects produced before a matching
    /// one are skipped (they stay in flight).
    ///
    /// - Parameters:
    ///   - predicate: Whether an effect is the one expected. Runs synchronously on this thread.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    /// - Returns: The effect received, to complete it or look into it; `nil` when none matched.
    @discardableResult
    public func receiveEffect(
        where predicate: (S.Effect) -> Bool, fileID: StaticString = #fileID, file: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> S.Effect? {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        guard acceptsCall("receiveEffect(where:)", at: location) else { return nil }
        return receiveFirst(
            matching: predicate, expected: "an effect that the predicate accepts", effect: nil, at: location)
    }

    /// Receives the oldest pending effect from which `extract` takes a value — the associated value of one case —
    /// returns that value, and marks the effect in flight.
    ///
    /// ```swift
    /// let query = store.receiveEffect { if case .work(.search(let query)) = $0 { query } else { nil } }
    /// XCTAssertEqual(query, "swift")
    /// ```
    ///
    /// Otherwise as ``receiveEffect(where:fileID:file:line:column:)``.
    ///
    /// - Parameters:
    ///   - extract: The value of the case the test waits for, or `nil` for an effect in another case.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    /// - Returns: The associated value of the effect received; `nil` when none matched.
    @discardableResult
    public func receiveEffect<Payload>(
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        extracting extract: (S.Effect) -> Payload?
    ) -> Payload? {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        guard acceptsCall("receiveEffect(extracting:)", at: location) else { return nil }
        let received = receiveFirst(
            matching: { extract($0) != nil }, expected: "an effect from which the closure given takes a value",
            effect: nil, at: location)
        return received.flatMap(extract)
    }

    // MARK: - Cancellation

    /// Performed effects that the state cancelled and the test has not yet confirmed with
    /// ``receiveCancellation(of:fileID:file:line:column:)``, oldest first.
    ///
    /// A cancelled effect leaves ``unreceivedEffects`` and ``inFlightEffects`` at once, as its run stops in a
    /// ``/EffectStore/Store``: it can no longer send or answer.
    ///
    /// ```swift
    /// store.send(.stop) { $0.isRunning = false }
    /// store.cancelledEffects     // [.ticks]
    /// ```
    public var cancelledEffects: [S.Effect] { unconfirmed.map(\.captured.effect) }

    /// Asserts that the last call cancelled `effect`: the state returned a plan that stopped it (see
    /// ``/EffectStore/ComposableEffect/cancel(id:)``, ``/EffectStore/ComposableEffect/cancellable(id:cancelInFlight:)``
    /// and ``/EffectStore/ComposableEffect/debounced(id:for:)``).
    ///
    /// ```swift
    /// store.send(.queryChanged("swift")) { $0.query = "swift" }
    /// store.receiveCancellation(of: .search("swi"))     // the newer query cancelled the search in flight
    /// ```
    ///
    /// In exhaustive mode every cancellation of an effect that was performed must be confirmed before the next event,
    /// like every effect must be received: the test says which work the feature stops. An effect cancelled while it
    /// still waited for its time or its turn never started, and needs no confirmation. In partial mode unconfirmed
    /// cancellations are dropped, but one the test does expect is checked.
    ///
    /// - Parameters:
    ///   - effect: The cancelled effect. When several are equal, the oldest is confirmed.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    public func receiveCancellation(
        of effect: S.Effect, fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        guard acceptsCall("receiveCancellation(of: \(shown(effect: effect)))", at: location) else { return }
        confirmCancellation(matching: { $0 == effect }, expected: "effect \(shown(effect: effect))", at: location)
    }

    /// Asserts that the last call cancelled an effect that `predicate` accepts, and returns it.
    ///
    /// For a cancelled effect whose exact value the test does not care about, or cannot know:
    ///
    /// ```swift
    /// store.send(.queryChanged("")) { $0.query = "" }
    /// store.receiveCancellation(where: { if case .search = $0 { true } else { false } })
    /// ```
    ///
    /// The oldest cancellation waiting to be confirmed that `predicate` accepts is confirmed. Otherwise as
    /// ``receiveCancellation(of:fileID:file:line:column:)``.
    ///
    /// - Parameters:
    ///   - predicate: Whether a cancelled effect is the one expected. Runs synchronously on this thread.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    /// - Returns: The cancelled effect confirmed; `nil` when none matched.
    @discardableResult
    public func receiveCancellation(
        where predicate: (S.Effect) -> Bool, fileID: StaticString = #fileID, file: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> S.Effect? {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        guard acceptsCall("receiveCancellation(where:)", at: location) else { return nil }
        return confirmCancellation(
            matching: predicate, expected: "an effect that the predicate accepts", at: location)
    }

    /// Confirms the oldest unconfirmed cancellation that matches and returns its effect, or reports what was
    /// expected.
    @discardableResult
    private func confirmCancellation(
        matching matches: (S.Effect) -> Bool, expected: String, at location: TestSourceLocation
    ) -> S.Effect? {
        if let index = unconfirmed.firstIndex(where: { matches($0.captured.effect) }) {
            return unconfirmed.remove(at: index).captured.effect
        }
        let cancelled =
            cancelledEffects.isEmpty
            ? "no cancellation is waiting to be confirmed"
            : "the cancellations waiting to be confirmed are "
                + cancelledEffects.map { shown(effect: $0) }.joined(separator: ", ")
        reporter.report(
            """
            TestStore<\(S.self)>: expected the cancellation of \(expected), but \(cancelled).
            To fix, check what the last event returns: only a plan (`.cancel(id:)`, `.cancellable(id:cancelInFlight: \
            true)`, `.debounced(id:for:)`) cancels, and only an effect performed under that id.
            """,
            at: location)
        return nil
    }

    // MARK: - Ending what still runs

    /// Cancels every effect still running or waiting — in flight, queued behind another, or waiting on ``clock`` —
    /// as removing the feature would, and returns those that were in flight: the end of a test of a feature that
    /// stops early, such as a screen tested alone, whose parent's pop would end its work.
    ///
    /// A timer that re-arms itself — a tick whose answer asks for the next tick — never runs out, so a test of a
    /// screen alone cannot wait for it; this call ends it, as TCA's `await task.cancel()` does:
    ///
    /// ```swift
    /// let store = TestStore(initialState: MeetingRecording(meeting: meeting, stamp: stamp))
    /// store.send(.start)
    /// store.receiveEffect(.work(.transcribe))
    /// store.advance(by: .seconds(2), answering: .work(.tick), with: .timerTicked) { $0.secondsElapsed += 1 }
    /// store.cancelRemainingEffects()       // the transcription and the next tick: what the app's pop would end
    /// store.finish()
    /// ```
    ///
    /// These cancellations are the test's own, so none waits to be confirmed. In exhaustive mode every effect must
    /// have been received first, as before any event: one that was not is reported, then cancelled too.
    ///
    /// - Parameters:
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    /// - Returns: The effects that were in flight, oldest first, now cancelled.
    @discardableResult
    public func cancelRemainingEffects(
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [S.Effect] {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        let call = "cancelRemainingEffects()"
        guard acceptsCall(call, at: location) else { return [] }
        requireEffectsReceived(before: call, at: location)
        let cancelled = inFlight.map(\.effect)
        let confirmed = unconfirmed.count
        effectOrigin = "\(call) at \(Describing.location(location.filePath, location.line))"
        carryOut(scheduler.cancelAll())
        unconfirmed.removeSubrange(confirmed...)  // the test's own: nothing to confirm
        inFlight.removeAll()
        return cancelled
    }

    // MARK: - Time

    /// Moves ``clock`` forward by `duration`: the delayed, debounced and throttled effects that fall due start, and
    /// wait to be received.
    ///
    /// ```swift
    /// store.send(.queryChanged("swift")) { $0.query = "swift" }
    /// store.advance(by: .milliseconds(300))
    /// store.receiveEffect(.search("swift"))
    /// ```
    ///
    /// The same as `store.clock.advance(by:)`, except that failure messages name this call as the origin of the
    /// effects it started. Nothing sleeps: every timer due runs on this thread before the call returns.
    ///
    /// - Parameters:
    ///   - duration: How far to move the clock.
    ///   - fileID: The file (as `#fileID`) named as the origin of the effects started; the caller's by default.
    ///   - file: The file named as the origin of the effects started; the caller's by default.
    ///   - line: The line named as the origin of the effects started; the caller's by default.
    ///   - column: The column named as the origin of the effects started; the caller's by default.
    public func advance(
        by duration: EffectDuration, fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        guard acceptsCall("advance(by: \(duration))", at: location) else { return }
        let previous = timerOrigin
        timerOrigin = "advance(by: \(duration)) at \(Describing.location(location.filePath, location.line))"
        defer { timerOrigin = previous }
        clock.advance(by: duration)
    }

    /// Moves ``clock`` forward by `duration`, answering at once, with `event`, every `effect` that a timer starts
    /// on the way — as an effect handler that answers at once does in a ``/EffectStore/Store`` — so a timer that
    /// re-arms itself from its answer fires as often as it would in a real store.
    ///
    /// A test store performs no effect: the test answers each one. So when a delayed tick's answer asks for the next
    /// tick, the next tick is not scheduled until the test answers the first, and
    /// ``advance(by:fileID:file:line:column:)`` by three seconds leaves one tick of a one-second timer waiting to be
    /// received. This call is the rule for such timers: the test declares the answer up front, and the clock moves
    /// from timer to timer, handling each answer at the time its tick falls due, before the next timer fires:
    ///
    /// ```swift
    /// store.send(.start) { $0.isRunning = true }                  // Effect.tick.delayed(by: .seconds(1), id: …)
    /// store.advance(by: .seconds(3), answering: .tick, with: .tick) { $0.seconds += 1 }   // 3 ticks: seconds == 3
    /// store.send(.stop) { $0.isRunning = false }                  // cancels the fourth tick, still waiting
    /// store.finish()
    /// ```
    ///
    /// Each answer counts as the test receiving the tick and completing it with `event`
    /// (``receiveEffect(_:fileID:file:line:column:)`` then ``complete(_:with:fileID:file:line:column:assert:)``): its
    /// state change is checked with `assert`, applied once per answer to the state before it, and what it returns is
    /// carried out like any effect — a delayed one goes on the clock, and fires within this call if it falls due.
    /// Other effects that fall due wait to be received as with ``advance(by:fileID:file:line:column:)``; so do effects
    /// equal to `effect` that no timer started (an answer that asks for the tick with no delay). Without this call,
    /// the same test answers each tick itself:
    ///
    /// ```swift
    /// for second in 1...3 {
    ///     store.advance(by: .seconds(1))
    ///     store.receiveEffect(.tick)
    ///     store.complete(.tick, with: .tick) { $0.seconds = second }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How far to move the clock.
    ///   - effect: The effect to answer when a timer starts it, such as the tick a delayed plan carries.
    ///   - event: The event each such effect answers with.
    ///   - fileID: Where a failure points, and the origin named for the effects started; the caller's by default.
    ///   - file: See `fileID`.
    ///   - line: See `fileID`.
    ///   - column: See `fileID`.
    ///   - assert: Turns a copy of the state before each answer into the expected state after it, as in
    ///     ``send(_:fileID:file:line:column:assert:)``. Leave it out when an answer must not change the state (in
    ///     partial mode: when you do not want to check it). Runs synchronously on this thread, once per answer.
    /// - Returns: How many times `effect` was answered.
    @discardableResult
    public func advance(
        by duration: EffectDuration,
        answering effect: S.Effect,
        with event: S.Event,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        assert: ((inout S) -> Void)? = nil
    ) -> Int {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        let call = "advance(by: \(duration), answering: \(shown(effect: effect)), with: \(shown(event: event)))"
        guard acceptsCall(call, at: location) else { return 0 }
        let previousAnswer = standingAnswer
        let previousOrigin = timerOrigin
        standingAnswer = StandingAnswer(effect: effect, event: event, assert: assert, call: call, location: location)
        timerOrigin = "\(call) at \(Describing.location(location.filePath, location.line))"
        defer {
            standingAnswer = previousAnswer
            timerOrigin = previousOrigin
        }
        clock.advance(by: duration)
        return standingAnswer?.count ?? 0
    }

    /// The answer ``advance(by:answering:with:fileID:file:line:column:assert:)`` gives to the effects timers start.
    struct StandingAnswer {
        let effect: S.Effect
        let event: S.Event
        let assert: ((inout S) -> Void)?
        let call: String
        let location: TestSourceLocation
        /// How many effects it answered so far.
        var count = 0
    }

    /// Answers, one after the other, the effects a timer has just started that the standing answer names: each is
    /// received, its answer handled and the effect ended, as ``complete(_:with:fileID:file:line:column:assert:)``
    /// does.
    private func answerTimerEffects(startedFrom firstNew: Int) {
        guard let answer = standingAnswer else { return }
        var index = firstNew
        while index < unreceived.count {
            guard unreceived[index].effect == answer.effect else {
                index += 1
                continue
            }
            let captured = unreceived.remove(at: index)
            standingAnswer?.count += 1
            let call = "\(answer.call) (answer \(standingAnswer?.count ?? 0), at \(clock.elapsed))"
            handle(answer.event, call: call, assert: answer.assert, at: answer.location, of: captured.job, ending: true)
        }
    }

    // MARK: - Carrying out plans

    /// Tells the scheduler that an effect in flight has finished: completed with no answer, or its run finished.
    func end(_ captured: CapturedEffect, call: String, at location: TestSourceLocation) {
        guard let job = captured.job else { return }
        effectOrigin = "\(call) at \(Describing.location(location.filePath, location.line))"
        carryOut(scheduler.ended(job))
    }

    /// A timer set on ``clock`` has fired. On the thread that advances the clock: the test's.
    func timerFired(_ timer: UInt64) {
        guard timers.removeValue(forKey: timer) != nil else { return }
        exemptTimers.remove(timer)
        // A clock advanced after finish() would start effects no check sees: report it at the store's creation.
        guard acceptsCall("store.clock.advance(by:)", at: createdAt) else { return }
        let firstNew = unreceived.count
        effectOrigin = timerOrigin ?? "store.clock.advance(by:)"
        carryOut(scheduler.timerFired(timer))
        answerTimerEffects(startedFrom: firstNew)
    }

    /// In exhaustive mode, fails when a cancellation was not confirmed; then forgets them, so one omission is
    /// reported once.
    func requireCancellationsReceived(before call: String, at location: TestSourceLocation) {
        guard !unconfirmed.isEmpty else { return }
        let strict = unconfirmed.filter { !$0.isExempt }
        if exhaustivity == .exhaustive, let first = strict.first {
            let more = strict.count > 1 ? " (and \(strict.count - 1) more)" : ""
            reporter.report(
                """
                TestStore<\(S.self)>: \(call) was called while the cancellation of effect \
                \(shown(effect: first.captured.effect)) (from \(first.captured.origin), cancelled by \
                \(first.cancelledBy)) was not confirmed\(more).
                To fix, call `store.receiveCancellation(of: \(shown(effect: first.captured.effect)))` right after \
                the call that cancelled it, or create the store with `exhaustivity: .partial`.
                """,
                at: location)
        }
        unconfirmed.removeAll()
    }

    /// `"; it was cancelled by …"` when `effect` was cancelled, for a message about an effect not in flight.
    func describeCancellation(of effect: S.Effect) -> String {
        guard let cancellation = cancellations.last(where: { $0.captured.effect == effect }) else { return "" }
        return "; it was cancelled by \(cancellation.cancelledBy)"
    }
}

// The test store as the driver of its effects (EffectStore's `EffectDriver`, which runs its chains and carries out its
// scheduler's decisions, as it does a store's): it captures each effect for the test to receive and answer, keeps what
// was cancelled for the test to confirm, and sets timers on its clock. On the test's thread. Its side of the driver is
// `@usableFromInline`, as the protocol is (for the store's loop, which is inlined into its users).
extension TestStore: EffectDriver {
    @usableFromInline package func withScheduler<R>(_ body: (inout EffectScheduler<S.Effect>) -> R) -> R {
        body(&scheduler)
    }

    /// The effect, captured to wait to be received: the test performs it.
    @usableFromInline package func perform(_ effect: S.Effect) -> CapturedEffect? {
        CapturedEffect(effect: effect, origin: effectOrigin, isExempt: exhaustivity == .partial)
    }

    /// None: the test answers each effect.
    @usableFromInline package func eventToFollow(_: CapturedEffect) -> S.Event? { nil }

    @usableFromInline package func listen(to captured: CapturedEffect, job: UInt64) {
        var captured = captured
        captured.job = job
        unreceived.append(captured)
    }

    /// Takes a cancelled job out of the lists and keeps it for the test to confirm.
    @usableFromInline package func stop(_ job: UInt64) {
        let captured: CapturedEffect
        if let index = unreceived.firstIndex(where: { $0.job == job }) {
            captured = unreceived.remove(at: index)
        } else if let index = inFlight.firstIndex(where: { $0.job == job }) {
            captured = inFlight.remove(at: index)
        } else {
            return
        }
        let cancellation = Cancellation(
            captured: captured, cancelledBy: effectOrigin, isExempt: captured.isExempt || exhaustivity == .partial)
        unconfirmed.append(cancellation)
        cancellations.append(cancellation)
    }

    @usableFromInline package func startTimer(_ timer: UInt64, after delay: EffectDuration) {
        let target = TimerTarget(self)
        timers[timer] = clock.schedule(after: delay) { target.fire(timer) }
        if exhaustivity == .partial { exemptTimers.insert(timer) }
    }

    @usableFromInline package func cancelTimer(_ timer: UInt64) {
        timers.removeValue(forKey: timer)?()
        exemptTimers.remove(timer)
    }

    /// Nothing: a chain is a store's dispatch future, and a test store starts every effect with none.
    @usableFromInline package func finish(_: UInt64) {}
}

/// Lets a clock action, which must be `@Sendable`, reach the test store that set the timer.
final class TimerTarget<S: ChildState & Equatable>: @unchecked Sendable where S.Effect: Equatable {
    // Safe because: `store` is written once, in `init`; the action that reads it runs on the thread that advances
    // the test store's clock, which is the test's thread — the one thread a `TestStore` may be used from (documented
    // on `TestStore.clock`).
    private weak var store: TestStore<S>?

    init(_ store: TestStore<S>) { self.store = store }

    func fire(_ timer: UInt64) { store?.timerFired(timer) }
}
