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
    /// The value the id was made from.
    let value: any Hashable & Sendable

    /// Creates an id from any hashable, sendable value.
    ///
    /// - Parameter value: The id's value, for example an enum case or a string. An `EffectID` gives that id:
    ///   `cancel(id: someEffectID)` cancels `someEffectID`, not an id of it.
    public init<Value: Hashable & Sendable>(_ value: Value) {
        if Value.self == EffectID.self, let id = value as? EffectID { self = id } else { self.value = value }
    }

    public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        // Values of two types are never equal, even where `as?` would convert one into the other (a `Row` into a
        // `Row?`): that would make equal ids that hash differently.
        guard type(of: lhs.value) == type(of: rhs.value) else { return false }
        func isEqual<Value: Hashable>(_ left: Value) -> Bool {
            if let right = rhs.value as? Value { left == right } else { false }
        }
        return isEqual(lhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        value.hash(into: &hasher)
    }

    public var description: String { String(describing: value) }

    /// The id's value, for EffectStoreTesting's descriptions of plans (a string id is quoted there).
    package var base: Any { value }
}
