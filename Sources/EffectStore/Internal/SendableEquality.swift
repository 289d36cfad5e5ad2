/// `==` for `T` when `T` is `Equatable` at run time, in a form that `@Sendable` closures may capture: the
/// store's own ``RuntimeEquality``, which holds only a metatype.
typealias SendableEquality<T> = RuntimeEquality<T>

/// A subscription that has nothing to cancel: the token handed out for a source whose store is already gone.
final class InertSubscription: CancellableSubscription, @unchecked Sendable {
    // Safe because: it has no state.
    override func cancel() {}
}
