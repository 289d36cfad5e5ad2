import EffectStore
import Foundation

/// A session file checked as `Decodable`, reading only what the inspector checks — the format, the counts, each
/// entry's origin, number, time, event, changes and effect — and skipping states and views without building them, so
/// that a session of 10,000 entries is checked in a fraction of the memory a parsed tree of it takes. Each problem is
/// an ``SessionInspector/InputError`` that says what is wrong and, when it can, which entry.
struct SessionProbe: Decodable {
    var version: Int
    var droppedEntryCount: Int
    var entryCount: Int

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private typealias InputError = SessionInspector.InputError

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Key.self) else {
            throw InputError(
                "The file is JSON but not a recorded session: its top level is \(Self.kind(of: decoder)), not an "
                    + "object with \"formatVersion\", \"initialState\" and \"entries\".")
        }
        guard container.contains(Key("formatVersion")) else {
            throw InputError(
                "The file is JSON but not a recorded session: it has no number \"formatVersion\". A session is "
                    + "written by SessionLog.write(to:) or a SessionRecorder's log.")
        }
        guard let version = try? container.decode(Int.self, forKey: Key("formatVersion")) else {
            let kind = Self.kind(of: try container.superDecoder(forKey: Key("formatVersion")))
            throw InputError(
                "The file's \"formatVersion\" is \(kind), not a whole number: a session written by "
                    + "SessionLog.write(to:) has 1 or 2 there. To fix, record the session again.")
        }
        guard version == 1 || version == 2 else {
            throw InputError(
                "The session is in format \(version); this inspector reads formats 1 and 2. To fix, use the "
                    + "effectstore-inspect of the EffectStore version that recorded it.")
        }
        self.version = version
        guard container.contains(Key("initialState")) else {
            throw InputError("The session has no \"initialState\".")
        }
        guard let dropped = try? container.decode(Int.self, forKey: Key("droppedEntryCount")), dropped >= 0 else {
            throw InputError("The session has no \"droppedEntryCount\" (a whole number, 0 or more).")
        }
        droppedEntryCount = dropped
        guard var entries = try? container.nestedUnkeyedContainer(forKey: Key("entries")) else {
            throw InputError("The session has no \"entries\" list.")
        }
        if version == 2, (try? container.nestedContainer(keyedBy: Key.self, forKey: Key("initialView"))) == nil {
            throw InputError("The session has no \"initialView\" (an object): the tree the page shows first.")
        }
        let count = entries.count ?? 0
        entryCount = count
        var number = 0
        while !entries.isAtEnd {
            number += 1
            try Self.checkEntry(try entries.superDecoder(), number: number, of: count, version: version)
        }
    }

    private static let origins = TransitionOrigin.allCases.map(\.rawValue)

    private static func checkEntry(_ decoder: any Decoder, number: Int, of count: Int, version: Int) throws {
        let at = "Entry \(number) of \(count)"
        guard let entry = try? decoder.container(keyedBy: Key.self) else {
            throw InputError("\(at) is \(kind(of: decoder)), not an object.", entry: number)
        }
        guard let origin = try? entry.decode(String.self, forKey: Key("origin")) else {
            throw InputError("\(at) has no \"origin\".", entry: number)
        }
        guard origins.contains(origin) else {
            throw InputError(
                "\(at) has origin \"\(origin)\"; it must be one of \(origins.joined(separator: ", ")).", entry: number)
        }
        for (key, whole) in [("sequenceNumber", true), ("time", false)] {
            guard entry.contains(Key(key)) else {
                throw InputError("\(at) has no number \"\(key)\".", entry: number)
            }
            let isNumber =
                whole
                ? (try? entry.decode(UInt64.self, forKey: Key(key))) != nil
                : (try? entry.decode(Double.self, forKey: Key(key))) != nil
            guard isNumber else {
                let kind = kind(of: try entry.superDecoder(forKey: Key(key)))
                throw InputError(
                    "\(at) has \"\(key)\" \(kind), not a \(whole ? "whole number" : "number").", entry: number)
            }
        }
        if version == 1 {
            guard entry.contains(Key("state")) else {
                throw InputError("\(at) has no \"state\".", entry: number)
            }
        } else {
            guard (try? entry.nestedUnkeyedContainer(forKey: Key("changes"))) != nil else {
                throw InputError("\(at) has no \"changes\" list: what changed from the entry before.", entry: number)
            }
            if entry.contains(Key("view")), (try? entry.nestedContainer(keyedBy: Key.self, forKey: Key("view"))) == nil
            {
                let kind = kind(of: try entry.superDecoder(forKey: Key("view")))
                throw InputError("\(at) has a \"view\" that is \(kind), not an object.", entry: number)
            }
            if entry.contains(Key("effect")), (try? entry.decodeNil(forKey: Key("effect"))) != true {
                let effect = try? entry.nestedContainer(keyedBy: Key.self, forKey: Key("effect"))
                guard (try? effect?.decode(String.self, forKey: Key("text"))) != nil else {
                    throw InputError("\(at) has an \"effect\" without its \"text\".", entry: number)
                }
            }
        }
        let hasEvent = entry.contains(Key("event")) && (try? entry.decodeNil(forKey: Key("event"))) != true
        if !hasEvent, origin != "undo", origin != "redo" {
            throw InputError(
                "\(at) (origin \(origin)) has no \"event\"; only an undo or a redo is recorded without one.",
                entry: number)
        }
    }

    /// What the value `decoder` holds is, in words: "a list", "true", "a string", "a number".
    static func kind(of decoder: any Decoder) -> String {
        if (try? decoder.container(keyedBy: Key.self)) != nil { return "an object" }
        if (try? decoder.unkeyedContainer()) != nil { return "a list" }
        guard let value = try? decoder.singleValueContainer() else { return "a value" }
        if value.decodeNil() { return "null" }
        if let bool = try? value.decode(Bool.self) { return bool ? "true" : "false" }
        if (try? value.decode(Double.self)) != nil { return "a number" }
        if (try? value.decode(String.self)) != nil { return "a string" }
        return "a value"
    }
}
