import Foundation

/// Sends the process's standard output to a temporary file until ``end()``, so that a test can check what code prints
/// instead of printing it into the test run's output. `package`: the package's own tests use it; not public API.
///
/// ```swift
/// let capture = StandardOutputCapture()
/// let final = await runCounter()   // prints "state: …"
/// XCTAssertTrue(capture.end().contains("state: idle(count: 1)"))
/// ```
///
/// Everything the process prints meanwhile, from any thread, is captured: use it in one test at a time (XCTest runs
/// its tests one after another), and end it before the test returns, `defer` included.
package final class StandardOutputCapture {
    private let file: URL
    private var saved: Int32?

    /// Starts capturing.
    package init() {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("effectstore-output-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        fflush(nil)
        let descriptor = open(file.path, O_WRONLY)
        saved = dup(STDOUT_FILENO)
        dup2(descriptor, STDOUT_FILENO)
        close(descriptor)
    }

    /// Stops capturing, restores the standard output, and returns what was printed; `""` once ended.
    package func end() -> String {
        guard let saved else { return "" }
        self.saved = nil
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        defer { try? FileManager.default.removeItem(at: file) }
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    deinit { _ = end() }
}
