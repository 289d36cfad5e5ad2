/// `==` for a type that is `Equatable` at run time, kept as the type itself: no closure, no allocation.
///
/// A ``Store`` asks once, when it is created, whether its state is `Equatable`; if so it compares each new state
/// with the previous one before notifying subscribers, and otherwise it notifies on every transition — without two
/// `Store` types and without a dynamic cast per event.
@usableFromInline
struct RuntimeEquality<T> {
    @usableFromInline let equatableType: any Equatable.Type

    /// `nil` when `T` is not `Equatable`.
    @inlinable
    init?(_ type: T.Type) {
        guard let equatable = type as? any Equatable.Type else { return nil }
        self.equatableType = equatable
    }

    @inlinable
    func areEqual(_ lhs: T, _ rhs: T) -> Bool {
        equatableType.effectStoreEquals(lhs, rhs)
    }

    @inlinable
    func callAsFunction(_ lhs: T, _ rhs: T) -> Bool { areEqual(lhs, rhs) }
}

// Safe because: it holds only a metatype, which is immutable.
extension RuntimeEquality: @unchecked Sendable {}

extension Equatable {
    /// `lhs == rhs`, where `T` is `Self` (checked by ``RuntimeEquality``, the only caller).
    @usableFromInline
    static func effectStoreEquals<T>(_ lhs: T, _ rhs: T) -> Bool {
        // `T` and `Self` are the same type, so the memory holds a `Self`.
        withUnsafePointer(to: lhs) { lhsPointer in
            withUnsafePointer(to: rhs) { rhsPointer in
                UnsafeRawPointer(lhsPointer).assumingMemoryBound(to: Self.self).pointee
                    == UnsafeRawPointer(rhsPointer).assumingMemoryBound(to: Self.self).pointee
            }
        }
    }
}
