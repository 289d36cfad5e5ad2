import Dispatch
import EffectStore

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
///   - reporter: Where failures go; `XCTFail` by default.
///   - file: Where a failure points; the caller's file by default.
///   - line: Where a failure points; the caller's line by default.
public func assertEffect<H: EffectHandler>(
    _ effect: H.S.Effect,
    on handler: H,
    produces expected: H.S.Event,
    within timeout: DispatchTimeInterval = .seconds(1),
    reporter: TestFailureReporter = .xcTest,
    file: StaticString = #filePath,
    line: UInt = #line
) where H.S.Event: Equatable {
    guard let actual = eventProduced(by: effect, on: handler, within: timeout, reporter: reporter,
                                     file: file, line: line)
    else { return }
    guard actual != expected else { return }
    reporter.report(
        """
        \(H.self) answered \(Describing.value(effect)) with a different event:
        \(StructuralDiff.describe(expected: expected, actual: actual))
        """,
        file: file, line: line)
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
///   - reporter: Where failures go; `XCTFail` by default. Called on the calling thread.
///   - file: Where a failure points; the caller's file by default.
///   - line: Where a failure points; the caller's line by default.
public func assertEffectProducesNoEvent<H: EffectHandler>(
    _ effect: H.S.Effect,
    on handler: H,
    reporter: TestFailureReporter = .xcTest,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    guard let future = handler.handle(effect: effect) else { return }
    var message = "\(H.self) returned a future for \(Describing.value(effect)), but the test expected no event"
    if future.isResolved, let event = future.wait(timeout: .never) {
        message += " (it answers \(Describing.value(event)))"
    }
    message += """
        .
        To fix, return nil from handle(effect:) for an effect with no answer, or assert the event with \
        `assertEffect(_:on:produces:)`.
        """
    reporter.report(message, file: file, line: line)
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
/// `timeout`. The handler runs on the calling thread; see ``assertEffect(_:on:produces:within:reporter:file:line:)``
/// for how the wait works.
///
/// - Parameters:
///   - effect: The effect to perform.
///   - handler: The effect handler under test.
///   - timeout: How long to wait for the future; one second by default.
///   - reporter: Where failures go; `XCTFail` by default. Called on the calling thread.
///   - file: Where a failure points; the caller's file by default.
///   - line: Where a failure points; the caller's line by default.
/// - Returns: The event, or `nil` after reporting a failure.
public func eventProduced<H: EffectHandler>(
    by effect: H.S.Effect,
    on handler: H,
    within timeout: DispatchTimeInterval = .seconds(1),
    reporter: TestFailureReporter = .xcTest,
    file: StaticString = #filePath,
    line: UInt = #line
) -> H.S.Event? {
    guard let future = handler.handle(effect: effect) else {
        reporter.report(
            """
            \(H.self) returned no future for \(Describing.value(effect)), so it produces no event.
            To fix, return a future of the answer from handle(effect:), or use `assertEffectProducesNoEvent` if \
            this effect has no answer.
            """,
            file: file, line: line)
        return nil
    }
    guard let event = future.wait(timeout: timeout) else {
        reporter.report(
            """
            \(H.self) did not answer \(Describing.value(effect)) within \(timeout.readable): its future is still \
            pending.
            To fix, make sure every path of handle(effect:) resolves the future it returns (check the fakes it \
            calls), or pass a longer `within:` if the work is legitimately slow.
            """,
            file: file, line: line)
        return nil
    }
    return event
}
