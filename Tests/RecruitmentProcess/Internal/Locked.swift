import Foundation

/// A value behind a private `NSLock`, for the few mutable bits of this module's reference types.
///
/// Internal on purpose: it is plumbing, not part of the feature's API. `Foundation` is imported only in this file,
/// so the module's own `Process` never meets `Foundation.Process` elsewhere.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Do not call out to other objects from `body`.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
// Safe because: `value` is only read or written inside `withLock`, under `lock`; `lock` itself is immutable.
