import EffectStore
import Foundation

/// Redaction a part of a value declares: a ``SessionRedacting`` value anywhere inside a recorded state — a property,
/// an optional, a row of an array, a dictionary or ``/EffectStore/IdentifiedStates``, an enum's payload — replaced by
/// its ``SessionRedacting/sessionRedaction`` wherever the value leaves the program.
///
/// Two places apply it, and every output goes through one of them: the describer (`ValueDescriber.shape(of:)`, which
/// the diffs, the logger, the test store's messages, replay failures and the inspector's page all use) and the
/// encoding (``encodable(_:)``, which the session file and the encodings a diff shows use). `package`: not public API.
package enum NestedRedaction {
    /// Whether the describer and the encoding show values as they are, inside ``asRecordedUnredacted(_:)``.
    @TaskLocal private static var isSuspended = false

    /// `body`'s result, with the describer and the encoding showing values unredacted on this thread meanwhile: for
    /// comparing what an older session file recorded before a redaction was declared, never for output.
    package static func asRecordedUnredacted<T>(_ body: () throws -> T) rethrows -> T {
        try $isSuspended.withValue(true, operation: body)
    }

    /// `value` with what is declared secret in it replaced: what its type declares, when it is a ``SessionRedacting``
    /// value; what its state declares, when it is an event or an effect of a ``SessionRedacting`` state that has been
    /// met (``RedactionsByType``); otherwise `value`. Its own parts are not looked into here: the describer and the
    /// encoding reach them in turn.
    package static func applied(to value: Any) -> Any {
        guard !isSuspended else { return value }
        switch RedactionsByType.kind(of: value) {
        case .plain:
            return value
        case .partOfDeclaring(let redact):
            return redact(value)
        case .declaring:
            guard let redacting = value as? any SessionRedacting else { return value }
            guard !(type(of: redacting) is AnyClass) else {
                return UnredactableObject(typeName: ValueDescriber.typeName(type(of: redacting)))
            }
            return redacting.withDeclaredRedaction
        }
    }

    /// Makes sure that what `values` hold of a child state that declares its redaction is redacted when they are
    /// shown: the states an output has at hand are looked into for the declaring states behind the types inside
    /// `values`, when one of those types is new (see ``RedactionsByType``). Call it before an event or an effect is
    /// described or encoded.
    ///
    /// - Parameters:
    ///   - values: The events and effects about to be shown.
    ///   - states: The states around them (the transition's, the log's); read only when needed.
    ///   - lookout: What the output looked for already: one per logger, test store or write.
    package static func learnDeclarations(
        showing values: [Any], in states: @autoclosure () -> [Any], lookout: RedactionsByType.Lookout
    ) {
        guard !isSuspended else { return }
        RedactionsByType.learnDeclarations(showing: values, in: states, lookout: lookout)
    }

    /// `value` ready for a `JSONEncoder`: encoded as its type encodes it, but with every ``SessionRedacting`` part,
    /// at any depth, encoded in its redacted form.
    ///
    /// `Date`, `Data`, `URL` and `Decimal` are given to the encoder as they are, so that it writes them in its own
    /// forms; what is inside them declares nothing.
    package static func encodable(_ value: any Encodable) -> any Encodable {
        if isSuspended || isEncoderPrimitive(value) { return value }
        return RedactingEncodable(value: value)
    }

    /// Whether `a` and `b` encode alike once the parts that declare their own redaction are redacted, and differently
    /// before: a state read from a session file holds those parts' placeholders where the state replayed holds their
    /// values, and two values that differ only in such a part show no difference.
    package static func differOnlyInRedactedParts(_ a: Any, _ b: Any) -> Bool {
        guard let redacted = ValueDescriber.encodingText(a), redacted == ValueDescriber.encodingText(b) else {
            return false
        }
        return ValueDescriber.encodingText(a, redacting: false) != ValueDescriber.encodingText(b, redacting: false)
    }

    /// Whether a `JSONEncoder` writes `value` in a form of its own rather than through `encode(to:)`.
    private static func isEncoderPrimitive(_ value: Any) -> Bool {
        value is Date || value is Data || value is URL || value is Decimal || value is String || value is Bool
            || value is Int || value is Double
    }
}

