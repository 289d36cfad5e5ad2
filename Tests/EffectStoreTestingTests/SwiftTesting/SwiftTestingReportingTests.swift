import Dispatch
import EffectStore
import EffectStoreSessions
import EffectStoreTesting
import Foundation
import Testing

// Every assertion of EffectStoreTesting, run inside Swift Testing with the default reporter: a wrong expectation
// records an issue, and a right one records none (any issue would fail the test). The issues a wrong expectation
// records are captured (`recordedIssues`, under each suite's `.capturingIssues`) and checked here — their message
// and the line they point at — instead of reported: `withKnownIssue` would print each as a failure message.

/// The counter of a new user's first test: saving after every increment.
private enum SavingCounter: State, Equatable, Codable {
    case idle(Int)
    case saving(Int)

    enum Event: Sendable, Equatable, Codable { case increment, saved }
    enum Effect: Sendable, Equatable, Codable { case save(Int) }

    static var initialState: SavingCounter { .idle(0) }

    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.idle(let count), .increment):
            self = .saving(count + 1)
            return .save(count + 1)
        case (.saving(let count), .saved):
            self = .idle(count)
            return nil
        default:
            return nil
        }
    }
}

/// Answers every save from a `Task`, as a handler built on Swift concurrency does: the answer needs a thread of the
/// shared pool.
private final class SaveEffects: EffectHandler {
    func handle(effect: SavingCounter.Effect) -> Future<SavingCounter.Event>? { Future { .saved } }
}

/// Answers every save from a dispatch queue: no thread of Swift's shared pool is needed, so the blocking checks are
/// safe with it under Swift Testing's parallel runner.
private final class QueueSaveEffects: EffectHandler {
    func handle(effect: SavingCounter.Effect) -> Future<SavingCounter.Event>? {
        Future { resolve in DispatchQueue.global().async { resolve(.saved) } }
    }
}

/// Returns no future, or one that never resolves.
private final class SilentSaveEffects: EffectHandler {
    let answers: Bool
    private let unresolved = Promise<SavingCounter.Event>()
    init(answers: Bool) { self.answers = answers }
    func handle(effect: SavingCounter.Effect) -> Future<SavingCounter.Event>? { answers ? unresolved.future : nil }
}

/// Runs `body`, which must record at least one issue, and every issue it records must carry `fragment` in its
/// message and point at `line` of this file. The issues are captured, not reported.
private func expectIssue(
    containing fragment: String, atLine line: Int, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () -> Void
) {
    expectIssues(recordedIssues(body), containing: fragment, atLine: line, sourceLocation: sourceLocation)
}

/// The async form of ``expectIssue(containing:atLine:sourceLocation:_:)``.
private func expectIssue(
    containing fragment: String, atLine line: Int, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async -> Void
) async {
    expectIssues(await recordedIssues(body), containing: fragment, atLine: line, sourceLocation: sourceLocation)
}

/// Runs each call, which must record an issue carrying its message at its line.
private func expectEachCallRecorded(
    _ calls: [(message: String, line: Int, call: () -> Void)], sourceLocation: SourceLocation = #_sourceLocation
) {
    for (message, line, call) in calls {
        expectIssues(recordedIssues(call), containing: message, atLine: line, sourceLocation: sourceLocation)
    }
}

/// At least one issue, each with `fragment` in its message and pointing at `line` of this file.
private func expectIssues(
    _ issues: [Issue], containing fragment: String, atLine line: Int, sourceLocation: SourceLocation
) {
    #expect(!issues.isEmpty, "no issue was recorded", sourceLocation: sourceLocation)
    for issue in issues {
        #expect(
            issue.comments.contains { $0.rawValue.contains(fragment) }
                && issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileName == "SwiftTestingReportingTests.swift",
            "an issue other than the one expected: \(issue)", sourceLocation: sourceLocation)
    }
}

