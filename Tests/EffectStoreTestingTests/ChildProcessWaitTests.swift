import Foundation
import XCTest

@testable import EffectStoreTesting

#if os(Linux)
/// `runInChildProcess` waits for its child with a bound even when Foundation's `Process` misses the child's exit, as
/// it did under ThreadSanitizer in CI (the child a zombie, `terminationHandler` never called, the test run hung). The
/// children here are started with `posix_spawn`, so that `Process` knows nothing of them: it misses every exit.
final class ChildProcessWaitTests: XCTestCase {
    private func spawn(_ command: String) -> pid_t {
        var pid: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        XCTAssertEqual(posix_spawn(&pid, "/bin/sh", nil, nil, arguments, environ), 0)
        return pid
    }

    private func reap(_ pid: pid_t) {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Before, the wait was the handler's semaphore alone: it timed out, then waited again without a bound.
    func test_anExitProcessMisses_isTakenFromTheKernel_withItsStatus() {
        let pid = spawn("exit 3")
        let start = Date()

        let ending = waitForEnd(pid: pid, knownEnding: { usleep(10_000); return nil }, timeout: 30, grace: 0.2) {}

        XCTAssertEqual(ending, .ended(signaled: false, status: 3))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "well before the timeout")
        reap(pid)  // the child was left unreaped, for Process
    }

    func test_aChildEndedBySignal_isReportedAsSignaled() {
        let pid = spawn("kill -9 $$")
        let ending = waitForEnd(pid: pid, knownEnding: { usleep(10_000); return nil }, timeout: 30, grace: 0.1) {}
        XCTAssertEqual(ending, .ended(signaled: true, status: 9))
        reap(pid)
    }

    func test_aChildThatRunsTooLong_isTerminated_andTheWaitEndsAtTheTimeout() {
        let pid = spawn("sleep 30")
        XCTAssertNil(kernelExit(of: pid))
        let start = Date()
        var terminated = false

        let ending = waitForEnd(pid: pid, knownEnding: { usleep(10_000); return nil }, timeout: 0.3) {
            terminated = true
            kill(pid, SIGKILL)
        }

        XCTAssertEqual(ending, .timedOut)
        XCTAssertTrue(terminated)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        reap(pid)
    }

    func test_anEndingProcessReports_isTakenAsItIs() {
        let ending = waitForEnd(pid: 1, knownEnding: { .ended(signaled: false, status: 0) }, timeout: 5) {}
        XCTAssertEqual(ending, .ended(signaled: false, status: 0))
    }
}
#endif
