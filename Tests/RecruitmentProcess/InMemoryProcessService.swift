import Dispatch
import EffectStore

/// A ``ProcessService`` that answers from memory, after a latency you choose, with outcomes you can script.
///
/// Use it in tests, demos and previews. It counts its calls, can fail the next calls with a message, and can hold
/// its answers back until you release them, so a test can decide exactly when "the network" answers.
///
/// ```swift
/// let service = InMemoryProcessService(processes: Process.examples, latency: .milliseconds(150))
/// service.failNext(1, message: "Network unreachable")   // the first call fails, the next ones succeed
/// service.fetchProcesses().onComplete { print($0) }       // .failure(Network unreachable), 150 ms later
/// service.callCount                                       // 1
/// ```
///
/// ## Threading
///
/// Every method is safe to call from any thread; the configuration and the counter are behind a private lock.
/// Answers are delivered on the service's own serial queue: right away (asynchronously) when the latency is zero,
/// otherwise with `DispatchQueue.asyncAfter`. The future's callbacks therefore run on that queue, never on the
/// caller's thread and never under the lock.
///
/// The outcome and the processes of a call are decided when the call is made, not when it is answered.
public final class InMemoryProcessService: ProcessService {
    /// How one scripted call ends.
    public enum Outcome: Sendable, Equatable {
        /// Answer with the configured processes.
        case succeed
        /// Answer with ``ProcessServiceError`` carrying `message`.
        case fail(message: String)
    }

    private struct Configuration {
        var processes: [Process]
        var latency: DispatchTimeInterval
        /// Outcomes of the next calls, oldest first; once empty, calls succeed.
        var script: [Outcome]
        var callCount = 0
        var isHoldingAnswers = false
        var heldAnswers: [@Sendable () -> Void] = []
    }

    private let configuration: LockedBox<Configuration>
    /// Delivers the answers. Never blocks on anything, so resolving a future here cannot deadlock a caller.
    private let queue = DispatchQueue(label: "RecruitmentProcess.InMemoryProcessService")

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - processes: What a successful call answers with; ``Process/examples`` by default.
    ///   - latency: How long each answer takes; zero (the default) answers on the service's queue right away.
    ///     `.never` never answers.
    ///   - script: The outcomes of the next calls, in order; after them, every call succeeds. Empty by default.
    public init(
        processes: [Process] = Process.examples,
        latency: DispatchTimeInterval = .seconds(0),
        script: [Outcome] = []
    ) {
        self.configuration = LockedBox.make(Configuration(processes: processes, latency: latency, script: script))
    }

    /// How many times ``fetchProcesses()`` has been called.
    public var callCount: Int {
        configuration.withLock { $0.callCount }
    }

    /// Replaces the processes that later successful calls answer with.
    ///
    /// - Parameter processes: The new processes.
    public func setProcesses(_ processes: [Process]) {
        configuration.withLock { $0.processes = processes }
    }

    /// Replaces the latency of later calls.
    ///
    /// - Parameter latency: How long each answer takes; zero answers right away, `.never` never answers.
    public func setLatency(_ latency: DispatchTimeInterval) {
        configuration.withLock { $0.latency = latency }
    }

    /// Appends outcomes to the script: the calls after the ones already scripted end this way.
    ///
    /// - Parameter outcomes: The outcomes, in call order.
    public func script(_ outcomes: [Outcome]) {
        configuration.withLock { $0.script.append(contentsOf: outcomes) }
    }

    /// Makes the next `count` unscripted calls fail with `message`.
    ///
    /// ```swift
    /// service.failNext(2, message: "Timed out")   // two failures, then success
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many calls fail. Zero or less does nothing.
    ///   - message: The ``ProcessServiceError/message`` of each failure.
    public func failNext(_ count: Int, message: String) {
        script(Array(repeating: .fail(message: message), count: max(0, count)))
    }

    /// Holds back every answer from now on, until ``releaseAnswers()``.
    ///
    /// An answer is held when its latency has passed; the call's outcome is already decided by then.
    public func holdAnswers() {
        configuration.withLock { $0.isHoldingAnswers = true }
    }

    /// Stops holding answers and delivers the held ones, in the order they were due, on the service's queue.
    public func releaseAnswers() {
        let held = configuration.withLock { configuration -> [@Sendable () -> Void] in
            configuration.isHoldingAnswers = false
            defer { configuration.heldAnswers = [] }
            return configuration.heldAnswers
        }
        guard !held.isEmpty else { return }
        queue.async {
            for answer in held { answer() }
        }
    }

    /// Answers with the next scripted outcome, or with the processes, after the latency.
    ///
    /// - Returns: A future resolved on the service's queue; see "Threading" above.
    public func fetchProcesses() -> Future<Result<[Process], ProcessServiceError>> {
        let (result, latency) = configuration.withLock { configuration in
            configuration.callCount += 1
            let outcome = configuration.script.isEmpty ? .succeed : configuration.script.removeFirst()
            let result: Result<[Process], ProcessServiceError>
            switch outcome {
            case .succeed: result = .success(configuration.processes)
            case .fail(let message): result = .failure(ProcessServiceError(message: message))
            }
            return (result, configuration.latency)
        }
        let promise = Promise<Result<[Process], ProcessServiceError>>()
        let answer: @Sendable () -> Void = { promise.resolve(result) }
        let deliver: @Sendable () -> Void = { [configuration] in
            let isHeld = configuration.withLock { configuration in
                if configuration.isHoldingAnswers { configuration.heldAnswers.append(answer) }
                return configuration.isHoldingAnswers
            }
            if !isHeld { answer() }
        }
        switch latency {
        case .never:
            break
        case .seconds(0), .milliseconds(0), .microseconds(0), .nanoseconds(0):
            queue.async(execute: deliver)
        default:
            queue.asyncAfter(deadline: .now() + latency, execute: deliver)
        }
        return promise.future
    }
}

// `Sendable` checked by the compiler: both stored properties are immutable and `Sendable`.
extension InMemoryProcessService: Sendable {}