@Suite("TestStore reports to Swift Testing", .capturingIssues)
struct TestStoreSwiftTestingTests {
    @Test func aRightTest_recordsNoIssue() {
        let store = TestStore(initialState: SavingCounter.idle(0))
        store.send(.increment) { $0 = .saving(1) }
        store.receiveEffect(.save(1))
        store.complete(.save(1), with: .saved) { $0 = .idle(1) }
        store.finish()
    }

    @Test func aWrongState_isRecorded_withItsDiff() {
        let line = #line + 3
        expectIssue(containing: ".saving: expected 99, actual 1", atLine: line) {
            let store = TestStore(initialState: SavingCounter.idle(0), exhaustivity: .partial)
            store.send(.increment) { $0 = .saving(99) }
        }
    }

    @Test func anUnassertedChange_isRecorded() {
        let line = #line + 3
        expectIssue(containing: "changed the state, but the test did not say how", atLine: line) {
            let store = TestStore(initialState: SavingCounter.idle(0))
            store.send(.increment)
            store.receiveEffect(.save(1))
            store.complete(.save(1), with: .saved) { $0 = .idle(1) }
            store.finish()
        }
    }

    @Test func aForgottenEffect_isRecordedAtFinish() {
        let line = #line + 4
        expectIssue(containing: "not received: .save(1)", atLine: line) {
            let store = TestStore(initialState: SavingCounter.idle(0))
            store.send(.increment) { $0 = .saving(1) }
            store.finish()
        }
    }

    @Test func aStoreReleasedWithoutFinish_isRecordedWhereItWasCreated() {
        let line = #line + 2
        expectIssue(containing: "was released without finish()", atLine: line) {
            let store = TestStore(initialState: SavingCounter.idle(0))
            store.send(.increment) { $0 = .saving(1) }
        }
    }

    @Test func aWrongEffect_isRecorded() {
        let line = #line + 4
        expectIssue(containing: "expected to receive effect .save(2)", atLine: line) {
            let store = TestStore(initialState: SavingCounter.idle(0), exhaustivity: .partial)
            store.send(.increment) { $0 = .saving(1) }
            store.receiveEffect(.save(2))
        }
    }

    @Test func aPredicateThatMatchesNothing_isRecorded() {
        let line = #line + 4
        expectIssue(containing: "an effect that the predicate accepts", atLine: line) {
            let store = TestStore(initialState: SavingCounter.idle(0), exhaustivity: .partial)
            store.send(.increment) { $0 = .saving(1) }
            store.receiveEffect(where: { $0 == .save(5) })
        }
    }

    @Test func anExtractionThatMatchesNothing_isRecorded() {
        let line = #line + 3
        expectIssue(containing: "an effect from which the closure given takes a value", atLine: line) {
            let store = TestStore(initialState: SavingCounter.idle(0), exhaustivity: .partial)
            store.receiveEffect { if case .save(let count) = $0 { count } else { nil } }
        }
    }

    @Test func completingAnEffectNotInFlight_isRecorded() {
        let line = #line + 3
        expectIssue(containing: ".save(1) is not in flight", atLine: line) {
            let store = TestStore(initialState: SavingCounter.idle(0), exhaustivity: .partial)
            store.complete(.save(1), with: .saved)
        }
    }

    @Test func completingWithoutAnswerAnEffectNotInFlight_isRecorded() {
        let line = #line + 3
        expectIssue(containing: ".save(1) is not in flight", atLine: line) {
            let store = TestStore(initialState: SavingCounter.idle(0), exhaustivity: .partial)
            store.complete(.save(1))
        }
    }

    @Test func aRunEventFromAnEffectNotInFlight_isRecorded() {
        let line = #line + 3
        expectIssue(containing: ".work(.ticks) is not in flight", atLine: line) {
            let store = TestStore(initialState: Stopwatch(), exhaustivity: .partial)
            store.send(.tick, from: .work(.ticks)) { $0.seconds = 1 }
        }
    }

