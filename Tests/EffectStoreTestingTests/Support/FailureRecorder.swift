import EffectStoreTesting
import Foundation

/// Collects the failures an assertion reports, so a test can check that a wrong expectation fails, and how.
final class FailureRecorder: @unchecked Sendable {
    // Safe because: `recorded` is only read or written while holding `lock`.
    struct Failure: Equatable {
        let message: String
        let file: String
        let line: UInt
    }

    private let lock = NSLock()
    private var recorded: [Failure] = []

    var reporter: TestFailureReporter {
        TestFailureReporter { message, file, line in
            self.lock.withLock { self.recorded.append(Failure(message: message, file: "\(file)", line: line)) }
        }
    }

    var failures: [Failure] { lock.withLock { recorded } }
    var messages: [String] { failures.map(\.message) }
}
