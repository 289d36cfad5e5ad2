import EffectStore
import EffectStoreLogging
import Foundation

/// Turns a recorded session into one self-contained HTML page to look at in a browser: every transition on a
/// timeline, the state after the selected one as a tree, and what changed from the step before, by path.
///
/// The page has no network access and loads nothing: its script, style and data are inside it, and its content security
/// policy allows nothing else, so it opens from disk and can be attached to a bug report. It reads the session's JSON
/// generically — any `Codable` state, no Swift type of the app. From the command line:
///
/// ```
/// swift run recruitment-demo --record session.json
/// swift run effectstore-inspect session.json          # writes session.html beside it
/// ```
///
/// From code, for example to look at a recording a test replays:
///
/// ```swift
/// let page = try SessionInspector.page(forSessionJSON: Data(contentsOf: sessionURL), title: "Checkout bug")
/// try page.write(to: pageURL, atomically: true, encoding: .utf8)
/// ```
///
/// In the page, ← and → step through the transitions (those the filters show), Home and End go to the first and the
/// last, the slider moves through time, and the address ends in `#step-412` for the selected step, so a link can
/// point at it. Filters keep the transitions whose event contains a text, or that came from one origin.
///
/// Every value is embedded as JSON with `<`, `>` and `&` escaped, and shown as text: a state or an event that holds
/// markup or script shows as that text and runs nothing.
public enum SessionInspector {
    /// Why a file is not a session the inspector can show. Its ``description`` names what is wrong and, when it can,
    /// the entry (counting from 1, as the page does).
    public struct InputError: Error, CustomStringConvertible, Sendable, Equatable {
        /// What is wrong, in a sentence a user can act on.
        public let description: String
        /// The entry that is wrong, from 1; `nil` when the problem is not in one entry.
        public let entry: Int?

        /// Creates an error.
        ///
        /// ```swift
        /// throw SessionInspector.InputError("entry 3 has no \"state\"", entry: 3)
        /// ```
        ///
        /// - Parameters:
        ///   - description: What is wrong.
        ///   - entry: The entry that is wrong, from 1, or `nil`.
        public init(_ description: String, entry: Int? = nil) {
            self.description = description
            self.entry = entry
        }
    }

    /// The inspector page of a session, from the JSON that ``SessionLog/write(to:)`` or ``SessionLog/jsonData()``
    /// wrote — of format 2, or of format 1, written by an earlier version, whose states the page shows without their
    /// Swift type names.
    ///
    /// ```swift
    /// let html = try SessionInspector.page(forSessionJSON: data, title: "session.json")
    /// ```
    ///
    /// - Parameters:
    ///   - data: The session's JSON.
    ///   - title: The page's title, shown at its top.
    /// - Returns: The whole page, as HTML. Runs on the calling thread.
    /// - Throws: ``InputError`` when `data` is not UTF-8 JSON, or not a recorded session: it says what is wrong, and
    ///   where (line, column and entry) when it can.
    public static func page(forSessionJSON data: Data, title: String = "Recorded session") throws -> String {
        let session = try validate(data)
        return SessionInspectorPage.html(title: title, sessionJSON: session.json ?? data, summary: session.summary)
    }

