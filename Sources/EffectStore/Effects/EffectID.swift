/// The name under which effects are cancelled, queued, debounced or throttled together.
///
/// Any `Hashable` and `Sendable` value names an id; two ids are equal when their values are of the same type and
/// equal. An enum of your feature's ids, or a string, reads well:
///
/// ```swift
/// enum SearchIDs: Hashable, Sendable { case request }
/// return Effect.search(query).cancellable(id: SearchIDs.request, cancelInFlight: true)
/// ```
public struct EffectID: Hashable, Sendable, CustomStringConvertible {
    // The value in an existential (small values stay inline, unboxed). Its hash is not taken when the id is made:
    // most ids are never hashed (a cancellable effect answered at once is not registered under its id), and hashing
    // each one as it was made cost a tenth of such an effect's round trip.
    @usableFromInline let value: any Hashable & Sendable

    /// Creates an id from any hashable, sendable value.
    ///
    /// - Parameter value: The id's value, for example an enum case or a string.
    @inlinable
    public init(_ value: some Hashable & Sendable) {
        self.value = value
    }

    @inlinable
    public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        // The types first: `isEqual`'s `as?` converts (an `Int` to an `Int?`, and on Apple platforms a `String` to an
        // `NSString`), which would make equal ids that hash differently.
        type(of: lhs.value) == type(of: rhs.value) && lhs.value.isEqual(to: rhs.value)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        value.hash(into: &hasher)
    }

    public var description: String { String(describing: value) }

    /// The id's value, for EffectStoreTesting's descriptions of plans (a string id is quoted there).
    package var base: Any { value }
}

extension Hashable {
    /// Whether `other` is a value of this type equal to `self`.
    @inlinable
    func isEqual(to other: any Hashable) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
