/// Returns `==` for `T` when `T` is `Equatable` at run time, or `nil` when it is not.
///
/// A ``Store`` asks once, when it is created, so that an `Equatable` state is compared with the previous one
/// before subscribers are notified, and any other state is broadcast on every transition — without two
/// `Store` types and without a dynamic cast on every event.
func equalityIfEquatable<T>(_ type: T.Type) -> ((T, T) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    return equatable.effectStoreEquality(as: type)
}

extension Equatable {
    /// `==` for `Self`, typed as a function of `T`. `T` must be `Self`; checked once, here.
    fileprivate static func effectStoreEquality<T>(as type: T.Type) -> (T, T) -> Bool {
        precondition(type == Self.self, "EffectStore: equality requested for a different type")
        return { lhs, rhs in
            // `T` and `Self` are the same type (checked above), so the memory holds a `Self`.
            withUnsafePointer(to: lhs) { lhsPointer in
                withUnsafePointer(to: rhs) { rhsPointer in
                    UnsafeRawPointer(lhsPointer).assumingMemoryBound(to: Self.self).pointee
                        == UnsafeRawPointer(rhsPointer).assumingMemoryBound(to: Self.self).pointee
                }
            }
        }
    }
}
