import EffectStoreTesting
import Foundation

/// Collects the failures an `EffectStoreTesting` assertion reports instead of failing the test, so a test can show
/// that a check really catches a bug, and with which message.
final class FailureLog: @unchecked Sendable {
    // Safe because: `recorded` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var recorded: [String] = []

    /// Pass this as an assertion's `reporter:`.
    var reporter: TestFailureReporter {
        TestFailureReporter { message, _, _ in self.lock.withLock { self.recorded.append(message) } }
    }

    /// The messages reported so far, oldest first.
    var messages: [String] { lock.withLock { recorded } }
}
