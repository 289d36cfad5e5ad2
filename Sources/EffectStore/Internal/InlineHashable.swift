/// A small trivial hashable value copied into 16 bytes, with its type: what ``EffectID`` keeps an enum case, an
/// integer or a `UUID` in, so that copying an id is a plain copy with nothing to retain.
///
/// Invariant: `bits` hold exactly one value of `type`, in its first `MemoryLayout.size` bytes, and the bytes past it
/// are zero; `type` is trivial (`_isPOD`), at most 16 bytes, and aligned to at most 8, so the value can be loaded
/// back from `bits` and needs no destruction. Only ``init(_:)`` makes one, and it keeps that promise by returning
/// `nil` for any other type.
///
/// Equality and hashing are the value's own, through its type: equal values need not have equal bytes (`0.0` and
/// `-0.0`, or padding), and values of two types are never equal, even with the same bytes.
@usableFromInline
struct InlineHashable: Hashable, Sendable {
    /// Room for the value: 16 bytes, aligned like a `UInt64`.
    @usableFromInline typealias Bits = (UInt64, UInt64)

    @usableFromInline let bits: Bits
    @usableFromInline let type: any (Hashable & Sendable).Type

    /// Whether a value of `Value` can be kept in the bits: trivial, at most 16 bytes, aligned to at most 8.
    @inlinable
    static func canHold<Value>(_: Value.Type) -> Bool {
        _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<Bits>.size
            && MemoryLayout<Value>.alignment <= MemoryLayout<Bits>.alignment
    }

    /// `value` in the bits, or `nil` when its type cannot be kept there. Compiled for `Value`, the check is a
    /// constant.
    @inlinable
    init?<Value: Hashable & Sendable>(_ value: Value) {
        guard Self.canHold(Value.self) else { return nil }
        var bits: Bits = (0, 0)
        withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: value, as: Value.self) }
        self.bits = bits
        self.type = Value.self
    }

    /// The value, as a value of its own type.
    var value: any Hashable & Sendable { type.load(from: bits) }

    @usableFromInline
    static func == (lhs: InlineHashable, rhs: InlineHashable) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) && lhs.type.bitsAreEqual(lhs.bits, rhs.bits)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) { type.hashBits(bits, into: &hasher) }
}

// Called only through an `InlineHashable`'s `type`, on its `bits`: so `Self` can always be kept in the bits.
extension Hashable where Self: Sendable {
    /// The value of this type kept in `bits`.
    fileprivate static func load(from bits: InlineHashable.Bits) -> Self {
        assert(InlineHashable.canHold(Self.self), "InlineHashable: \(Self.self) is not kept in the bits")
        return withUnsafeBytes(of: bits) { $0.load(as: Self.self) }
    }

    /// Whether two values of this type kept in bits are equal, by this type's `==`.
    fileprivate static func bitsAreEqual(_ left: InlineHashable.Bits, _ right: InlineHashable.Bits) -> Bool {
        load(from: left) == load(from: right)
    }

    /// Hashes a value of this type kept in bits, as the value itself hashes.
    fileprivate static func hashBits(_ bits: InlineHashable.Bits, into hasher: inout Hasher) {
        load(from: bits).hash(into: &hasher)
    }
}