    @Test func anUnconfirmedCancellation_isRecorded() {
        let line = #line + 6
        expectIssue(containing: "the cancellation of effect .work(.ticks)", atLine: line) {
            let store = TestStore(initialState: Stopwatch())
            store.send(.start) { $0.isRunning = true }
            store.receiveEffect(.work(.ticks))
            store.send(.stop) { $0.isRunning = false }
            store.send(.start) { $0.isRunning = true }
            store.receiveEffect(.work(.ticks))
            store.complete(.work(.ticks))
            store.finish()
        }
    }

    @Test func aCancellationThatDidNotHappen_isRecorded() {
        let line = #line + 3
        expectIssue(containing: "expected the cancellation of effect .work(.ticks)", atLine: line) {
            let store = TestStore(initialState: Stopwatch(), exhaustivity: .partial)
            store.receiveCancellation(of: .work(.ticks))
        }
    }

    @Test func aTimerLeftPending_isRecordedAtFinish() {
        let line = #line + 4
        expectIssue(containing: "timer(s) still pending on store.clock", atLine: line) {
            let store = TestStore(initialState: Search())
            store.send(.queryChanged("swift")) { $0.query = "swift" }
            store.finish()
        }
    }

    @Test func everyCallAfterFinish_isRecorded_andIgnored() {
        let store = TestStore(initialState: SavingCounter.idle(0))
        store.finish()
        let calls: [(String, Int, () -> Void)] = [
            ("send(.increment) was called after finish()", #line, { store.send(.increment) }),
            ("receiveEffect(.save(1)) was called after finish()", #line, { store.receiveEffect(.save(1)) }),
            ("complete(.save(1), with: .saved) was called after finish()", #line + 1,
             { store.complete(.save(1), with: .saved) }),
            ("complete(.save(1)) was called after finish()", #line, { store.complete(.save(1)) }),
            ("finish() was called after finish()", #line, { store.finish() }),
        ]
        expectEachCallRecorded(calls)
        #expect(store.state == .idle(0))
        #expect(store.transitions.isEmpty)
    }

    @Test func planCallsAfterFinish_areRecorded() {
        let store = TestStore(initialState: Stopwatch(), exhaustivity: .partial)
        store.finish()
        let calls: [(String, Int, () -> Void)] = [
            ("send(.tick, from: .work(.ticks)) was called after finish()", #line, { store.send(.tick, from: .work(.ticks)) }),
            ("receiveEffect(where:) was called after finish()", #line, { store.receiveEffect(where: { _ in true }) }),
            ("receiveEffect(extracting:) was called after finish()", #line + 1,
             { store.receiveEffect { $0.plan } }),
            ("receiveCancellation(of: .work(.ticks)) was called after finish()", #line + 1,
             { store.receiveCancellation(of: .work(.ticks)) }),
            ("advance(by: 1000 ms) was called after finish()", #line, { store.advance(by: .seconds(1)) }),
        ]
        expectEachCallRecorded(calls)
    }

    @Test func aTimerFiringAfterFinish_isRecorded_andStartsNothing() {
        let line = #line + 1
        let store = TestStore(initialState: Search(), exhaustivity: .partial)
        store.send(.queryChanged("swift")) { $0.query = "swift" }
        store.finish()
        expectIssue(containing: "store.clock.advance(by:) was called after finish()", atLine: line) {
            store.clock.advance(by: .seconds(1))
        }
        #expect(store.unreceivedEffects.isEmpty)
    }
}

@Suite("Trace specs, effect handler checks, the explorer and replays report to Swift Testing", .capturingIssues)
struct AssertionsSwiftTestingTests {
    @Test func aRightTrace_recordsNoIssue() {
        assertTrace(given: SavingCounter.idle(0), [.when(.increment, then: .saving(1), effect: .save(1))])
    }

    @Test func aWrongTrace_isRecordedAtTheStep() {
        let line = #line + 2
        expectIssue(containing: "Trace step 1 of 1", atLine: line) {
            assertTrace(given: SavingCounter.idle(0), [.when(.increment, then: .idle(5), effect: .save(1))])
        }
    }

    @Test func aWrongPerformedEffect_isRecordedAtTheStep() {
        let line = #line + 3
        expectIssue(containing: "the effects started differ", atLine: line) {
            assertTrace(given: Stopwatch(), [
                .when(.start, then: Stopwatch(seconds: 0, isRunning: true), performing: [])
            ])
        }
    }

    @Test func aRightAnswer_blocking_recordsNoIssue() {
        assertEffect(.save(1), on: QueueSaveEffects(), produces: .saved, within: .seconds(10))
    }

    @Test func aWrongAnswer_isRecorded() async {
        let line = #line + 2
        await expectIssue(containing: "answered .save(1) with a different event", atLine: line) {
            await assertEffect(.save(1), on: SaveEffects(), answers: .increment, within: .seconds(10))
        }
    }

    @Test func aWrongAnswer_blocking_isRecorded() {
        let line = #line + 2
        expectIssue(containing: "answered .save(1) with a different event", atLine: line) {
            assertEffect(.save(1), on: QueueSaveEffects(), produces: .increment, within: .seconds(10))
        }
    }

    @Test func noFuture_isRecorded() async {
        let line = #line + 2
        await expectIssue(containing: "returned no future for .save(1)", atLine: line) {
            await assertEffect(.save(1), on: SilentSaveEffects(answers: false), answers: .saved)
        }
        let blockingLine = #line + 2
        expectIssue(containing: "returned no future for .save(1)", atLine: blockingLine) {
            _ = eventProduced(by: .save(1), on: SilentSaveEffects(answers: false))
        }
    }

    @Test func aFutureThatNeverResolves_isRecordedWithinTheBound() async {
        let line = #line + 2
        await expectIssue(containing: "did not answer .save(1) within 50 ms", atLine: line) {
            let event = await eventAnswering(.save(1), on: SilentSaveEffects(answers: true), within: .milliseconds(50))
            #expect(event == nil)
        }
    }

    @Test func aFutureThatNeverResolves_blocking_saysToAwait() {
        let line = #line + 2
        expectIssue(containing: "Await the answer instead", atLine: line) {
            assertEffect(.save(1), on: SilentSaveEffects(answers: true), produces: .saved, within: .milliseconds(50))
        }
    }

    @Test func aFutureWhereNoneWasExpected_isRecorded() {
        let line = #line + 2
        expectIssue(containing: "but the test expected no event", atLine: line) {
            assertEffectProducesNoEvent(.save(1), on: QueueSaveEffects())
        }
    }

    @Test func anAwaitedAnswer_isReturned() async {
        let event = await eventAnswering(.save(1), on: SaveEffects(), within: .seconds(10))
        #expect(event == .saved)
    }

    /// Many awaited checks at once, each answered from a `Task`: none waits for a thread another check holds.
    @Test func manyAwaitedChecksInParallel_allPass() async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask { await assertEffect(.save(1), on: SaveEffects(), answers: .saved, within: .seconds(10)) }
            }
        }
    }

    @Test func anInvariantViolation_isRecorded() {
        let exploration = StateExplorer(initialState: Door())
            .invariant("a locked door is closed") { !($0.isLocked && $0.isOpen) }
            .explore()
        let line = #line + 2
        expectIssue(containing: "a locked door is closed", atLine: line) {
            exploration.assertNoViolations()
        }
    }

    @Test func anEffectOrderFailure_isRecorded_withItsSchedule() {
        let exploration = StateExplorer(initialState: DoubleSubmit(), events: [.submitTapped, .submitTapped])
            .invariant("one order per checkout") { $0.orders <= 1 }
            .answering { _ in [.later(.orderPlaced)] }
            .exploreEffectOrders()
        let line = #line + 2
        expectIssue(containing: "Effect order \"e0 e1 a0.0 a1.0\" breaks \"one order per checkout\"", atLine: line) {
            exploration.assertNoFailure()
        }
    }

    @Test func anExplorationABoundCut_isRecorded_unlessAccepted() {
        let exploration = StateExplorer(initialState: RearmedTimer(), events: [.start, .stop])
            .answering { _ in [.later(.ticked)] }
            .exploreEffectOrders(bounds: EffectOrderBounds(depth: 5))
        let line = #line + 2
        expectIssue(containing: "passed only within its bounds: the depth bound cut 2 schedules", atLine: line) {
            exploration.assertNoFailure()
        }
        exploration.assertNoFailure(accepting: [.depth])
    }

    @Test func anEffectWithNoAnswer_isRecorded_namingIt() {
        let exploration = StateExplorer(initialState: SaveAfterDismiss(), events: [.saveTapped])
            .answering { _ in [] }
            .exploreEffectOrders()
        let line = #line + 2
        expectIssue(containing: "breaks \"every effect has an answer\": .work(.save) was performed", atLine: line) {
            exploration.assertNoFailure()
        }
    }

    @Test func anInvariantAtRest_andAnEventuallyProperty_areRecorded() {
        let explorer = StateExplorer(initialState: StaleSearch(), events: [.typed("a"), .typed("ab")])
            .answering { effect in
                guard case .work(.search(let query)) = effect else { return [] }
                return [.later(.answered(query: query, results: [])), .finishes]
            }
        let atRest = explorer.invariantAtRest("at rest, the results are the query's") { $0.resultsQuery == $0.query }
            .exploreEffectOrders()
        let line = #line + 2
        expectIssue(containing: "breaks \"at rest, the results are the query's\": nothing is in flight", atLine: line) {
            atRest.assertNoFailure()
        }
        let eventually = explorer.eventually("the spinner stops") { !$0.isSearching }.exploreEffectOrders()
        let endLine = #line + 2
        expectIssue(containing: "breaks \"the spinner stops\": the schedule ended", atLine: endLine) {
            eventually.assertNoFailure()
        }
    }

    @Test func aDivergentReplay_isRecorded() {
        let store = Store<Counter>(initialState: Counter(count: 0), effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store)
        store.dispatch(event: .increment)
        _ = store.waitUntilSettled(timeout: .seconds(10))
        var session = recorder.log
        session.entries[0].state?.count = 7
        let line = #line + 2
        expectIssue(containing: "diverges at entry 1", atLine: line) {
            assertReplayMatchesRecording(session)
        }
        let missing = URL(fileURLWithPath: "/nonexistent/session.json")
        let readLine = #line + 2
        expectIssue(containing: "Could not read a recorded", atLine: readLine) {
            assertReplayMatchesRecording(ofSessionAt: missing, as: SavingCounter.self)
        }
    }

    @Test func theSwiftTestingReporter_recordsAnIssue_andACustomOneGetsTheWholeLocation() {
        let line = #line + 2
        expectIssue(containing: "chosen explicitly", atLine: line) {
            TestFailureReporter.swiftTesting.report("chosen explicitly", at: TestSourceLocation())
        }
        let seen = LockedBox<TestSourceLocation?>.make(nil)
        let reporter = TestFailureReporter(reportingAt: { _, location in seen.withLock { $0 = location } })
        assertTrace(given: SavingCounter.idle(0), [.when(.increment, then: .idle(5))], reporter: reporter)
        let expectedLine = UInt(#line - 1)
        let location = seen.withLock { $0 }
        #expect(location?.line == expectedLine)
        #expect("\(location?.fileID ?? "")" == "EffectStoreTestingTests/SwiftTestingReportingTests.swift")
        #expect(location?.column == 57)  // the column Swift gives the `.when` call's default arguments
    }
}
