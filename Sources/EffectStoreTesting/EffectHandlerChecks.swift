import Dispatch
import EffectStore
import EffectStoreLogging

/// Runs a real ``/EffectStore/EffectHandler`` on one effect and asserts the event its future produces.
///
/// This tests the imperative shell on its own, with whatever fakes it talks to, and without a ``/EffectStore/Store``:
/// it calls ``/EffectStore/EffectHandler/handle(effect:)`` once, on the calling thread, and waits — at most `timeout` —
/// for the future to resolve. If the handler returns no future, or a future that does not resolve in time, or a
/// different event, the check fails with a message that says which.
///
/// ```swift
/// func test_downloadProcesses_answersWithTheServicesProcesses() {
///     let effects = ProcessEffects(service: FakeProcessService(processes: [ios]))
///     assertEffect(.downloadProcesses, on: effects, produces: .load(processes: [ios]))
/// }
/// ```
///
/// ## Threading
///
/// The handler runs on the calling thread. The future may resolve on any thread, including the main queue: when
/// the check runs on the main thread it keeps the main run loop turning while it waits, so a handler that answers
/// with `DispatchQueue.main.async` works. The reporter is called on the calling thread.
///
/// - Parameters:
///   - effect: The effect to perform.
///   - handler: The effect handler under test.
///   - expected: The event the handler's future must resolve with.
///   - timeout: How long to wait for the future; one second by default.
///   - reporter: Where failures go; the framework running the test by default (``TestFailureReporter/automatic``).
///   - fileID: Where a failure points; the caller's file ID by default.
///   - file: Where a failure points; the caller's file by default.
///   - line: Where a failure points; the caller's line by default.
///   - column: Where a failure points; the caller's column by default.
public func assertEffect<H: EffectHandler>(
    _ effect: H.HandledEffect,
    on handler: H,
    produces expected: H.HandledEvent,
    within timeout: DispatchTimeInterval = .seconds(1),
    reporter: TestFailureReporter = .automatic,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) where H.HandledEvent: Equatable {
    let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
    let answer = EffectCheck(effect: effect, handler: handler, location: location, reporter: reporter)
    answer.check(answer.wait(within: timeout), equals: expected)
}

/// Runs a real ``/EffectStore/EffectHandler`` on one effect and asserts that it produces no event: it returns `nil`.
///
/// ```swift
/// func test_trackScreen_isFireAndForget() {
///     assertEffectProducesNoEvent(.track("processes"), on: AnalyticsEffects(log: log))
///     XCTAssertEqual(log.entries, ["processes"])
/// }
/// ```
///
/// A handler that returns a future fails the check, even one that is already resolved: a ``/EffectStore/Store`` would
/// feed its event back.
///
/// - Parameters:
///   - effect: The effect to perform. The handler runs on the calling thread.
///   - handler: The effect handler under test.
///   - reporter: Where failures go; the framework running the test by default (``TestFailureReporter/automatic``). Called on the calling thread.
///   - fileID: Where a failure points; the caller's file ID by default.
///   - file: Where a failure points; the caller's file by default.
///   - line: Where a failure points; the caller's line by default.
///   - column: Where a failure points; the caller's column by default.
public func assertEffectProducesNoEvent<H: EffectHandler>(
    _ effect: H.HandledEffect,
    on handler: H,
    reporter: TestFailureReporter = .automatic,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
    guard let answer = handler.handle(effect: effect)?.effectAnswer else { return }
    // A run is not started here: only an answer that is there already is shown.
    let kind = answer.isRun ? "a run" : "a future"
    var message = "\(H.self) returned \(kind) for \(Describing.value(effect)), but the test expected no event"
    if !answer.isRun {
        let future = answer.firstEvent()
        if future.isResolved, let event = future.wait(timeout: .never) {
            message += " (it answers \(Describing.value(event)))"
        }
    }
    message += """
        .
        To fix, return nil from \(answeringMethod(of: handler)) for an effect with no answer, or assert the \
        event with `assertEffect(_:on:produces:)`.
        """
    reporter.report(message, at: location)
}

