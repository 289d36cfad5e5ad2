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
    /// How the id keeps its value. Every case is loadable, so copying an id — which the store does for each effect it
    /// plans — is a plain copy and at most one retain, where a value held as `any Hashable & Sendable` would be
    /// copied and destroyed through its type's value witnesses on every copy.
    ///
    /// Which case holds a value depends only on its type, so equal ids always share a case.
    @usableFromInline
    enum Storage: Sendable {
        /// A small trivial value — the usual enum of ids, an integer, a `UUID` — copied in, with its type.
        case inline(InlineHashable)
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
    /// - Parameter value: The id's value, for example an enum case or a string. An `EffectID` gives that id.
    @inlinable
    public init<Value: Hashable & Sendable>(_ value: Value) {
        // Compiled for `Value`, these checks are constants: one branch is left.
        if Value.self == EffectID.self {
            // An id made from an id is that id, not an id of it: `cancel(id: someEffectID)` cancels `someEffectID`.
            self = unsafeBitCast(value, to: EffectID.self)
        } else if let inline = InlineHashable(value) {
            storage = .inline(inline)
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
        case (.inline(let left), .inline(let right)):
            return left == right
        case (.string(let left), .string(let right)):
            return left == right
        case (.boxed(let left), .boxed(let right)):
            // The types first: `isEqual`'s `as?` converts (a `Row` to a `Row?`), which would make equal ids of two
            // types that hash differently.
            return type(of: left.value) == type(of: right.value) && left.value.isEqual(to: right.value)
        case (.inline, _), (.string, _), (.boxed, _):
            return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .inline(let inline): inline.hash(into: &hasher)
        case .string(let string): string.hash(into: &hasher)
        case .boxed(let boxed): boxed.value.hash(into: &hasher)
        }
    }

    public var description: String { String(describing: base) }

    /// The id's value, for EffectStoreTesting's descriptions of plans (a string id is quoted there).
    package var base: Any {
        switch storage {
        case .inline(let inline): return inline.value
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
}
