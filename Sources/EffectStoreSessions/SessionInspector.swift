import EffectStore
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

    /// The inspector page of a session, from the JSON that ``SessionLog/jsonData()`` or
    /// ``SessionLog/write(to:)`` wrote.
    ///
    /// ```swift
    /// let html = try SessionInspector.page(forSessionJSON: data, title: "session.json")
    /// ```
    ///
    /// - Parameters:
    ///   - data: The session's JSON.
    ///   - title: The page's title, shown at its top.
    /// - Returns: The whole page, as HTML.
    /// - Throws: ``InputError`` when `data` is not JSON, or not a recorded session (a missing or malformed field,
    ///   naming the entry).
    public static func page(forSessionJSON data: Data, title: String = "Recorded session") throws -> String {
        let summary = try validate(data)
        return SessionInspectorPage.html(title: title, sessionJSON: data, summary: summary)
    }

    /// Checks that `data` is a recorded session: a JSON object with a supported `formatVersion`, an `initialState`,
    /// a `droppedEntryCount` and `entries`, each with its number, time, origin, state and — unless it is an undo or
    /// a redo — its event.
    ///
    /// - Returns: What the page's header says of the session.
    static func validate(_ data: Data) throws -> SessionSummary {
        guard !data.isEmpty else {
            throw InputError(
                "The file is empty. A recorded session is the JSON that SessionLog.write(to:) writes; to fix, record "
                    + "the session again.")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw notJSON(data, detail: detail)
        }
        guard let object = root as? [String: Any] else {
            throw InputError(
                "The file is JSON but not a recorded session: its top level is \(kind(of: root)), not an object "
                    + "with \"formatVersion\", \"initialState\" and \"entries\".")
        }
        guard let version = object["formatVersion"] as? Int else {
            throw InputError(
                "The file is JSON but not a recorded session: it has no number \"formatVersion\". A session is "
                    + "written by SessionLog.write(to:) or a SessionRecorder's log.")
        }
        guard version == 1 else {
            throw InputError(
                "The session is in format \(version); this inspector reads format 1. To fix, use the "
                    + "effectstore-inspect of the EffectStore version that recorded it.")
        }
        guard object["initialState"] != nil else {
            throw InputError("The session has no \"initialState\".")
        }
        guard let dropped = object["droppedEntryCount"] as? Int, dropped >= 0 else {
            throw InputError("The session has no \"droppedEntryCount\" (a number, 0 or more).")
        }
        guard let entries = object["entries"] as? [Any] else {
            throw InputError("The session has no \"entries\" list.")
        }
        for (index, element) in entries.enumerated() {
            try validateEntry(element, number: index + 1, of: entries.count)
        }
        return SessionSummary(entryCount: entries.count, droppedEntryCount: dropped)
    }

    /// The error for data that is not JSON, placed: where the parser stopped ("around character N"), or the end of the
    /// data when it ended early — by line and column, and by entry when that place is inside one.
    static func notJSON(_ data: Data, detail: String) -> InputError {
        let offset = characterOffset(in: detail)
        let place = JSONPlace(of: min(offset ?? data.count, data.count), in: data)
        var position = "line \(place.line), column \(place.column)"
        if let entry = place.entry { position += ", inside entry \(entry)" }
        let what =
            offset == nil
            ? "it ends at \(position): it is truncated, or was cut while being written"
            : "at \(position), the text is not JSON"
        return InputError(
            "The file is not JSON (\(detail)): \(what). To fix, record the session again and write it with "
                + "SessionLog.write(to:).",
            entry: place.entry)
    }

    /// N in Foundation's "… around character N." message, if there is one.
    private static func characterOffset(in detail: String) -> Int? {
        guard let range = detail.range(of: "around character ") else { return nil }
        return Int(detail[range.upperBound...].prefix { $0.isNumber })
    }

    private static let origins = TransitionOrigin.allCases.map(\.rawValue)

    private static func validateEntry(_ element: Any, number: Int, of count: Int) throws {
        let at = "Entry \(number) of \(count)"
        guard let entry = element as? [String: Any] else {
            throw InputError("\(at) is \(kind(of: element)), not an object.", entry: number)
        }
        guard let origin = entry["origin"] as? String else {
            throw InputError("\(at) has no \"origin\".", entry: number)
        }
        guard origins.contains(origin) else {
            throw InputError(
                "\(at) has origin \"\(origin)\"; it must be one of \(origins.joined(separator: ", ")).", entry: number)
        }
        guard entry["sequenceNumber"] is NSNumber else {
            throw InputError("\(at) has no number \"sequenceNumber\".", entry: number)
        }
        guard entry["time"] is NSNumber else {
            throw InputError("\(at) has no number \"time\".", entry: number)
        }
        guard entry["state"] != nil else {
            throw InputError("\(at) has no \"state\".", entry: number)
        }
        if entry["event"] == nil || entry["event"] is NSNull, origin != "undo", origin != "redo" {
            throw InputError(
                "\(at) (origin \(origin)) has no \"event\"; only an undo or a redo is recorded without one.",
                entry: number)
        }
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is [Any]: return "a list"
        case is String: return "a string"
        case is NSNull: return "null"
        case is NSNumber: return "a number"
        default: return "an object"
        }
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
    /// - Throws: An `EncodingError` when a state or an event fails to encode.
    public func inspectorPage(title: String? = nil) throws -> String {
        try SessionInspector.page(forSessionJSON: jsonData(), title: title ?? "\(S.self) session")
    }
}
