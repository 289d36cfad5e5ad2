import EffectStore
import Foundation
/// The package's one describer of values: what parts a value has (``shape(of:)``), and the value in one line as Swift
/// writes it (``line(_:nested:)``) — labels, type names without their module, enum cases as `.case(label: value)`,
/// strings quoted with their control and bidirectional characters escaped.
///
/// It serves the diffs of EffectStoreTesting (``ValueDiff``), the ``TransitionLogger``'s lines and the session
/// inspector's page, so that all three show a value alike. A value that adopts ``/EffectStore/CustomValueStructure`` gives its own
/// parts (``IdentifiedStates`` and ``ScreenStack`` do: rows by id, never their bookkeeping); any other is read through
/// its `Mirror`. `package`: not public API.
package enum ValueDescriber {
    /// How deep a description goes before it writes `String(describing:)` instead: guards against cyclic objects.
    package static let maxDepth = 48

    /// A value with parts: its kind, its type name and its children.
    package struct Composite {
        /// What kind of value, which says how its children are named and compared.
        package enum Kind: Equatable {
            /// A struct or a class: named fields.
            case structure
            /// A tuple: its labels, or `.0`, `.1`.
            case tuple
            /// An enum case; its payload, if any, is its one child.
            case enumCase(String)
            /// An array or other positional collection.
            case list
            /// Elements named by id (``ValueStructure/identified(_:typeName:)``).
            case identified
            /// A dictionary, by key, in the keys' sorted order.
            case dictionary
            /// A set, by element, in sorted order.
            case set
        }

        /// The children, in the form their kind needs.
        package enum Children {
            case named([(label: String, value: Any)])
            case payload(Any?)
            case list([Any])
            case identified([(id: AnyHashable, element: Any)])
            case keyed([(key: String, value: Any)])
        }

        package let kind: Kind
        package let typeName: String
        package let children: Children

        /// The children with the path component that names each, in order.
        package var namedChildren: [(component: PathComponent, value: Any)] {
            switch children {
            case .named(let fields):
                return fields.map { (PathComponent.field($0.label), $0.value) }
            case .payload(let payload):
                guard case .enumCase(let name) = kind, let payload else { return [] }
                return [(.caseName(name), payload)]
            case .list(let elements):
                return elements.enumerated().map { (.index($0.offset), $0.element) }
            case .identified(let elements):
                return elements.map { (.id(ValueDescriber.line($0.id.base, nested: true)), $0.element) }
            case .keyed(let pairs):
                return pairs.map { (kind == .set ? .element($0.key) : .key($0.key), $0.value) }
            }
        }

        /// How many children.
        package var count: Int {
            switch children {
            case .named(let fields): return fields.count
            case .payload(let payload): return payload == nil ? 0 : 1
            case .list(let elements): return elements.count
            case .identified(let elements): return elements.count
            case .keyed(let pairs): return pairs.count
            }
        }
    }

    /// A value's parts, or the text of a value that has none.
    package enum Shape {
        case leaf(String)
        case composite(Composite)
    }

    /// The parts of `value`: its ``/EffectStore/CustomValueStructure``, or what its `Mirror` shows. Optionals are their wrapped
    /// value (`nil` a leaf); strings, numbers and values with a description of their own are leaves. A part that
    /// declares its own redaction (``SessionRedacting``) is shown redacted, at any depth (`NestedRedaction`).
    package static func shape(of value: Any) -> Shape {
        let value = NestedRedaction.applied(to: value)
        if let custom = value as? any CustomValueStructure {
            return shape(of: custom.valueStructure, value: value)
        }
        switch value {
        case let string as String: return .leaf(quoted(string))
        case let substring as Substring: return .leaf(quoted(String(substring)))
        case let character as Character: return .leaf(quoted(String(character)))
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return .leaf("nil") }
            return shape(of: wrapped.value)
        case .collection:
            return .composite(
                Composite(kind: .list, typeName: typeName(of: value), children: .list(mirror.children.map(\.value))))
        case .set:
            let elements = mirror.children.map { (key: line($0.value, nested: true), value: $0.value) }
            return .composite(
                Composite(
                    kind: .set, typeName: typeName(of: value), children: .keyed(elements.sorted { $0.key < $1.key })))
        case .dictionary:
            let pairs = mirror.children.compactMap { child -> (key: String, value: Any)? in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return nil }
                return (key: line(pair[0].value, nested: true), value: pair[1].value)
            }
            return .composite(
                Composite(
                    kind: .dictionary, typeName: typeName(of: value), children: .keyed(pairs.sorted { $0.key < $1.key })
                ))
        case .tuple:
            let fields = mirror.children.enumerated().map { index, child in
                (label: tupleLabel(child.label, index), value: child.value)
            }
            return .composite(Composite(kind: .tuple, typeName: "", children: .named(fields)))
        case .enum:
            if hasOwnDescription(value) { return .leaf(escaped(String(describing: value))) }
            let payload = mirror.children.first
            let name = payload?.label ?? String(describing: value)
            return .composite(
                Composite(kind: .enumCase(name), typeName: typeName(of: value), children: .payload(payload?.value)))
        case .struct, .class:
            if hasOwnDescription(value) { return .leaf(escaped(String(describing: value))) }
            var children = Array(mirror.children)
            var superclass = mirror.superclassMirror
            while let next = superclass {
                children.insert(contentsOf: next.children, at: 0)
                superclass = next.superclassMirror
            }
            let fields = children.enumerated().map { index, child in
                (label: child.label ?? "\(index)", value: child.value)
            }
            return .composite(Composite(kind: .structure, typeName: typeName(of: value), children: .named(fields)))
        default:
            return .leaf(escaped(String(describing: value)))
        }
    }

    private static func shape(of structure: ValueStructure, value: Any) -> Shape {
        let name = structure.typeName ?? typeName(of: value)
        switch structure.parts {
        case .fields(let fields):
            return .composite(Composite(kind: .structure, typeName: name, children: .named(fields)))
        case .identified(let elements):
            func erased(_ id: some Hashable) -> AnyHashable { AnyHashable(id) }
            var children: [(id: AnyHashable, element: Any)] = []
            children.reserveCapacity(elements.count)
            for element in elements {
                let id: any Hashable = element.id
                children.append((id: erased(id), element: element.element))
            }
            return .composite(Composite(kind: .identified, typeName: name, children: .identified(children)))
        case .elements(let elements):
            return .composite(Composite(kind: .list, typeName: name, children: .list(elements)))
        case .text(let text):
            return .leaf(escaped(text))
        }
    }

    /// A tuple element's label: its own, or its position.
    private static func tupleLabel(_ label: String?, _ index: Int) -> String {
        guard let label, !label.hasPrefix(".") else { return "\(index)" }
        return label
    }

    /// Types that say how they print, other than the standard library's containers (which have their own shapes).
    private static func hasOwnDescription(_ value: Any) -> Bool {
        !(value is any DescribedByParts) && (value is CustomStringConvertible || value is CustomDebugStringConvertible)
    }

    // MARK: - One line

    /// `value` in one line, as Swift writes it: `item(id: 3, .toggle)`, `signedUp(SignUp.Details(email: "a@b.c"))`,
    /// `Row(id: 1, isOn: true)`, `["a": 1]`, `nil`. Enum cases nested in another value start with a dot; the
    /// outermost one does when `nested` is true (failure messages write `.loading`, logs `loading`).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - nested: Whether an outermost enum case starts with a dot.
    /// - Returns: The line, without a line break: control and bidirectional characters are escaped.
    package static func line(_ value: Any, nested: Bool) -> String {
        var text = ""
        write(value, nested: nested, depth: 0, into: &text)
        return text
    }

    private static func write(_ value: Any, nested: Bool, depth: Int, into text: inout String) {
        guard depth < maxDepth else {
            text += escaped(String(describing: value))
            return
        }
        switch shape(of: value) {
        case .leaf(let leaf):
            text += leaf
        case .composite(let composite):
            write(composite, nested: nested, depth: depth, into: &text)
        }
    }

    private static func write(_ composite: Composite, nested: Bool, depth: Int, into text: inout String) {
        func elements(_ values: [Any]) {
            for (index, element) in values.enumerated() {
                if index > 0 { text += ", " }
                write(element, nested: true, depth: depth + 1, into: &text)
            }
        }
        func fields(_ fields: [(label: String, value: Any)], positional: Bool) {
            for (index, field) in fields.enumerated() {
                if index > 0 { text += ", " }
                if !(positional && field.label == "\(index)") { text += field.label + ": " }
                write(field.value, nested: true, depth: depth + 1, into: &text)
            }
        }
        switch (composite.kind, composite.children) {
        case (.enumCase(let name), .payload(let payload)):
            text += (nested ? "." : "") + name
            guard let payload else { return }
            text += "("
            if case .composite(let inner) = shape(of: payload), inner.kind == .tuple,
                case .named(let labelled) = inner.children
            {
                fields(labelled, positional: true)
            } else {
                write(payload, nested: true, depth: depth + 1, into: &text)
            }
            text += ")"
        case (.tuple, .named(let labelled)):
            text += "("
            fields(labelled, positional: true)
            text += ")"
        case (_, .named(let labelled)):
            text += composite.typeName + "("
            fields(labelled, positional: false)
            text += ")"
        case (_, .list(let values)):
            text += "["
            elements(values)
            text += "]"
        case (_, .identified(let pairs)):
            text += "["
            elements(pairs.map(\.element))
            text += "]"
        case (.dictionary, .keyed(let pairs)):
            guard !pairs.isEmpty else {
                text += "[:]"
                return
            }
            text += "["
            for (index, pair) in pairs.enumerated() {
                if index > 0 { text += ", " }
                text += pair.key + ": "
                write(pair.value, nested: true, depth: depth + 1, into: &text)
            }
            text += "]"
        case (_, .keyed(let pairs)):
            text += "[" + pairs.map(\.key).joined(separator: ", ") + "]"
        case (_, .payload):
            text += composite.typeName
        }
    }

    // MARK: - Names and text

    /// The name of `value`'s type without its module: `SignUp.Details`, `IdentifiedStates<Row>`.
    package static func typeName(of value: Any) -> String {
        typeName(type(of: value))
    }

    /// The names made so far, by type: a diff asks for the name of every value it looks into, and making one from
    /// `String(reflecting:)` took 14% of writing a session (`effectstore-session-bench`).
    private static let typeNames = LockedBox.make([ObjectIdentifier: String]())

    /// The name of `type` as Swift writes it in source, without modules: `String(reflecting:)` with every module
    /// prefix, and the contexts of local and private types, taken out (`SignUp.Details`, `Array<Row>`).
    package static func typeName(_ type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = typeNames.withLock({ $0[key] }) { return name }
        let name = makeTypeName(type)
        typeNames.withLock { $0[key] = name }
        return name
    }

    private static func makeTypeName(_ type: Any.Type) -> String {
        var name = String(reflecting: type)
        // "(unknown context at $10a2b3c4d)." for local and private types: an address, different on every run.
        while let start = name.range(of: "(unknown context at $"),
            let end = name[start.upperBound...].range(of: ").")
        {
            name.removeSubrange(start.lowerBound..<end.upperBound)
        }
        while let start = name.range(of: "(extension in "), let end = name[start.upperBound...].range(of: "):") {
            name.removeSubrange(start.lowerBound..<end.upperBound)
        }
        // Drop the first component of every dotted name: the module.
        var result = ""
        var path: [Substring] = []
        var identifier = ""
        func endPath() {
            if !identifier.isEmpty { path.append(Substring(identifier)) }
            identifier = ""
            result += (path.count > 1 ? path.dropFirst() : path[...]).joined(separator: ".")
            path = []
        }
        for character in name {
            if character.isLetter || character.isNumber || character == "_" {
                identifier.append(character)
            } else if character == ".", !identifier.isEmpty {
                path.append(Substring(identifier))
                identifier = ""
            } else {
                endPath()
                result.append(character)
            }
        }
        endPath()
        return result
    }

    /// `string` as a Swift string literal: quoted, with `"`, `\`, control characters, line and paragraph separators
    /// and bidirectional controls escaped, so that nothing reorders or hides the text that follows (`"‮evil"` reads
    /// `"\u{202E}evil"`).
    package static func quoted(_ string: String) -> String {
        "\"" + escaped(string, quoting: true) + "\""
    }

    /// `text` with its control, separator and bidirectional characters escaped as in a Swift literal (`\n`,
    /// `\u{202E}`); with `quoting`, `"` and `\` too. Joiners (U+200C, U+200D), which emoji sequences use, stay.
    package static func escaped(_ text: String, quoting: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, quoting: quoting) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, quoting: quoting) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, quoting: Bool) -> Bool {
        if scalar.isASCII {
            return scalar.value < 0x20 || scalar.value == 0x7F || (quoting && (scalar == "\"" || scalar == "\\"))
        }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
            return true
        case .format:
            return scalar.value != 0x200C && scalar.value != 0x200D
        default:
            return false
        }
    }

    // MARK: - Equality

    /// `value`'s JSON encoding, keys sorted, when it is `Encodable` and encodes; `nil` otherwise. What tells apart two
    /// values that read the same (a `Date` and one a quarter second later). Parts that declare their own redaction
    /// (``SessionRedacting``) are encoded redacted, unless `redacting` is `false`: such an encoding never leaves the
    /// program.
    package static func encodingText(_ value: Any, redacting: Bool = true) -> String? {
        guard let encodable = value as? any Encodable else { return nil }
        let redacted = redacting ? NestedRedaction.encodable(encodable) : encodable
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+infinity", negativeInfinity: "-infinity", nan: "nan")
        return (try? encoder.encode(redacted)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `a` and `b` encode alike (``encodingText(_:)``): `nil` when one of them has no encoding, or they are
    /// not of one type.
    package static func encodingsEqual(_ a: Any, _ b: Any) -> Bool? {
        guard type(of: a) == type(of: b), let first = encodingText(a), let second = encodingText(b) else { return nil }
        return first == second
    }

    /// Whether `a` and `b` are equal by their own `==`: `nil` when they are not of one `Equatable` type.
    package static func areEqual(_ a: Any, _ b: Any) -> Bool? {
        guard let equatable = a as? any Equatable else { return nil }
        return equatable.isEqual(toAny: b)
    }
}

extension Equatable {
    /// `self == other` when `other` is a `Self`; `nil` otherwise.
    fileprivate func isEqual(toAny other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}

/// One step of a path into a value, as diffs write it: `.name` for a field or an enum case, `[3]` for a position,
/// `[id: 500]` for an element named by id, `["key"]` for a dictionary's key; a set's element is named by its text.
package enum PathComponent: Hashable, Sendable {
    case field(String)
    case caseName(String)
    case index(Int)
    case id(String)
    case key(String)
    case element(String)

    /// The component as a path writes it.
    package var text: String {
        switch self {
        case .field(let label), .caseName(let label): return "." + label
        case .index(let index): return "[\(index)]"
        case .id(let id): return "[id: \(id)]"
        case .key(let key): return "[\(key)]"
        case .element(let element): return element
        }
    }
}
