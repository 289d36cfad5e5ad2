/// `==` for a type that is `Equatable` at run time, asked once: a transition's `changedState`, a derived state that
/// skips equal values, an observable projection that notifies only what changed.
@usableFromInline
package struct RuntimeEquality<T> {
    @usableFromInline let equatableType: any Equatable.Type

    /// `nil` when `T` is not `Equatable`.
    @inlinable
    package init?(_ type: T.Type) {
        guard let equatable = type as? any Equatable.Type else { return nil }
        self.equatableType = equatable
    }

    @inlinable
    package func areEqual(_ lhs: T, _ rhs: T) -> Bool {
        equatableType.effectStoreEquals(lhs, rhs)
    }

    @inlinable
    package func callAsFunction(_ lhs: T, _ rhs: T) -> Bool { areEqual(lhs, rhs) }
}

// Safe because: it holds only a metatype, which is immutable.
extension RuntimeEquality: @unchecked Sendable {}

extension Equatable {
    /// `lhs == rhs`, where `T` is `Self` (checked by ``RuntimeEquality``, the only caller): the casts change no value.
    @usableFromInline
    static func effectStoreEquals<T>(_ lhs: T, _ rhs: T) -> Bool {
        guard let lhs = lhs as? Self, let rhs = rhs as? Self else { return false }
        return lhs == rhs
    }
}