/// What stands for a part that declares its redaction but is an object: redacting a copy of it would change the app's
/// own object, so it is shown as a note, and refuses to be encoded, saying how to fix it.
package struct UnredactableObject: CustomStringConvertible, Encodable {
    let typeName: String

    package var description: String {
        "<\(typeName): not shown; it declares a redaction (SessionRedacting) but is a class>"
    }

    package func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            typeName,
            EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "\(typeName) declares a redaction (SessionRedacting) but is a class: redacting it "
                    + "would change the app's own object, so it was not written. To fix, make \(typeName) a struct "
                    + "or an enum."))
    }
}

extension SessionRedacting {
    /// This value with ``sessionRedaction`` applied.
    fileprivate var withDeclaredRedaction: Self { Self.sessionRedaction.redacted(self) }
}

/// A value that encodes in its redacted form, and hands each of its parts to the encoder redacted in turn.
private struct RedactingEncodable: Encodable {
    let value: any Encodable

    func encode(to encoder: any Encoder) throws {
        let redacted = NestedRedaction.applied(to: value) as? any Encodable ?? value
        try redacted.encode(to: RedactingEncoder(base: encoder))
    }
}

/// An encoder that passes everything to `base` and wraps each value handed to it in ``RedactingEncodable``: the output
/// is byte for byte what `base` writes for the redacted value.
private struct RedactingEncoder: Encoder {
    let base: any Encoder
    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RedactingKeyedContainer(base: base.container(keyedBy: type)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RedactingUnkeyedContainer(base: base.unkeyedContainer())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RedactingSingleValueContainer(base: base.singleValueContainer())
    }
}

private struct RedactingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeOpened(NestedRedaction.encodable(value), forKey: key)
    }

    private mutating func encodeOpened<T: Encodable>(_ value: T, forKey key: Key) throws {
        try base.encode(value, forKey: key)
    }

    mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try base.encode(value, forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(
            RedactingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType, forKey: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RedactingUnkeyedContainer(base: base.nestedUnkeyedContainer(forKey: key))
    }

    mutating func superEncoder() -> any Encoder { RedactingEncoder(base: base.superEncoder()) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        RedactingEncoder(base: base.superEncoder(forKey: key))
    }
}

/// The unkeyed and the single-value container: their values go to `base` through ``forward(_:)``, each value handed
/// to them redacted in turn.
private protocol RedactingValueContainer {
    /// Gives `value` to the container this one wraps, as it is.
    mutating func forward<T: Encodable>(_ value: T) throws
}

extension RedactingValueContainer {
    mutating func encode<T: Encodable>(_ value: T) throws { try forward(NestedRedaction.encodable(value)) }
    mutating func encode(_ value: Bool) throws { try forward(value) }
    mutating func encode(_ value: String) throws { try forward(value) }
    mutating func encode(_ value: Double) throws { try forward(value) }
    mutating func encode(_ value: Float) throws { try forward(value) }
    mutating func encode(_ value: Int) throws { try forward(value) }
    mutating func encode(_ value: Int8) throws { try forward(value) }
    mutating func encode(_ value: Int16) throws { try forward(value) }
    mutating func encode(_ value: Int32) throws { try forward(value) }
    mutating func encode(_ value: Int64) throws { try forward(value) }
    mutating func encode(_ value: UInt) throws { try forward(value) }
    mutating func encode(_ value: UInt8) throws { try forward(value) }
    mutating func encode(_ value: UInt16) throws { try forward(value) }
    mutating func encode(_ value: UInt32) throws { try forward(value) }
    mutating func encode(_ value: UInt64) throws { try forward(value) }
}

private struct RedactingUnkeyedContainer: UnkeyedEncodingContainer, RedactingValueContainer {
    var base: any UnkeyedEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    mutating func forward<T: Encodable>(_ value: T) throws { try base.encode(value) }
    mutating func encodeNil() throws { try base.encodeNil() }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RedactingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        RedactingUnkeyedContainer(base: base.nestedUnkeyedContainer())
    }

    mutating func superEncoder() -> any Encoder { RedactingEncoder(base: base.superEncoder()) }
}

private struct RedactingSingleValueContainer: SingleValueEncodingContainer, RedactingValueContainer {
    var base: any SingleValueEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func forward<T: Encodable>(_ value: T) throws { try base.encode(value) }
    mutating func encodeNil() throws { try base.encodeNil() }
}
