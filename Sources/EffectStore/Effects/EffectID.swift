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
        /// A navigation scope — a stack element's ``StackElementEffects`` or a presentation's
        /// ``PresentationEffects`` — kept in the id itself: one is made for every routed screen or child event that
        /// has an effect, and a box would be an allocation each time.
        case scope(NavigationScope)
        /// Any other value, in a box: made once with the id, shared by its copies.
        case boxed(Boxed)
    }

    /// A ``StackElementEffects`` or a ``PresentationEffects``, held as itself: both are a key path and at most an
    /// integer, small enough for the id's own storage. Compared and hashed by the values' own `==` and `hash(into:)`.
    @usableFromInline
    enum NavigationScope: Hashable, Sendable {
        case stackElement(StackElementEffects)
        case presentation(PresentationEffects)

        /// The value the id was made from.
        @usableFromInline
        var value: any Hashable & Sendable {
            switch self {
            case .stackElement(let scope): scope
            case .presentation(let scope): scope
            }
        }
    }

    /// A value that is neither trivial and small nor a string, in a box made once with the id (a ``TypedBox``).
    ///
    /// The box compares and hashes its value itself, through its class: comparing two ids costs a call and the value's
    /// `==`, where opening two existentials and casting one to the other's type cost a hundred times more.
    @usableFromInline
    class Boxed: @unchecked Sendable {
        // Safe because: `valueType` is immutable; the one subclass holds an immutable `Sendable` value.

        /// The value's dynamic type — for an instance of a class, its own class, whatever type the id was made from.
        @usableFromInline let valueType: ObjectIdentifier

        @usableFromInline
        init(valueType: ObjectIdentifier) { self.valueType = valueType }

        /// The value.
        @usableFromInline
        var value: any Hashable & Sendable { preconditionFailure("EffectID.Boxed is abstract") }

        /// Whether `other`, whose value has this box's value's dynamic type, holds a value equal to this box's.
        @usableFromInline
        func isEqual(to other: Boxed) -> Bool { preconditionFailure("EffectID.Boxed is abstract") }

        /// Hashes the value.
        @usableFromInline
        func hash(into hasher: inout Hasher) { preconditionFailure("EffectID.Boxed is abstract") }
    }

    /// The box of a value of type `Value`.
    @usableFromInline
    final class TypedBox<Value: Hashable & Sendable>: Boxed, @unchecked Sendable {
        // Safe because: `typed` is immutable and `Sendable`.
        @usableFromInline let typed: Value

        @inlinable
        init(_ typed: Value) {
            self.typed = typed
            super.init(valueType: ObjectIdentifier(type(of: typed)))
        }

        @usableFromInline
        override var value: any Hashable & Sendable { typed }

        @usableFromInline
        override func isEqual(to other: Boxed) -> Bool {
            // The usual case: both ids were made from one type. Both types are read off the objects, and `Self` is
            // this object's own class, so nothing here looks up generic metadata.
            // Identifiers, not `==` of metatypes: that operator takes optionals, whose metadata unspecialised code
            // looks up at run time.
            if ObjectIdentifier(type(of: other)) == ObjectIdentifier(type(of: self)) {
                return typed == unsafeDowncast(other, to: Self.self).typed
            }
            return isEqual(acrossTypes: other)
        }

        /// One instance of a class, the ids made from it as two of its types (itself and a superclass): compared as
        /// this type, as ids were before they were boxed by type. (`==` checked the dynamic types first, so a `Row?`
        /// never meets a `Row` here.) Apart, so that the usual case does not make room for a `Value?`, whose metadata
        /// unspecialised code looks up at run time.
        @inline(never)
        @usableFromInline
        func isEqual(acrossTypes other: Boxed) -> Bool {
            guard let value = other.value as? Value else { return false }
            return typed == value
        }

        @usableFromInline
        override func hash(into hasher: inout Hasher) { typed.hash(into: &hasher) }
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
        } else if Value.self == StackElementEffects.self {
            storage = .scope(.stackElement(unsafeBitCast(value, to: StackElementEffects.self)))
        } else if Value.self == PresentationEffects.self {
            storage = .scope(.presentation(unsafeBitCast(value, to: PresentationEffects.self)))
        } else {
            storage = .boxed(TypedBox(value))
        }
    }

    public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.inline(let left), .inline(let right)):
            return left == right
        case (.string(let left), .string(let right)):
            return left == right
        case (.scope(let left), .scope(let right)):
            return left == right
        case (.boxed(let left), .boxed(let right)):
            // Copies of one id share their box. Otherwise the values' dynamic types first: a value of another type
            // never equals this one, even one `as?` would convert (a `Row` to a `Row?`), which would make equal ids
            // that hash differently.
            return left === right || (left.valueType == right.valueType && left.isEqual(to: right))
        case (.inline, _), (.string, _), (.scope, _), (.boxed, _):
            return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .inline(let inline): inline.hash(into: &hasher)
        case .string(let string): string.hash(into: &hasher)
        case .scope(let scope): scope.hash(into: &hasher)
        case .boxed(let boxed): boxed.hash(into: &hasher)
        }
    }

    /// A hash for the effect scheduler's tables (``EffectIDTable``): equal ids have equal ones. An id of a screen's
    /// effects hashes as its element's number, with no SipHash; every other id as its `hashValue`.
    @inlinable
    var tableHash: UInt64 {
        if case .scope(.stackElement(let scope)) = storage {
            // `StackElementEffects` hashes its element's id alone too (see there); the constant keeps these apart from
            // small hash values of other ids.
            return UInt64(bitPattern: Int64(scope.id.rawValue)) &+ 0x5BD1_E995_0000_0000
        }
        return UInt64(bitPattern: Int64(hashValue))
    }

    public var description: String { String(describing: base) }

    /// The id's value, for EffectStoreTesting's descriptions of plans (a string id is quoted there).
    package var base: Any {
        switch storage {
        case .inline(let inline): return inline.value
        case .string(let string): return string
        case .scope(let scope): return scope.value
        case .boxed(let boxed): return boxed.value
        }
    }
}