    /// The inspector page of the session in the file at `url` (see ``page(forSessionJSON:title:)``).
    ///
    /// ```swift
    /// let html = try SessionInspector.page(forSessionAt: URL(fileURLWithPath: "session.json"))
    /// ```
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - title: The page's title; the file's name by default.
    /// - Returns: The whole page, as HTML. Runs on the calling thread.
    /// - Throws: ``InputError`` when the file cannot be read (a directory, a missing file) or is not a session.
    public static func page(forSessionAt url: URL, title: String? = nil) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw InputError("There is no file at \(url.path). To fix, give the path of the session's JSON file.")
        }
        guard !isDirectory.boolValue else {
            throw InputError(
                "\(url.path) is a directory, not a session file. To fix, give the path of the JSON file that "
                    + "SessionLog.write(to:) wrote.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason =
                ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription
                ?? (error as NSError).localizedDescription
            throw InputError("\(url.path) cannot be read: \(reason). To fix, check the file's permissions.")
        }
        return try page(forSessionJSON: data, title: title ?? url.lastPathComponent)
    }

    /// A session checked, and what the page embeds: its own JSON (format 2), or the JSON it was converted to
    /// (format 1).
    struct ValidSession {
        var summary: SessionSummary
        /// The JSON to embed when it is not the file's own.
        var json: Data?
    }

    /// Checks that `data` is a recorded session: UTF-8 JSON, an object with a supported `formatVersion`, an
    /// `initialState`, a `droppedEntryCount` and `entries`, each with its number, time, origin and — unless it is an
    /// undo or a redo — its event; in format 2 also what changed, and in format 1 its state.
    static func validate(_ data: Data) throws -> ValidSession {
        guard !data.isEmpty else {
            throw InputError(
                "The file is empty. A recorded session is the JSON that SessionLog.write(to:) writes; to fix, record "
                    + "the session again.")
        }
        try checkEncoding(data)
        let probe: SessionProbe
        do {
            probe = try JSONDecoder().decode(SessionProbe.self, from: data)
        } catch let error as InputError {
            throw error
        } catch {
            // Not JSON: Foundation's parser says where, and why.
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
                throw notJSON(data, detail: detail)
            }
            throw InputError("The file is not a recorded session: \(error).")
        }
        if let duplicate = firstDuplicateKey(in: data) {
            let place = JSONPlace(of: duplicate.offset, in: data)
            throw InputError(
                "The file holds the key \(ValueDescriber.quoted(duplicate.key)) twice in one object, the second at "
                    + "\(place.description): readers disagree on which copy counts, so the page would not show what "
                    + "was checked. SessionLog.write(to:) never writes such a file; to fix, record the session again.",
                entry: place.entry)
        }
        let summary = SessionSummary(entryCount: probe.entryCount, droppedEntryCount: probe.droppedEntryCount)
        guard probe.version == 1 else { return ValidSession(summary: summary, json: nil) }
        return ValidSession(summary: summary, json: try SessionFormatOne.convert(data))
    }

    /// Refuses text that is not UTF-8 — UTF-16 or UTF-32, bytes that are no UTF-8, or a string escaping half of a
    /// UTF-16 pair — saying where.
    static func checkEncoding(_ data: Data) throws {
        let head = Array(data.prefix(4))
        let utf =
            "A session is UTF-8 JSON, as SessionLog.write(to:) writes it. To fix, write it again with "
            + "SessionLog.write(to:), or convert it: iconv -f UTF-16 -t UTF-8 session.json > session-utf8.json."
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            throw InputError("The file is UTF-16 text (it starts with a UTF-16 byte order mark), not UTF-8. " + utf)
        }
        if head.count >= 2, head.prefix(4).contains(0) {
            throw InputError(
                "The file is UTF-16 or UTF-32 text (its first characters are ASCII with zero bytes between them), "
                    + "not UTF-8. " + utf)
        }
        if let offset = loneSurrogate(in: data) {
            let place = JSONPlace(of: offset, in: data)
            let escape = String(decoding: data[(data.startIndex + offset)...].prefix(6), as: UTF8.self)
            throw InputError(
                "The file holds a lone surrogate, \(escape), at \(place.description): half of a UTF-16 pair, "
                    + "escaped in a string, which is no character. To fix, record the session again (a text edited "
                    + "by hand must escape both halves of the pair, or none).",
                entry: place.entry)
        }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return }  // a UTF-8 byte order mark: JSON parsers skip it
        if let offset = firstInvalidUTF8(in: data) {
            let place = JSONPlace(of: offset, in: data)
            let byte = String(data[data.startIndex + offset], radix: 16, uppercase: true)
            throw InputError(
                "The file is not UTF-8 text: the byte 0x\(byte) at \(place.description), is not valid UTF-8. A session "
                    + "is UTF-8 JSON, as SessionLog.write(to:) writes it; to fix, record the session again (a file "
                    + "edited by hand must be saved as UTF-8).",
                entry: place.entry)
        }
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence, or `nil`.
    static func firstInvalidUTF8(in data: Data) -> Int? {
        var index = 0
        let bytes = [UInt8](data)
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let minimum: UInt32
            switch byte {
            case 0xC2...0xDF: (length, minimum) = (2, 0x80)
            case 0xE0...0xEF: (length, minimum) = (3, 0x800)
            case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            var scalar = UInt32(byte) & (0xFF >> (length + 1))
            for next in 1..<length {
                let continuation = bytes[index + next]
                guard continuation & 0xC0 == 0x80 else { return index + next }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return index }
            index += length
        }
        return nil
    }

    /// The error for data that is not JSON, placed: where the parser stopped ("around character N"), or the end of the
    /// data when it ended early — by line and column, and by entry when that place is inside one. Nesting deeper than
    /// the reader allows is named as such.
    static func notJSON(_ data: Data, detail: String) -> InputError {
        let offset = characterOffset(in: detail)
        if detail.contains("Too many nested") {
            let place = JSONPlace(of: min(offset ?? data.count, data.count), in: data)
            return InputError(
                "The file nests arrays and objects deeper than the JSON reader allows (512 levels), at "
                    + "\(place.description). A session nests as deep as its state; to fix, record a state that is "
                    + "less deeply nested, or check that the file is the session you meant.",
                entry: place.entry)
        }
        let place = JSONPlace(of: min(offset ?? data.count, data.count), in: data)
        let what =
            offset == nil
            ? "it ends at \(place.description): it is truncated, or was cut while being written"
            : "at \(place.description), the text is not JSON"
        return InputError(
            "The file is not JSON (\(detail)): \(what). To fix, record the session again and write it with "
                + "SessionLog.write(to:).",
            entry: place.entry)
    }

    /// The first key that an object of JSON `data` holds twice, with the offset of its second copy; `nil` when no
    /// object does. Keys are compared as their strings read, escapes resolved. `data` must be valid JSON.
    static func firstDuplicateKey(in data: Data) -> (key: String, offset: Int)? {
        let bytes = [UInt8](data)
        // For each open container: the keys of an object so far (`nil` for an array), and whether a key comes next.
        var objects: [(keys: Set<String>?, expectingKey: Bool)] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): objects.append((keys: [], expectingKey: true))
            case UInt8(ascii: "["): objects.append((keys: nil, expectingKey: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): objects.removeLast()
            case UInt8(ascii: ","): if objects.last?.keys != nil { objects[objects.count - 1].expectingKey = true }
            case UInt8(ascii: "\""):
                let start = index
                var escaped = false
                var hasEscape = false
                index += 1
                while index < bytes.count {
                    let byte = bytes[index]
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                        hasEscape = true
                    } else if byte == UInt8(ascii: "\"") {
                        break
                    }
                    index += 1
                }
                guard let last = objects.last, last.expectingKey, var keys = last.keys, index < bytes.count else {
                    break
                }
                let key =
                    hasEscape
                    ? (try? JSONDecoder().decode(String.self, from: Data(bytes[start...index])))
                        ?? String(decoding: bytes[start...index], as: UTF8.self)
                    : String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
                guard keys.insert(key).inserted else { return (key, start) }
                objects[objects.count - 1] = (keys: keys, expectingKey: false)
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The offset of the first `\uD800`–`\uDFFF` escape that is not half of a pair, or `nil`.
    static func loneSurrogate(in data: Data) -> Int? {
        let bytes = [UInt8](data)
        func escape(at index: Int) -> UInt32? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            return UInt32(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
        }
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = false
                index += 1
            } else if byte == UInt8(ascii: "\\") {
                if let unit = escape(at: index), (0xD800...0xDFFF).contains(unit) {
                    guard unit < 0xDC00, let low = escape(at: index + 6), (0xDC00...0xDFFF).contains(low) else {
                        return index
                    }
                    index += 12
                } else {
                    index += 2
                }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// N in Foundation's "… around character N." message, if there is one.
    private static func characterOffset(in detail: String) -> Int? {
        guard let range = detail.range(of: "around character ") else { return nil }
        return Int(detail[range.upperBound...].prefix { $0.isNumber })
    }

}

