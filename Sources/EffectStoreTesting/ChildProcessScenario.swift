import EffectStore
import Foundation
import XCTest

#if canImport(Testing)
    import Testing
#endif

/// Runs a scenario that may crash the process — a stack overflow, a trap — in a child process, so that a crash
/// fails one test instead of ending the whole test run. `package`: the package's own tests use it; not public API.
///
/// The child is the test binary itself, started again with only the calling test selected and an environment
/// variable naming it. Inside the child the same test method calls this again, sees the variable, and runs
/// `scenario` in-process; in the parent it waits (bounded) for the child and fails the test if the child did not
/// exit with status 0, quoting the end of its output.
///
/// ```swift
/// func test_release_ofALongChain_doesNotOverflowTheStack() {
///     runInChildProcess(self) {
///         // code that would crash the test run if the bug came back
///     }
/// }
/// ```
///
/// - Parameters:
///   - testCase: The calling test case; its class and `method` select the test the child runs.
///   - method: The calling test method, `#function` by default. It must be the test method itself.
///   - timeout: How long the child may run before it is terminated and the test fails.
///   - file: Where a failure points; the caller's file by default.
///   - line: Where a failure points; the caller's line by default.
///   - expectedCrash: When set, the scenario must stop the child process (a trap, `fatalError`) with output that
///     contains this text; a child that exits with status 0, or stops with other output, fails the test.
///   - scenario: The code that runs in the child process. A crash, a trap or an XCTest failure in it fails the test
///     (unless `expectedCrash` says the crash is the point).
package func runInChildProcess(
    _ testCase: XCTestCase,
    method: String = #function,
    timeout: TimeInterval = 120,
    expectingCrashWith expectedCrash: String? = nil,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ scenario: () -> Void
) {
    if ChildScenario.isChild(testCase, method: method) {
        scenario()
        return
    }
    let child: ChildScenario
    do {
        child = try ChildScenario(testCase, method: method)
    } catch {
        XCTFail(
            "runInChildProcess: could not start \(testCase.name) in a child process: \(error)", file: file, line: line)
        return
    }
    let testName = child.testName
    let ending = child.waitForEnd(timeout: timeout)
    let text = child.outputText()
    let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(15).joined(separator: "\n")

    switch ending {
    case .timedOut:
        XCTFail(
            "\(testName) did not finish within \(timeout) s in its child process. Its output ends with:\n\(tail)",
            file: file, line: line)
    case .ended(let signaled, let status):
        if let expectedCrash {
            // A trap ends the child with a signal; under a sanitizer, whose handler catches the signal, with an error
            // status. Either way the output must hold the message.
            let stopped = signaled || status != 0
            if !stopped || !text.contains(expectedCrash) {
                XCTFail(
                    "\(testName) was expected to stop its child process with \"\(expectedCrash)\", but it "
                        + (stopped ? "stopped with other output" : "exited normally")
                        + ". Its output ends with:\n\(tail)", file: file, line: line)
            }
        } else if signaled {
            XCTFail(
                "\(testName) crashed its child process (signal \(status)). Its output ends with:\n" + tail,
                file: file, line: line)
        } else if status != 0 {
            XCTFail(
                "\(testName) failed in its child process (exit status \(status)). Its output ends with:\n\(tail)",
                file: file, line: line)
        }
    }
}

