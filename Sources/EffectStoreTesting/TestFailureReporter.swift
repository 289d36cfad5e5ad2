import Foundation
import XCTest

#if canImport(Testing)
    import Testing
#endif

/// Where the toolkit sends a failed expectation: to the test framework running the test by default, or to a function
/// of your choice.
///
/// Every assertion in EffectStoreTesting takes a `reporter`. The default, ``automatic``, records the failure with the
/// framework that runs the test — an issue in a Swift Testing `@Test`, an `XCTFail` in an `XCTestCase` — at the
/// caller's file, line and column, so the failure shows up on the line of the test that made the wrong expectation.
/// See <doc:EffectStoreTesting#Failures-reach-the-framework-that-runs-the-test> for the rule, including what happens
/// outside any test.
///
/// Inject another reporter to collect failures instead — ``TestFailureCollector`` does that, and is how you test a
/// custom assertion built on this toolkit with XCTest, since `XCTExpectFailure` does not exist on Linux:
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
    private let body: @Sendable (_ message: String, _ location: TestSourceLocation) -> Void

    /// Creates a reporter that calls `report` for every failure, with the file path and line it points at.
    ///
    /// ```swift
    /// let printing = TestFailureReporter { message, file, line in print("\(file):\(line): \(message)") }
    /// ```
    ///
    /// - Parameter report: Called with the failure message and the file and line the failure points at. Runs
    ///   synchronously on the thread that runs the failing assertion.
    public init(_ report: @escaping @Sendable (_ message: String, _ file: StaticString, _ line: UInt) -> Void) {
        self.body = { message, location in report(message, location.filePath, location.line) }
    }

    /// Creates a reporter that calls `report` for every failure, with the whole ``TestSourceLocation`` it points at.
    ///
    /// ```swift
    /// let printing = TestFailureReporter(reportingAt: { message, location in print("\(location): \(message)") })
    /// ```
    ///
    /// - Parameter report: Called with the failure message and its location. Runs synchronously on the thread that
    ///   runs the failing assertion.
    public init(reportingAt report: @escaping @Sendable (_ message: String, _ location: TestSourceLocation) -> Void) {
        self.body = report
    }

    /// Reports one failure at a file path and line.
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
        body(message, TestSourceLocation(filePath: file, line: line))
    }

    /// Reports one failure at a location.
    ///
    /// ```swift
    /// reporter.report("TestStore<Counter>: something went wrong", at: TestSourceLocation())
    /// ```
    ///
    /// - Parameters:
    ///   - message: What failed, and how to fix it when it is a misuse.
    ///   - location: Where the failure points, usually the caller's `#fileID`, `#filePath`, `#line` and `#column`.
    public func report(_ message: String, at location: TestSourceLocation) {
        body(message, location)
    }

    /// The default reporter: records the failure with the framework that runs the test.
    ///
    /// - Inside a Swift Testing test (or anywhere in a Swift Testing run), it records an issue
    ///   (`Issue.record(_:sourceLocation:)`) at the failure's file ID, path, line and column.
    /// - In an XCTest run, it calls `XCTFail(message, file:line:)`.
    /// - In a process that runs neither — a plain executable or a script — it stops the process with the message and
    ///   the location, so a wrong expectation is never silently lost. Pass another reporter (a
    ///   ``TestFailureCollector``'s, or your own) to do otherwise there.
    ///
    /// ```swift
    /// assertTrace(given: state, steps, reporter: .automatic)   // the same as leaving `reporter` out
    /// ```
    public static var automatic: TestFailureReporter {
        TestFailureReporter(reportingAt: { message, location in
            TestFramework.current.record(message, at: location)
        })
    }

    /// Always `XCTFail(message, file: file, line: line)`, whichever framework runs the test.
    ///
    /// Outside a running XCTest test case XCTest ignores the failure; prefer ``automatic``.
    ///
    /// ```swift
    /// assertTrace(given: state, steps, reporter: .xcTest)
    /// ```
    public static var xcTest: TestFailureReporter {
        TestFailureReporter(reportingAt: { message, location in TestFramework.xcTest.record(message, at: location) })
    }

    /// Always a Swift Testing issue (`Issue.record`), whichever framework runs the test.
    ///
    /// Use it only in a Swift Testing run: elsewhere Swift Testing has nowhere to record the issue. Where the
    /// `Testing` module does not exist, it stops the process with the message, as ``automatic`` does outside any
    /// framework.
    ///
    /// ```swift
    /// assertTrace(given: state, steps, reporter: .swiftTesting)
    /// ```
    public static var swiftTesting: TestFailureReporter {
        TestFailureReporter(reportingAt: { message, location in
            TestFramework.swiftTesting.record(message, at: location)
        })
    }
}

