import EffectStore
import Foundation
import XCTest

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
    let testName = String(reflecting: type(of: testCase)) + "/" + method.replacingOccurrences(of: "()", with: "")
    if ProcessInfo.processInfo.environment[childScenarioVariable] == testName {
        scenario()
        return
    }

    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    #if canImport(Darwin)
    // Under `xctest` the bundle is the last argument; select the test with `-XCTest`.
    child.arguments = ["-XCTest", testName, Bundle(for: type(of: testCase)).bundlePath]
    #else
    // On Linux the test bundle is an executable that takes the tests to run as arguments.
    child.arguments = [testName]
    #endif
    var environment = ProcessInfo.processInfo.environment
    environment[childScenarioVariable] = testName
    // No crash backtracer in the child: it is a process of its own that inherits the child's output, and once it
    // stayed (under ThreadSanitizer) after the child had died, so the output never ended and the test run hung. The
    // runtime still prints the crash's message, which is what the tests look for.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    child.environment = environment
    let output = Pipe()
    child.standardOutput = output
    child.standardError = output
    let collected = LockedBox<Data>.make(Data())
    let outputEnded = DispatchSemaphore(value: 0)
    output.fileHandleForReading.readabilityHandler = { handle in
        let chunk = handle.availableData
        if chunk.isEmpty {
            handle.readabilityHandler = nil
            outputEnded.signal()
        }
        collected.withLock { $0.append(chunk) }
    }
    let finished = DispatchSemaphore(value: 0)
    child.terminationHandler = { _ in finished.signal() }

    do {
        try child.run()
    } catch {
        XCTFail("runInChildProcess: could not start \(testName) in a child process: \(error)", file: file, line: line)
        return
    }
    let ending = waitForEnd(of: child, finished: finished, timeout: timeout)
    // The output ends when every process that holds its writing end has closed it: the child and what it started.
    // Wait for that with a bound, never with an unbounded read.
    let outputComplete = outputEnded.wait(timeout: .now() + .seconds(10)) == .success
    output.fileHandleForReading.readabilityHandler = nil
    var text = collected.withLock { String(decoding: $0, as: UTF8.self) }
    if !outputComplete { text += "\n[runInChildProcess: the output did not end within 10 s of the child's end]" }
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

/// How a child process ended, as far as the parent could tell.
enum ChildEnding: Equatable {
    case ended(signaled: Bool, status: Int32)
    case timedOut
}

/// Waits (bounded) for `child` to end. Foundation's `Process` on Linux can miss a child's exit — seen under
/// ThreadSanitizer in CI: the child was a zombie and `terminationHandler` never ran, so a plain wait hung the test run
/// — so this also asks the kernel, without reaping the child (`waitid` with `WNOWAIT`, leaving it to `Process`), and
/// uses the kernel's answer when `Process` has not caught up `grace` seconds later.
private func waitForEnd(of child: Process, finished: DispatchSemaphore, timeout: TimeInterval) -> ChildEnding {
    waitForEnd(
        pid: child.processIdentifier,
        knownEnding: {
            if finished.wait(timeout: .now() + .milliseconds(50)) == .timedOut, child.isRunning { return nil }
            return .ended(signaled: child.terminationReason == .uncaughtSignal, status: child.terminationStatus)
        },
        timeout: timeout,
        terminate: {
            child.terminate()
            _ = finished.wait(timeout: .now() + .seconds(10))  // bounded: a missed exit must not hang the run either
        })
}

/// The wait of ``waitForEnd(of:finished:timeout:)``, apart from `Process`, so that a test can make `Process` miss
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

/// The environment variable that tells a child process which test's scenario to run.
private let childScenarioVariable = "EFFECTSTORE_CHILD_SCENARIO"
