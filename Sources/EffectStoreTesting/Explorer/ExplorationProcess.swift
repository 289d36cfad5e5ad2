import XCTest

/// Where ``StateExplorer/exploreEffectOrders(bounds:strategy:in:)`` runs the feature's code: in this process, or in
/// child processes, so that a crash in `handle(event:)` is a failure of the exploration instead of the end of the test
/// run.
///
/// ```swift
/// // XCTest
/// func test_rows_surviveEveryOrder() {
///     rowsExplorer.exploreEffectOrders(in: .childProcess(of: self)).assertNoFailure()
/// }
///
/// // Swift Testing
/// @Test func rowsSurviveEveryOrder() {
///     rowsExplorer.exploreEffectOrders(in: .childProcess()).assertNoFailure()
/// }
/// ```
///
/// In a child process, the test binary runs the calling test again, alone, and the exploration runs there: before
/// each step it writes the schedule it is about to take to its output. When the child crashes, the last schedule
/// written is the one that crashed: the exploration reports it as the failure "no crash", shrinks it by replaying
/// shorter schedules, each in a new child process, and hands back the shortest that still crashes, with its steps and
/// a `TestStore` test, as for any failure (see <doc:ExploringEffectOrders#Crashes>).
///
/// Each child runs the test from its start, so everything the test does before it explores runs in each child too.
/// Explore in a child process once per test, in a plain test method or `@Test` function (not a parameterized one):
/// an exploration whose child meets another one first fails, and says so.
public struct ExplorationProcess: Sendable {
    /// The test a child process runs, or `nil` for this process.
    let child: ChildTest?
    /// The longest a child process may run, in seconds.
    let timeout: Double
    /// The most child processes started.
    let maxRuns: Int
    /// Where the exploration was asked for, `fileID:line`: the child explores only there.
    let site: String

    /// This process: the default. A crash in `handle(event:)` ends the test run.
    ///
    /// ```swift
    /// explorer.exploreEffectOrders(in: .thisProcess)   // the same as leaving `in` out
    /// ```
    public static var thisProcess: ExplorationProcess {
        ExplorationProcess(child: nil, timeout: 0, maxRuns: 0, site: "")
    }

    /// Child processes that run the XCTest test `method` of `testCase` again: for an exploration in an XCTest test.
    ///
    /// ```swift
    /// func test_rows_surviveEveryOrder() {
    ///     rowsExplorer.exploreEffectOrders(in: .childProcess(of: self)).assertNoFailure()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - testCase: The calling test case, `self`.
    ///   - method: The calling test method, `#function` by default. It must be the test method itself.
    ///   - timeout: The longest one child process may run, in seconds; 60 by default. An exploration's child that runs
    ///     longer is stopped and the exploration fails; a replay's child that does is taken not to crash.
    ///   - maxRuns: The most child processes started, the exploration's and the replays that shrink a crash; 30 by
    ///     default. Shrinking stops when they are used up, with the shortest crashing schedule found so far.
    ///   - fileID: The caller's file ID by default: with `line`, which exploration the child runs.
    ///   - line: The caller's line by default.
    /// - Returns: Where to explore.
    public static func childProcess(
        of testCase: XCTestCase, method: String = #function, timeout: Double = 60, maxRuns: Int = 30,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> ExplorationProcess {
        ExplorationProcess(
            child: .xcTest(testCase, method: method), timeout: timeout, maxRuns: max(maxRuns, 1),
            site: "\(fileID):\(line)")
    }

    /// Child processes that run the Swift Testing test running now again: for an exploration in a `@Test` function.
    ///
    /// ```swift
    /// @Test func rowsSurviveEveryOrder() {
    ///     rowsExplorer.exploreEffectOrders(in: .childProcess()).assertNoFailure()
    /// }
    /// ```
    ///
    /// The child runs the test binary's Swift Testing pass with a filter that selects this test alone, as
    /// `swift test` runs it on Linux. Calling this outside a Swift Testing test is a programmer error: it stops the
    /// process with a message that says what to use instead.
    ///
    /// - Parameters:
    ///   - timeout: The longest one child process may run, in seconds; 60 by default. An exploration's child that runs
    ///     longer is stopped and the exploration fails; a replay's child that does is taken not to crash.
    ///   - maxRuns: The most child processes started, the exploration's and the replays that shrink a crash; 30 by
    ///     default. Shrinking stops when they are used up, with the shortest crashing schedule found so far.
    ///   - fileID: The caller's file ID by default: with `line`, which exploration the child runs.
    ///   - line: The caller's line by default.
    /// - Returns: Where to explore.
    public static func childProcess(
        timeout: Double = 60, maxRuns: Int = 30, fileID: StaticString = #fileID, line: UInt = #line
    ) -> ExplorationProcess {
        guard let test = ChildTest.currentSwiftTestingTest else {
            fatalError(
                """
                ExplorationProcess.childProcess() was called outside a Swift Testing test, so there is no test to run \
                again in a child process. To fix, call it inside a @Test function, or use \
                .childProcess(of: self) in an XCTestCase's test method.
                """)
        }
        return ExplorationProcess(child: test, timeout: timeout, maxRuns: max(maxRuns, 1), site: "\(fileID):\(line)")
    }
}
