/// A subscription that has nothing to cancel: the token handed out for a source whose store is already gone.
final class InertSubscription: CancellableSubscription, @unchecked Sendable {
    // Safe because: it has no state.
    override func cancel() {}
}
