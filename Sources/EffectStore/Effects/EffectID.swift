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
    /// Room for a small trivial value: 16 bytes, aligned like a `UInt64`.
    @usableFromInline typealias Bits = (UInt64, UInt64)

    /// How the id keeps its value. Every case is loadable, so copying an id — which the store does for each effect it
    /// plans — is a plain copy and at most one retain; an id held as `any Hashable & Sendable` was copied and
    /// destroyed through its type's value witnesses, which cost a cancellable effect's round trip about 200
    /// instructions.
    ///
    /// Which case holds a value depends only on its type, so equal ids always share a case.
    @usableFromInline
    enum Storage: Sendable {
        /// A trivial value of at most 16 bytes — the usual enum of ids, an integer, a `UUID` — copied in the bits,
        /// with its type to compare, hash and describe it by. Bytes past the value are zero.
        case bits(Bits, type: any (Hashable & Sendable).Type)
        /// A string, the other id people write most.
        case string(String)
        /// Any other value, in a box: made once with the id, shared by its copies.
        case boxed(Boxed)
    }

    /// A value that is neither trivial and small nor a string.
    @usableFromInline
    final class Boxed: Sendable {
        @usableFromInline let value: any Hashable & Sendable

        @usableFromInline
        init(_ value: any Hashable & Sendable) { self.value = value }
    }

    @usableFromInline let storage: Storage

    /// Creates an id from any hashable, sendable value.
    ///
    /// - Parameter value: The id's value, for example an enum case or a string.
    @inlinable
    public init<Value: Hashable & Sendable>(_ value: Value) {
        // Compiled for `Value`, these checks are constants: one branch is left.
        if _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<Bits>.size,
            MemoryLayout<Value>.alignment <= MemoryLayout<Bits>.alignment
        {
            var bits: Bits = (0, 0)
            withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: value, as: Value.self) }
            storage = .bits(bits, type: Value.self)
        } else if Value.self == String.self {
            // The type was just checked: this changes no value. An exact check rather than `as? String`, which also
            // converts (on Apple platforms, an `NSString`), so that the case depends only on the type.
            storage = .string(unsafeBitCast(value, to: String.self))
        } else {
            storage = .boxed(Boxed(value))
        }
    }

    public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.bits(let left, let leftType), .bits(let right, let rightType)):
            return ObjectIdentifier(leftType) == ObjectIdentifier(rightType) && leftType.bitsAreEqual(left, right)
        case (.string(let left), .string(let right)):
            return left == right
        case (.boxed(let left), .boxed(let right)):
            // The types first: `isEqual`'s `as?` converts (a `Row` to a `Row?`), which would make equal ids of two
            // types that hash differently.
            return type(of: left.value) == type(of: right.value) && left.value.isEqual(to: right.value)
        case (.bits, _), (.string, _), (.boxed, _):
            return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .bits(let bits, let type): type.hashBits(bits, into: &hasher)
        case .string(let string): string.hash(into: &hasher)
        case .boxed(let boxed): boxed.value.hash(into: &hasher)
        }
    }

    public var description: String { String(describing: base) }

    /// The id's value, for EffectStoreTesting's descriptions of plans (a string id is quoted there).
    package var base: Any {
        switch storage {
        case .bits(let bits, let type): return type.loadBits(bits)
        case .string(let string): return string
        case .boxed(let boxed): return boxed.value
        }
    }
}

extension Hashable {
    /// Whether `other` is a value of this type equal to `self`.
    @inlinable
    func isEqual(to other: any Hashable) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }

    // Only for the types `EffectID.init` keeps in the bits: trivial, at most 16 bytes, aligned to at most 8.

    /// A value of this type kept in an ``EffectID``'s bits.
    fileprivate static func loadBits(_ bits: EffectID.Bits) -> Self {
        assert(
            _isPOD(Self.self) && MemoryLayout<Self>.size <= MemoryLayout<EffectID.Bits>.size
                && MemoryLayout<Self>.alignment <= MemoryLayout<EffectID.Bits>.alignment,
            "EffectID: \(Self.self) is not kept in the bits")
        return withUnsafeBytes(of: bits) { $0.load(as: Self.self) }
    }

    /// Whether two values of this type kept in ``EffectID``'s bits are equal, by this type's `==`: equal values need
    /// not have equal bytes (`0.0` and `-0.0`, or padding).
    fileprivate static func bitsAreEqual(_ left: EffectID.Bits, _ right: EffectID.Bits) -> Bool {
        loadBits(left) == loadBits(right)
    }

    /// Hashes a value of this type kept in ``EffectID``'s bits, as the value itself hashes.
    fileprivate static func hashBits(_ bits: EffectID.Bits, into hasher: inout Hasher) {
        loadBits(bits).hash(into: &hasher)
    }
}
