import Foundation

/// A value behind a lock, for the few places where a callback on another thread hands a value back.
final class Locked<Value>: @unchecked Sendable {
    // Safe because: `value` is only read or written inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
