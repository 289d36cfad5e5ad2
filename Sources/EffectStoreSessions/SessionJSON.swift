import EffectStore
import EffectStoreLogging
import Foundation

/// JSON text being written, a piece at a time, to a file in chunks — so a session of any length is written without
/// building the whole file in memory — or to memory.
final class SessionJSONOutput {
    private var bytes: [UInt8] = []
    private let file: FileHandle?
    /// How many bytes are kept before they go to the file.
    private static let chunk = 1 << 20

    /// Output that goes to `file`, or stays in memory when `nil` (see ``data``).
    init(file: FileHandle?) {
        self.file = file
        bytes.reserveCapacity(file == nil ? 1 << 16 : Self.chunk + (1 << 16))
    }

    /// Appends text as it is.
    func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends bytes that are JSON already (a value `JSONEncoder` wrote).
    func raw(_ data: Data) {
        bytes.append(contentsOf: data)
    }

    /// Appends `text` as a JSON string: quoted, with `"`, `\`, control characters and U+2028/U+2029 escaped.
    func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: #"\""#.utf8)
            case "\\": bytes.append(contentsOf: #"\\"#.utf8)
            case "\n": bytes.append(contentsOf: #"\n"#.utf8)
            case "\r": bytes.append(contentsOf: #"\r"#.utf8)
            case "\t": bytes.append(contentsOf: #"\t"#.utf8)
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default:
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes what is kept to the file when it has grown past a chunk.
    func flushIfNeeded() throws {
        guard let file, bytes.count >= Self.chunk else { return }
        try file.write(contentsOf: bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes everything kept to the file.
    func flush() throws {
        guard let file, !bytes.isEmpty else { return }
        try file.write(contentsOf: bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// What was written, for output kept in memory.
    var data: Data { Data(bytes) }
}

/// Any JSON value, read with `Codable`: what a session file holds that no Swift type of the app describes — the
/// changes of an entry, the recorded form of an effect — kept so that a replay can compare them, and written back as
/// it was read.
package enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .integer(let integer): try container.encode(integer)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    /// The JSON text `data` holds, read as a value.
    init(json data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The value as JSON text, keys sorted.
    package var jsonData: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }
}

extension JSONValue: CustomValueStructure {
    /// A JSON value as the inspector shows a state of an older session file, which holds no Swift type names: an
    /// object's keys in order, an array's elements, a string quoted; `{"case": {"_0": …}}` as `case(_0: …)`.
    package var valueStructure: ValueStructure {
        switch self {
        case .null: return .text("nil")
        case .bool(let bool): return .text(String(bool))
        case .integer(let integer): return .text(String(integer))
        case .number(let number): return .text(String(number))
        case .string(let string): return .text(ValueDescriber.quoted(string))
        case .array(let array): return .elements(array, typeName: "")
        case .object(let object):
            let keys = object.keys.sorted()
            if keys.count == 1, let key = keys.first, case .object(let payload)? = object[key] {
                // An enum case as Swift's synthesized Codable writes it.
                if payload.isEmpty { return .text(key) }
                let fields = payload.keys.sorted().map { (label: $0, value: (payload[$0] ?? JSONValue.null) as Any) }
                return .fields(fields, typeName: key)
            }
            return .fields(keys.map { (label: $0, value: (object[$0] ?? JSONValue.null) as Any) }, typeName: "")
        }
    }
}
