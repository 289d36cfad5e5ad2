import EffectStore

/// Fetches the recruitment processes from wherever they live: an API, a cache, memory.
///
/// A failure is a value, not a thrown error: the future always resolves, with `.success` or `.failure`, so the
/// state always hears back and can leave `loading`.
///
/// ```swift
/// let service: any ProcessService = InMemoryProcessService(processes: Process.examples)
/// service.fetchProcesses().onComplete { result in print(result) }
/// ```
///
/// ## Obligations
///
/// - ``fetchProcesses()`` is called on a ``Store``'s queue: start the work and return at once, never block.
/// - Resolve the returned future exactly once, from any thread, but **not** while holding a lock or a queue that the
///   caller of `fetchProcesses()` may be waiting on: the future's callbacks run on the resolving thread and re-enter
///   the store synchronously.
public protocol ProcessService: AnyObject, Sendable {
    /// Starts fetching the processes.
    ///
    /// - Returns: A future of the processes, or of the reason they could not be fetched.
    func fetchProcesses() -> Future<Result<[Process], ProcessServiceError>>
}
