import EffectStore

/// Collects the failures an assertion reports, instead of failing the test, so a test can check that a wrong
/// expectation fails, and with which message.
///
/// Pass its ``reporter`` to any assertion of this toolkit, or to one of your own built on ``TestFailureReporter``,
/// then read ``failures`` or ``messages``. This is how you test a custom assertion in XCTest, since
/// `XCTExpectFailure` does not exist on Linux (in Swift Testing, `withKnownIssue` does the same with the default
/// reporter):
///
/// ```swift
/// let failures = TestFailureCollector()
/// assertTrace(given: Counter(count: 0), [.when(.increment, then: Counter(count: 2))], reporter: failures.reporter)
/// XCTAssertEqual(failures.messages.count, 1)   // with the structural diff `.count: expected 2, actual 1`
/// ```
///
/// ## Threading
///
/// Safe to use from any thread: the reporter appends under a lock, and ``failures`` reads a snapshot under the same
/// lock. Failures are kept in the order they were reported.
public final class TestFailureCollector: Sendable {
    /// One reported failure: its message and the file and line it points at.
    ///
    /// ```swift
    /// let failure = try XCTUnwrap(failures.failures.first)
    /// XCTAssertEqual(failure.line, expectedLine)   // the caller's line, where the assertion was written
    /// ```
    public struct Failure: Sendable, Hashable {
        /// What failed, as the assertion wrote it.
        public let message: String
        /// The file the failure points at (the `#filePath` the assertion was given), as text.
        public let file: String
        /// The line the failure points at.
        public let line: UInt

        /// Creates a failure, for comparing with the ones collected.
        ///
        /// ```swift
        /// XCTAssertEqual(failures.failures, [.init(message: "…", file: #filePath, line: 12)])
        /// ```
        ///
        /// - Parameters:
        ///   - message: What failed.
        ///   - file: The file the failure points at.
        ///   - line: The line the failure points at.
        public init(message: String, file: String, line: UInt) {
            self.message = message
            self.file = file
            self.line = line
        }
    }

    private let collected = LockedBox<[Failure]>.make([])

    /// Creates an empty collector.
    ///
    /// ```swift
    /// let failures = TestFailureCollector()
    /// ```
    public init() {}

    /// A reporter that adds each failure to this collector instead of failing the test.
    ///
    /// ```swift
    /// let store = TestStore(initialState: Counter.idle(0), reporter: failures.reporter)
    /// store.send(.increment)   // changes the state without saying how: one failure, collected
    /// ```
    public var reporter: TestFailureReporter {
        let collected = self.collected
        return TestFailureReporter { message, file, line in
            collected.withLock { $0.append(Failure(message: message, file: "\(file)", line: line)) }
        }
    }

    /// The failures reported so far, oldest first.
    ///
    /// ```swift
    /// XCTAssertEqual(failures.failures.first?.line, 12)
    /// ```
    public var failures: [Failure] { collected.withLock { $0 } }

    /// The messages of the failures reported so far, oldest first.
    ///
    /// ```swift
    /// XCTAssertEqual(failures.messages, [])   // the assertion passed
    /// ```
    public var messages: [String] { failures.map(\.message) }
}
