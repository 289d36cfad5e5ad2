import EffectStore

/// The state every store workload runs: a counter, and a request whose effect answers with an increment.
public struct BenchState: State, Equatable {
    public var count = 0

    public enum Event: Sendable {
        case increment
        /// Counts, and asks for an effect whose answer is `.increment`: one round trip.
        case request
    }

    public enum Effect: Sendable {
        case answer
    }

    public init(count: Int = 0) { self.count = count }

    public static var initialState: BenchState { BenchState() }

    // Not inlined into callers, so `pure` measures a real call, as a store makes one.
    @inline(never)
    public mutating func handle(event: Event) -> Effect? {
        count &+= 1
        switch event {
        case .increment: return nil
        case .request: return .answer
        }
    }
}

/// Answers every effect at once with an already-resolved future, as a synchronous effect handler would.
public final class ImmediateAnswers: EffectHandler {
    public init() {}
    public func handle(effect: BenchState.Effect) -> Future<BenchState.Event>? {
        Future(value: .increment)
    }
}

/// The state of the workloads that make stores with no effect handler: a counter with no effects.
public struct BenchCounter: State, Equatable {
    public var count = 0

    public enum Event: Sendable {
        case increment
    }

    public typealias Effect = Never

    public init(count: Int = 0) { self.count = count }

    public static var initialState: BenchCounter { BenchCounter() }

    // Not inlined into callers, as `BenchState.handle(event:)`.
    @inline(never)
    public mutating func handle(event: Event) -> Never? {
        count &+= 1
        return nil
    }
}