/// The test framework a failure goes to, and how it is recorded there.
enum TestFramework: Equatable, Sendable {
    case swiftTesting
    case xcTest
    /// A process that runs neither: a plain executable or a script.
    case none

    /// The framework running the calling code: Swift Testing inside a `@Test` (the task-local current test) or in a
    /// Swift Testing run, XCTest in an XCTest process, else none.
    static var current: TestFramework {
        detect(insideSwiftTestingTest: isInsideSwiftTestingTest, process: .current)
    }

    /// The decision, as a pure function of what the process shows, so it is tested data in, data out.
    static func detect(insideSwiftTestingTest: Bool, process: TestProcess) -> TestFramework {
        if insideSwiftTestingTest { return .swiftTesting }
        let arguments = process.arguments
        // `swift test` runs the Swift Testing pass as `<tests> --testing-library swift-testing`: outside a test (a
        // detached thread, a late callback) an issue is still recorded there, and fails the run.
        for (flag, value) in zip(arguments, arguments.dropFirst()) where flag == "--testing-library" {
            if value == "swift-testing" { return .swiftTesting }
        }
        let xcTestVariables = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
        if xcTestVariables.contains(where: { process.environment[$0] != nil }) { return .xcTest }
        // Linux runs the `.xctest` bundle as an executable; Darwin runs bundles with the `xctest` tool.
        if let program = arguments.first.map({ URL(fileURLWithPath: $0) }),
            program.pathExtension == "xctest" || program.lastPathComponent == "xctest"
        {
            return .xcTest
        }
        return .none
    }

    private static var isInsideSwiftTestingTest: Bool {
        #if canImport(Testing)
            Test.current != nil
        #else
            false
        #endif
    }

    /// Records one failure with this framework.
    func record(_ message: String, at location: TestSourceLocation) {
        switch self {
        case .xcTest:
            XCTFail(message, file: location.filePath, line: location.line)
        case .swiftTesting:
            #if canImport(Testing)
                let (fileID, column) = location.consistentFileID
                let sourceLocation = SourceLocation(
                    fileID: fileID, filePath: "\(location.filePath)", line: Int(location.line), column: Int(column))
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            #else
                stopOutsideTestFrameworks(
                    message + "\n(The Swift Testing reporter was chosen, but the Testing module does not exist here.)",
                    at: location)
            #endif
        case .none:
            stopOutsideTestFrameworks(message, at: location)
        }
    }
}

/// What the process shows about the framework running it: its arguments and environment.
struct TestProcess: Sendable {
    var arguments: [String]
    var environment: [String: String]

    /// This process, read once.
    static let current = TestProcess(
        arguments: ProcessInfo.processInfo.arguments, environment: ProcessInfo.processInfo.environment)
}

/// A failed expectation outside XCTest and Swift Testing: stop the process, saying what failed and where, rather than
/// lose it.
func stopOutsideTestFrameworks(_ message: String, at location: TestSourceLocation) -> Never {
    fatalError(
        """
        EffectStoreTesting: a failed expectation outside XCTest and Swift Testing stops the process.
        \(message)
        To go on instead, pass an assertion another `reporter:` (for example a `TestFailureCollector`'s).
        """,
        file: location.filePath, line: location.line)
}
