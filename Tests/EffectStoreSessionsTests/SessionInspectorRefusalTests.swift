import EffectStore
import Foundation
import XCTest

@testable import EffectStoreSessions

/// Issue 34, item 6: each file the inspector cannot show is refused with a message that says what is wrong. Each
/// failed before: bad UTF-8 and a lone surrogate were called "truncated", a UTF-16 file and a Boolean format version,
/// number or time were accepted, deep nesting was "not JSON", and a directory gave "NSCocoaErrorDomain error 256".
final class SessionInspectorRefusalTests: XCTestCase {
    /// A valid session of format 2, as text.
    private func session() throws -> String {
        let time = Date(timeIntervalSinceReferenceDate: 0)
        let log = SessionLog(
            initialState: Ledger(),
            entries: [
                .init(sequenceNumber: 1, time: time, origin: .dispatch, event: .deposit(5), state: Ledger(balance: 5)),
                .init(sequenceNumber: 2, time: time, origin: .dispatch, event: .deposit(1), state: Ledger(balance: 6)),
            ])
        return String(decoding: try log.jsonData(), as: UTF8.self)
    }

    private func refusal(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try SessionInspector.page(forSessionJSON: data)
            XCTFail("the input was accepted", file: file, line: line)
        } catch {
            return (error as? SessionInspector.InputError)?.description ?? "not an InputError: \(error)"
        }
        return ""
    }

    func test_aSessionAsItIsWritten_isAccepted() throws {
        XCTAssertNoThrow(try SessionInspector.page(forSessionJSON: Data(try session().utf8)))
    }

    func test_anInvalidUTF8Byte_isNamed_withItsPlace() throws {
        var data = Data(try session().utf8)
        let place = try XCTUnwrap(data.firstRange(of: Data("\"deposit\"".utf8)))
        data[place.lowerBound + 1] = 0xFF
        let message = refusal(data)
        XCTAssertTrue(message.hasPrefix("The file is not UTF-8 text: the byte 0xFF at line "), message)
        XCTAssertTrue(message.contains(", inside entry 1, is not valid UTF-8."), message)
    }

    func test_aLoneSurrogate_isNamed_withItsPlace() throws {
        let text = try session().replacingOccurrences(of: #""eventText":"deposit(1)""#, with: #""eventText":"\ud800x""#)
        let message = refusal(Data(text.utf8))
        XCTAssertTrue(message.hasPrefix(#"The file holds a lone surrogate, \ud800, at line "#), message)
        XCTAssertTrue(message.contains("inside entry 2"), message)
        XCTAssertTrue(refusal(Data(#"{"a": "\udc00"}"#.utf8)).contains("lone surrogate"))
        XCTAssertTrue(refusal(Data(#"{"a": "\ud800\ud800"}"#.utf8)).contains("lone surrogate"))
        XCTAssertNoThrow(
            try SessionInspector.page(
                forSessionJSON: Data(
                    try session().replacingOccurrences(
                        of: #""eventText":"deposit(1)""#, with: #""eventText":"\ud83d\ude00""#
                    ).utf8)),
            "a pair is one character")
    }

    func test_aUTF16File_isRefused_sayingHowToConvertIt() throws {
        let withMark = try XCTUnwrap(try session().data(using: .utf16))
        XCTAssertTrue(refusal(withMark).hasPrefix("The file is UTF-16 text (it starts with a UTF-16 byte order mark)"))
        let withoutMark = try XCTUnwrap(try session().data(using: .utf16LittleEndian))
        let message = refusal(withoutMark)
        XCTAssertTrue(message.hasPrefix("The file is UTF-16 or UTF-32 text"), message)
        XCTAssertTrue(message.contains("iconv -f UTF-16 -t UTF-8"), message)
    }

    func test_aBooleanFormatVersion_isRefused() throws {
        let text = try session().replacingOccurrences(of: #""formatVersion":2"#, with: #""formatVersion":true"#)
        XCTAssertEqual(
            refusal(Data(text.utf8)),
            "The file's \"formatVersion\" is true, not a whole number: a session written by SessionLog.write(to:) "
                + "has 1 or 2 there. To fix, record the session again.")
    }

    func test_aBooleanSequenceNumberOrTime_isRefused_namingTheEntry() throws {
        let number = try session().replacingOccurrences(of: #""sequenceNumber":2"#, with: #""sequenceNumber":false"#)
        XCTAssertEqual(refusal(Data(number.utf8)), "Entry 2 of 2 has \"sequenceNumber\" false, not a whole number.")
        let time = try session().replacingOccurrences(of: #""time":0.0"#, with: #""time":true"#)
        XCTAssertEqual(refusal(Data(time.utf8)), "Entry 1 of 2 has \"time\" true, not a number.")
    }

    func test_nestingDeeperThanTheReaderAllows_isNamed() throws {
        let deep = try session().replacingOccurrences(
            of: #""eventText":"deposit(1)""#,
            with: #""eventText":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        let message = refusal(Data(deep.utf8))
        XCTAssertTrue(
            message.hasPrefix("The file nests arrays and objects deeper than the JSON reader allows (512 levels), at "),
            message)
        XCTAssertTrue(message.contains("inside entry 2"), message)
    }

    func test_aDirectory_isRefused_sayingToGiveTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        XCTAssertThrowsError(try SessionInspector.page(forSessionAt: directory)) { error in
            let message = (error as? SessionInspector.InputError)?.description ?? "\(error)"
            XCTAssertTrue(message.hasPrefix("\(directory.path) is a directory, not a session file."), message)
        }
        XCTAssertThrowsError(try SessionInspector.page(forSessionAt: directory.appendingPathComponent("none.json"))) {
            XCTAssertTrue(($0 as? SessionInspector.InputError)?.description.hasPrefix("There is no file at ") ?? false)
        }
    }

    /// A session of format 1, written by an earlier version, still opens: the page shows its states and changes.
    func test_aSessionOfFormatOne_stillOpens() throws {
        let json = #"""
            {"formatVersion": 1, "droppedEntryCount": 0, "initialState": {"count": 0, "items": [{"done": false}]},
             "entries": [
              {"sequenceNumber": 1, "time": 0, "origin": "dispatch", "event": {"toggle": {"_0": 0}},
               "state": {"count": 0, "items": [{"done": true}]}, "effect": {"save": {"_0": 1}}},
              {"sequenceNumber": 2, "time": 1, "origin": "undo", "state": {"count": 0, "items": [{"done": false}]}}
            ]}
            """#
        let page = try SessionInspector.page(forSessionJSON: Data(json.utf8))
        XCTAssertTrue(page.contains("<span id=\"summary\">2 transitions</span>"))
        XCTAssertTrue(page.contains(#""convertedFrom":1"#))
        XCTAssertTrue(page.contains(#""eventText":"toggle(_0: 0)""#), page)
        XCTAssertTrue(page.contains(#"{"p":[".items","[0]",".done"],"op":"set","to":{"v":"true"}}"#), page)
        XCTAssertTrue(page.contains(#""effect":{"text":"save(_0: 1)""#), page)
    }
}
