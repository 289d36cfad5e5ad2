import EffectStore

/// A state holding many `Int`s, for the workloads that check a big state is mutated in place, not copied per event.
public struct LargeState: State, Equatable {
    public var values: [Int]

    public enum Event: Sendable {
        /// Adds one to the element at this index.
        case increment(Int)
    }

    public typealias Effect = Never

    public init(count: Int) { values = Array(repeating: 0, count: count) }

    /// An empty state; the workloads make theirs with ``init(count:)``.
    public static var initialState: LargeState { LargeState(count: 0) }

    public mutating func handle(event: Event) -> Never? {
        switch event {
        case .increment(let index): values[index] &+= 1
        }
        return nil
    }
}