/// Runs a real ``/EffectStore/EffectHandler`` on one effect and returns the event its future produces, for events that
/// are not `Equatable` or need a closer look.
///
/// ```swift
/// let event = eventProduced(by: .downloadProcesses, on: effects)
/// guard case .load(let processes)? = event else { return XCTFail("expected .load, got \(String(describing: event))") }
/// XCTAssertEqual(processes.map(\.title), ["iOS"])
/// ```
///
/// Fails — and returns `nil` — when the handler returns no future or the future does not resolve within
/// `timeout`. The handler runs on the calling thread; see ``assertEffect(_:on:produces:within:reporter:fileID:file:line:column:)``
/// for how the wait works.
///
/// - Parameters:
///   - effect: The effect to perform.
///   - handler: The effect handler under test.
///   - timeout: How long to wait for the future; one second by default.
///   - reporter: Where failures go; the framework running the test by default (``TestFailureReporter/automatic``). Called on the calling thread.
///   - fileID: Where a failure points; the caller's file ID by default.
///   - file: Where a failure points; the caller's file by default.
///   - line: Where a failure points; the caller's line by default.
///   - column: Where a failure points; the caller's column by default.
/// - Returns: The event, or `nil` after reporting a failure.
public func eventProduced<H: EffectHandler>(
    by effect: H.HandledEffect,
    on handler: H,
    within timeout: DispatchTimeInterval = .seconds(1),
    reporter: TestFailureReporter = .automatic,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> H.HandledEvent? {
    let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
    return EffectCheck(effect: effect, handler: handler, location: location, reporter: reporter)
        .wait(within: timeout)
}

// MARK: - Awaiting the answer

/// Runs a real ``/EffectStore/EffectHandler`` on one effect and asserts the event its future produces, **awaiting** the
/// answer instead of blocking the calling thread: the form for Swift Testing and any `async` test.
///
/// Swift Testing runs tests in parallel on a few shared threads. The blocking
/// ``assertEffect(_:on:produces:within:reporter:fileID:file:line:column:)`` holds one of them while it waits, so a
/// handler that answers from a `Task` (a `Future { await … }`) may find no thread to run on until the wait times out.
/// This form suspends instead:
///
/// ```swift
/// @Test func save_answersSaved() async {
///     await assertEffect(.save(true), on: SaveEffects(), answers: .saved)
/// }
/// ```
///
/// It fails, with the same messages as the blocking form, when the handler returns no future, when the future does not
/// resolve within `timeout`, or when it resolves with a different event.
///
/// ## Threading
///
/// The handler runs on the calling task's thread; the future may resolve on any thread. The reporter is called on the
/// thread the task resumes on.
///
/// - Parameters:
///   - effect: The effect to perform.
///   - handler: The effect handler under test.
///   - expected: The event the handler's future must resolve with.
///   - timeout: How long to wait for the future; one second by default.
///   - reporter: Where failures go; the framework running the test by default.
///   - fileID: Where a failure points; the caller's file ID by default.
///   - file: Where a failure points; the caller's file by default.
///   - line: Where a failure points; the caller's line by default.
///   - column: Where a failure points; the caller's column by default.
public func assertEffect<H: EffectHandler>(
    _ effect: H.HandledEffect,
    on handler: H,
    answers expected: H.HandledEvent,
    within timeout: DispatchTimeInterval = .seconds(1),
    reporter: TestFailureReporter = .automatic,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) async where H.HandledEvent: Equatable {
    let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
    let answer = EffectCheck(effect: effect, handler: handler, location: location, reporter: reporter)
    answer.check(await answer.value(within: timeout), equals: expected)
}

/// Runs a real ``/EffectStore/EffectHandler`` on one effect and returns the event its future produces, **awaiting** it:
/// the form of ``eventProduced(by:on:within:reporter:fileID:file:line:column:)`` for Swift Testing and any `async`
/// test.
///
/// ```swift
/// @Test func download_answersWithTheServicesProcesses() async throws {
///     let event = try #require(await eventAnswering(.downloadProcesses, on: effects))
///     guard case .load(let processes) = event else { Issue.record("expected .load, got \(event)"); return }
///     #expect(processes.map(\.title) == ["iOS"])
/// }
/// ```
///
/// Fails — and returns `nil` — when the handler returns no future or the future does not resolve within `timeout`.
/// The handler runs on the calling task's thread; see ``assertEffect(_:on:answers:within:reporter:fileID:file:line:column:)``
/// for why a test that may run in parallel should await.
///
/// - Parameters:
///   - effect: The effect to perform.
///   - handler: The effect handler under test.
///   - timeout: How long to wait for the future; one second by default.
///   - reporter: Where failures go; the framework running the test by default.
///   - fileID: Where a failure points; the caller's file ID by default.
///   - file: Where a failure points; the caller's file by default.
///   - line: Where a failure points; the caller's line by default.
///   - column: Where a failure points; the caller's column by default.
/// - Returns: The event, or `nil` after reporting a failure.
public func eventAnswering<H: EffectHandler>(
    _ effect: H.HandledEffect,
    on handler: H,
    within timeout: DispatchTimeInterval = .seconds(1),
    reporter: TestFailureReporter = .automatic,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) async -> H.HandledEvent? {
    let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
    return await EffectCheck(effect: effect, handler: handler, location: location, reporter: reporter)
        .value(within: timeout)
}

/// One check of an effect handler: performs the effect once, then waits for or awaits its answer, and reports what
/// went wrong in the words both forms share.
private struct EffectCheck<H: EffectHandler> {
    let effect: H.HandledEffect
    let handler: H
    let location: TestSourceLocation
    let reporter: TestFailureReporter
    /// The handler's answer as a future of its (first) event, or `nil` when it returned none (already reported).
    let future: Future<H.HandledEvent>?

    init(effect: H.HandledEffect, handler: H, location: TestSourceLocation, reporter: TestFailureReporter) {
        self.effect = effect
        self.handler = handler
        self.location = location
        self.reporter = reporter
        self.future = handler.handle(effect: effect)?.effectAnswer.firstEvent()
        if future == nil {
            reporter.report(
                """
                \(H.self) returned no future for \(Describing.value(effect)), so it produces no event.
                To fix, return a future of the answer from \(answeringMethod(of: handler)), or use \
                `assertEffectProducesNoEvent` if this effect has no answer.
                """,
                at: location)
        }
    }

    /// Blocks the calling thread for the answer (see ``Future/wait(timeout:)``).
    func wait(within timeout: DispatchTimeInterval) -> H.HandledEvent? {
        guard let future else { return nil }
        return answered(future.wait(timeout: timeout), within: timeout, blocking: true)
    }

    /// Suspends for the answer: resumed by the future or by a timer on a global queue, whichever comes first.
    func value(within timeout: DispatchTimeInterval) async -> H.HandledEvent? {
        guard let future else { return nil }
        let event: H.HandledEvent? = await withCheckedContinuation { continuation in
            // The first of the future and the timer resumes the continuation, exactly once: the flag is taken under
            // the lock.
            let pending = LockedBox<Bool>.make(true)
            let resume: @Sendable (H.HandledEvent?) -> Void = { value in
                if pending.withLock({ (isPending: inout Bool) -> Bool in
                    defer { isPending = false }; return isPending
                }) {
                    continuation.resume(returning: value)
                }
            }
            future.onComplete { resume($0) }
            if timeout != .never {
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { resume(nil) }
            }
        }
        return answered(event, within: timeout, blocking: false)
    }

    /// The event, or `nil` after reporting that the future did not resolve in time.
    private func answered(_ event: H.HandledEvent?, within timeout: DispatchTimeInterval, blocking: Bool) -> H.HandledEvent? {
        if let event { return event }
        var message = """
            \(H.self) did not answer \(Describing.value(effect)) within \(timeout.readable): its future is still \
            pending.
            To fix, make sure every path of \(answeringMethod(of: handler)) resolves the future it returns (check \
            the fakes it calls), or pass a longer `within:` if the work is legitimately slow.
            """
        if blocking, TestFramework.current == .swiftTesting {
            message += """

                This check blocks its thread while it waits; under Swift Testing's parallel runner a handler that \
                answers from a Task may find no thread to run on. Await the answer instead: \
                `await assertEffect(_:on:answers:)` or `await eventAnswering(_:on:)`.
                """
        }
        reporter.report(message, at: location)
        return nil
    }

    /// Reports a different event than the one expected.
    func check(_ actual: H.HandledEvent?, equals expected: H.HandledEvent) where H.HandledEvent: Equatable {
        guard let actual, actual != expected else { return }
        reporter.report(
            """
            \(H.self) answered \(Describing.value(effect)) with a different event:
            \(StructuralDiff.describe(expected: expected, actual: actual))
            """,
            at: location)
    }
}

/// The method a handler's author wrote, for a message to name: `perform(_:)` for a
/// ``/EffectStore/PlannedEffectHandler``, `handle(effect:)` for any other handler.
///
/// - Parameter handler: The handler the check ran.
/// - Returns: The method's name, as a message writes it.
func answeringMethod<H: EffectHandler>(of handler: H) -> String {
    handler is any PlannedEffectHandler ? "perform(_:)" : "handle(effect:)"
}
