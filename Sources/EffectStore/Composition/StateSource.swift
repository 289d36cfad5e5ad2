/// Something with a current state that tells subscribers about every later one: a ``Store`` or a ``DerivedState``.
///
/// The composition tools are written once against this protocol, so each works with a store and with any view
/// derived from one: ``subscribe(on:_:)``, ``bind(_:)``, ``StoreEventSource``.
///
/// ```swift
/// func logChanges<Source: StateSource>(of source: Source) -> SubscriptionToken {
///     source.subscribe { value in print(value) }
/// }
/// let storeLog = logChanges(of: processStore)
/// let countLog = logChanges(of: processStore.map { $0.processes.count })
/// ```
///
/// ## Obligations
///
/// - ``state`` is safe to read from any thread.
/// - ``subscribe(_:)`` calls its block with the current value first, then with every later value, in order, never
///   concurrently with itself, until the returned token is cancelled or released (<doc:Threading>). The token must
///   not keep the source's store alive.
public protocol StateSource: Sendable {
    /// The values this source delivers.
    associatedtype Value: Sendable

    /// The current value. Safe to read from any thread.
    var state: Value { get }

    /// Calls `block` with the current value, then with every later one, in order.
    ///
    /// - Parameter block: Receives each value. On which queue depends on the source: a ``Store`` and its
    ///   ``DerivedState``s call it on the store's queue (<doc:Threading>).
    /// - Returns: A token that keeps the subscription alive. Cancel or release it to stop.
    func subscribe(_ block: @escaping @Sendable (Value) -> Void) -> SubscriptionToken
}

extension Store: StateSource {
    /// A store delivers its whole state.
    public typealias Value = S
}