/// Where a byte offset of JSON text is: its line and column, and the session entry it falls in (counting from 1),
/// found by a light scan that follows strings and nesting — enough to place an error in text that does not parse.
struct JSONPlace: Equatable {
    var line = 1
    var column = 1
    var entry: Int?

    init(line: Int, column: Int, entry: Int?) {
        self.line = line
        self.column = column
        self.entry = entry
    }

    /// "line 3, column 7", with ", inside entry 2" when it is inside one.
    var description: String {
        "line \(line), column \(column)" + (entry.map { ", inside entry \($0)" } ?? "")
    }

    init(of offset: Int, in data: Data) {
        var inString = false
        var escaped = false
        var depth = 0
        var string: [UInt8] = []
        var lastTopLevelString = ""
        var entriesDepth: Int?  // the depth inside the top-level "entries" array, while it is open
        var entries = 0
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // count characters, not the continuation bytes of UTF-8
                column += 1
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1 { lastTopLevelString = String(decoding: string, as: UTF8.self) }
                } else if depth == 1 {
                    string.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                string = []
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if byte == UInt8(ascii: "{"), depth == entriesDepth { entries += 1 }
                if byte == UInt8(ascii: "["), depth == 1, lastTopLevelString == "entries" { entriesDepth = 2 }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 1, entriesDepth != nil {
                    entriesDepth = nil
                    entries = 0
                }
            default:
                break
            }
        }
        if let entriesDepth, depth > entriesDepth { entry = entries }
    }
}

/// What the page says of a session before its script runs.
struct SessionSummary: Equatable {
    var entryCount: Int
    var droppedEntryCount: Int
}

extension SessionLog where S: Codable, S.Event: Codable {
    /// The inspector page of this log (see ``SessionInspector``).
    ///
    /// ```swift
    /// let html = try recorder.log.inspectorPage(title: "Checkout")
    /// try html.write(to: URL(fileURLWithPath: "checkout.html"), atomically: true, encoding: .utf8)
    /// ```
    ///
    /// - Parameter title: The page's title; the state type's name by default.
    /// - Returns: The whole page, as HTML.
    /// - Throws: An `EncodingError` when a state or an event fails to encode. Runs on the calling thread.
    public func inspectorPage(title: String? = nil) throws -> String {
        try SessionInspector.page(forSessionJSON: jsonData(), title: title ?? "\(S.self) session")
    }
}
