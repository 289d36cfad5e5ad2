/// The name under which effects are cancelled, queued, debounced or throttled together.
///
/// Any `Hashable` and `Sendable` value names an id; two ids are equal when their values are of the same type and
/// equal. An enum of your feature's ids, or a string, reads well:
///
/// ```swift
/// enum SearchIDs: Hashable, Sendable { case request }
/// return Effect.search(query).cancellable(id: SearchIDs.request, cancelInFlight: true)
/// ```
public struct EffectID: Hashable, CustomStringConvertible {
    private let value: AnyHashable

    /// Creates an id from any hashable, sendable value.
    ///
    /// - Parameter value: The id's value, for example an enum case or a string.
    public init(_ value: some Hashable & Sendable) {
        self.value = AnyHashable(value)
    }

    public var description: String { String(describing: value.base) }

    /// The id's value, for EffectStoreTesting's descriptions of plans (a string id is quoted there).
    package var base: Any { value.base }
}
// Safe because: `AnyHashable` is not `Sendable`, but the value it wraps is — `init` takes only `Sendable` values —
// and it is immutable.
extension EffectID: @unchecked Sendable {}