/// A test's scenario started in a child process, for a test that watches the child or stops it itself;
/// ``runInChildProcess(_:method:timeout:expectingCrashWith:file:line:_:)`` is built on it. `package`: the package's own
/// tests use it; not public API.
///
/// ```swift
/// func test_kill_leavesAWholeFile() throws {
///     if ChildScenario.isChild(self) { return editForever() }
///     let child = try ChildScenario(self, environment: ["FILE": path])
///     XCTAssertTrue(child.waitForOutput(containing: "READY\n", timeout: 30))
///     child.kill()
///     XCTAssertEqual(child.waitForEnd(timeout: 30), .ended(signaled: true, status: SIGKILL))
/// }
/// ```
///
/// Its output is collected on a thread of `FileHandle`'s; every method may be called from any one thread at a time.
package final class ChildScenario {
    /// The name the child runs the test by: `Module.Class/method`.
    package let testName: String
    private let process = Process()
    private let collected = LockedBox<Data>.make(Data())
    private let outputEnded = DispatchSemaphore(value: 0)
    private let outputArrived = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let output = Pipe()

    /// Whether this process is the child started for `testCase`'s `method`: then the test runs its scenario.
    ///
    /// - Parameters:
    ///   - testCase: The calling test case.
    ///   - method: The calling test method, `#function` by default.
    package static func isChild(_ testCase: XCTestCase, method: String = #function) -> Bool {
        ChildTest.xcTest(testCase, method: method).isThisProcess
    }

    /// Starts the calling test again, in a child process, with `environment` added to this process's.
    ///
    /// - Parameters:
    ///   - testCase: The calling test case; its class and `method` select the test the child runs.
    ///   - method: The calling test method, `#function` by default. It must be the test method itself.
    ///   - environment: Variables for the child, beside the one that tells it to run the scenario.
    package convenience init(
        _ testCase: XCTestCase, method: String = #function, environment: [String: String] = [:]
    ) throws {
        try self.init(.xcTest(testCase, method: method), environment: environment)
    }

    /// Starts `test` again, in a child process, with `environment` added to this process's.
    ///
    /// - Parameters:
    ///   - test: The test the child runs, alone.
    ///   - environment: Variables for the child, beside the one that tells it to run the scenario.
    package init(_ test: ChildTest, environment: [String: String] = [:]) throws {
        testName = test.name
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = test.arguments
        var childEnvironment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        childEnvironment[childScenarioVariable] = testName
        // No crash backtracer in the child: it is a process of its own that inherits the child's output, and once it
        // stayed (under ThreadSanitizer) after the child had died, so the output never ended and the test run hung.
        // The runtime still prints the crash's message, which is what the tests look for.
        childEnvironment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = childEnvironment
        process.standardOutput = output
        process.standardError = output
        let collected = self.collected
        let outputEnded = self.outputEnded
        let outputArrived = self.outputArrived
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty {
                handle.readabilityHandler = nil
                outputEnded.signal()
            }
            collected.withLock { $0.append(chunk) }
            outputArrived.signal()
        }
        let finished = self.finished
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
    }

    /// Waits (bounded) until the child's output holds `text`, without polling.
    ///
    /// - Parameters:
    ///   - text: What to wait for.
    ///   - timeout: The longest wait, in seconds.
    /// - Returns: Whether the text came in time.
    package func waitForOutput(containing text: String, timeout: TimeInterval) -> Bool {
        let deadline = DispatchTime.now() + timeout
        let wanted = Data(text.utf8)
        while collected.withLock({ $0.range(of: wanted) == nil }) {
            if outputArrived.wait(timeout: deadline) == .timedOut { return false }
        }
        return true
    }

    /// Stops the child at once, with `SIGKILL`: it gets no chance to clean up.
    package func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits (bounded) for the child to end; a child still running at the timeout is terminated.
    ///
    /// - Parameter timeout: The longest wait, in seconds.
    /// - Returns: How it ended.
    package func waitForEnd(timeout: TimeInterval) -> ChildEnding {
        let process = self.process
        let finished = self.finished
        return EffectStoreTesting.waitForEnd(
            pid: process.processIdentifier,
            knownEnding: {
                if finished.wait(timeout: .now() + .milliseconds(50)) == .timedOut, process.isRunning { return nil }
                return .ended(
                    signaled: process.terminationReason == .uncaughtSignal, status: process.terminationStatus)
            },
            timeout: timeout,
            terminate: {
                process.terminate()
                _ = finished.wait(timeout: .now() + .seconds(10))  // bounded: a missed exit must not hang the run
            })
    }

    /// The child's whole output, once it has ended: waits (at most 10 s) for the output to close.
    ///
    /// The output ends when every process that holds its writing end has closed it: the child and what it started.
    /// That is waited for with a bound, never with an unbounded read.
    package func outputText() -> String {
        let complete = outputEnded.wait(timeout: .now() + .seconds(10)) == .success
        output.fileHandleForReading.readabilityHandler = nil
        var text = collected.withLock { String(decoding: $0, as: UTF8.self) }
        if !complete { text += "\n[ChildScenario: the output did not end within 10 s of the child's end]" }
        return text
    }
}

