/// `==` for `T` when `T` is `Equatable` at run time, in a form that `@Sendable` closures may capture.
///
/// Safe because: the wrapped function is the one ``equalityIfEquatable(_:)`` returns, which captures nothing and
/// only compares its two arguments, so calling it from several threads at once is safe.
struct SendableEquality<T>: @unchecked Sendable {
    private let isEqual: (T, T) -> Bool

    /// `nil` when `T` is not `Equatable`.
    init?(_ type: T.Type) {
        guard let isEqual = equalityIfEquatable(type) else { return nil }
        self.isEqual = isEqual
    }

    func callAsFunction(_ lhs: T, _ rhs: T) -> Bool { isEqual(lhs, rhs) }
}

/// A subscription that has nothing to cancel: the token handed out for a source whose store is already gone.
final class InertSubscription: CancellableSubscription {
    func cancel() {}
}
