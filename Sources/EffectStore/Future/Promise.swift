/// The write side of a ``Future``: resolve it once, and everyone holding the future gets the value.
///
/// ```swift
/// final class InMemoryService {
///     func fetchProcesses() -> Future<[Process]> {
///         let promise = Promise<[Process]>()
///         queue.asyncAfter(deadline: .now() + 0.2) { promise.resolve(self.processes) }
///         return promise.future
///     }
/// }
/// ```
///
/// ## Threading
///
/// ``resolve(_:)`` may be called from any thread, any number of times: the first call wins and the rest are
/// ignored. The future's callbacks run on the thread that makes the first call, before that call returns.
///
/// A promise that is never resolved leaves its future pending forever; release it when you give up, so the
/// callbacks waiting on it are released too.
///
/// A `Promise` is `Sendable` when its `Value` is.
public final class Promise<Value> {
    /// The future this promise resolves. Hand it to whoever waits for the value.
    public let future: Future<Value>

    /// Creates a promise whose future is pending.
    public init() {
        self.future = Future(box: .future(.pending([])))
    }

    /// Resolves the future with `value`, unless it is already resolved.
    ///
    /// Callbacks waiting on the future run on the calling thread before this returns.
    ///
    /// - Parameter value: The value to resolve with. Ignored if the future already has a value.
    public func resolve(_ value: Value) {
        future.resolve(with: value)
    }
}

extension Promise: @unchecked Sendable where Value: Sendable {}
// Safe because: the only stored property is the immutable `future`, itself thread-safe (see `Future`).
