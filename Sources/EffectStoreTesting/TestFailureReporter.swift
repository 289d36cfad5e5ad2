import XCTest

/// Where the toolkit sends a failed expectation: to XCTest by default, or to a function of your choice.
///
/// Every assertion in EffectStoreTesting takes a `reporter`. The default, ``xcTest``, calls `XCTFail` with the
/// caller's file and line, so the failure shows up on the line of the test that made the wrong expectation.
/// Inject another reporter to collect failures instead — ``TestFailureCollector`` does that, and is how you test a
/// custom assertion built on this toolkit, since `XCTExpectFailure` does not exist on Linux:
///
/// ```swift
/// let failures = TestFailureCollector()
/// assertTrace(given: Counter(count: 0), [.when(.increment, then: Counter(count: 2))], reporter: failures.reporter)
/// // failures.messages has one message, with the structural diff `.count: expected 2, actual 1`
/// ```
///
/// ## Threading
///
/// The report function is called on the thread that runs the assertion (for a ``TestStore``, the test's thread;
/// for an effect handler check, the thread that called the check), synchronously, once per failure.
public struct TestFailureReporter: Sendable {
    private let body: @Sendable (_ message: String, _ file: StaticString, _ line: UInt) -> Void

    /// Creates a reporter that calls `report` for every failure.
    ///
    /// ```swift
    /// let printing = TestFailureReporter { message, file, line in print("\(file):\(line): \(message)") }
    /// ```
    ///
    /// - Parameter report: Called with the failure message and the file and line the failure points at. Runs
    ///   synchronously on the thread that runs the failing assertion.
    public init(_ report: @escaping @Sendable (_ message: String, _ file: StaticString, _ line: UInt) -> Void) {
        self.body = report
    }

    /// Reports one failure.
    ///
    /// ```swift
    /// reporter.report("TestStore<Counter>: something went wrong", file: file, line: line)
    /// ```
    ///
    /// - Parameters:
    ///   - message: What failed, and how to fix it when it is a misuse.
    ///   - file: The file the failure points at, usually the caller's `#filePath`.
    ///   - line: The line the failure points at, usually the caller's `#line`.
    public func report(_ message: String, file: StaticString, line: UInt) {
        body(message, file, line)
    }

    /// The default reporter: `XCTFail(message, file: file, line: line)`.
    ///
    /// ```swift
    /// assertTrace(given: state, steps, reporter: .xcTest)   // the same as leaving `reporter` out
    /// ```
    public static var xcTest: TestFailureReporter {
        TestFailureReporter { message, file, line in XCTFail(message, file: file, line: line) }
    }
}