/// How a child process ended, as far as the parent could tell.
package enum ChildEnding: Equatable {
    case ended(signaled: Bool, status: Int32)
    case timedOut
}

/// The wait of ``ChildScenario/waitForEnd(timeout:)``, apart from `Process`, so that a test can make `Process` miss
/// an exit.
///
/// - Parameters:
///   - pid: The child.
///   - knownEnding: How the child ended as `Process` reports it, or `nil` while `Process` thinks it runs; may block
///     briefly, and is called over and over.
///   - timeout: How long the child may run.
///   - grace: How long `Process` may lag behind the kernel before the kernel's answer is used.
///   - terminate: Stops the child once it has run too long.
func waitForEnd(
    pid: Int32, knownEnding: () -> ChildEnding?, timeout: TimeInterval, grace: TimeInterval = 5,
    terminate: () -> Void
) -> ChildEnding {
    let deadline = Date().addingTimeInterval(timeout)
    var exitSeenAt: Date?
    while Date() < deadline {
        if let ending = knownEnding() { return ending }
        guard let exit = kernelExit(of: pid) else { continue }
        if let seen = exitSeenAt {
            if Date().timeIntervalSince(seen) > grace { return exit }
        } else {
            exitSeenAt = Date()
        }
    }
    terminate()
    return .timedOut
}

/// How the child with `pid` ended, if it has, read without reaping it; `nil` while it runs, or where this cannot be
/// asked (not Linux: there `Process` is relied on).
func kernelExit(of pid: Int32) -> ChildEnding? {
    #if os(Linux)
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid
    else { return nil }
    let status = info._sifields._sigchld.si_status
    return .ended(signaled: info.si_code != Int32(CLD_EXITED), status: status)
    #else
    return nil
    #endif
}

/// The one test a child process runs: an XCTest test method, or a Swift Testing test. `package`: the public form is
/// `ExplorationProcess`.
///
/// The child is the test binary started again with arguments that select only this test, and an environment variable
/// that names it, so that the test, started again, knows it runs in the child (``isThisProcess``).
package struct ChildTest: Sendable, Equatable {
    /// The test's name: `Module.Class/method` for XCTest, the test's ID for Swift Testing.
    package let name: String
    /// The arguments that make the test binary run this test alone.
    let arguments: [String]

    /// The XCTest test `method` of `testCase`.
    ///
    /// - Parameters:
    ///   - testCase: The calling test case.
    ///   - method: The calling test method, `#function` by default. It must be the test method itself.
    package static func xcTest(_ testCase: XCTestCase, method: String = #function) -> ChildTest {
        let name = String(reflecting: type(of: testCase)) + "/" + method.replacingOccurrences(of: "()", with: "")
        #if canImport(Darwin)
            // Under `xctest` the bundle is the last argument; select the test with `-XCTest`.
            return ChildTest(name: name, arguments: ["-XCTest", name, Bundle(for: type(of: testCase)).bundlePath])
        #else
            // On Linux the test bundle is an executable that takes the tests to run as arguments.
            return ChildTest(name: name, arguments: [name])
        #endif
    }

    /// The Swift Testing test running on this task, or `nil` outside one (or where Swift Testing does not exist).
    ///
    /// The child runs Swift Testing alone (`--testing-library swift-testing`) with a filter that matches this test's
    /// whole ID, which holds its source location: no other test matches it. Checked on Linux, where the test bundle is
    /// an executable; Darwin's runner takes other arguments.
    package static var currentSwiftTestingTest: ChildTest? {
        #if canImport(Testing)
            guard let test = Test.current else { return nil }
            let name = String(describing: test.id)
            let filter = "^" + NSRegularExpression.escapedPattern(for: name) + "$"
            // The arguments `swift test` gives the Linux test executable for its Swift Testing pass.
            return ChildTest(name: name, arguments: ["--testing-library", "swift-testing", "--filter", filter])
        #else
            return nil
        #endif
    }

    /// Whether this process is the child started for this test.
    package var isThisProcess: Bool { ProcessInfo.processInfo.environment[childScenarioVariable] == name }
}

/// The environment variable that tells a child process which test's scenario to run.
private let childScenarioVariable = "EFFECTSTORE_CHILD_SCENARIO"
