import Foundation

/// Collects values from any thread, for tests to read afterwards.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(value)
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
// Safe because: `recorded` is only touched under `lock`.
