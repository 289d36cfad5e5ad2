import EffectStore
import Foundation
import XCTest

@testable import EffectStoreSessions

/// The inspector page, data in and data out: the session goes in whole and escaped, bad input is refused with a
/// message naming the entry. (`.ci/check-inspector` opens the page in a real browser.)
final class SessionInspectorTests: XCTestCase {
    private let hostile = "</script><script>alert(1)</script>\u{2028}&amp;"

    /// A counter with a name: a small Codable state for sessions made here.
    struct Named: State, Equatable, Codable {
        var count = 0
        var name = ""
        enum Event: Sendable, Equatable, Codable { case increment, rename(String) }
        typealias Effect = Never
        static var initialState: Named { Named() }
        mutating func handle(event: Event) -> Never? {
            switch event {
            case .increment: count += 1
            case .rename(let name): self.name = name
            }
            return nil
        }
    }

    /// A session of `count` increments as the file holds it (format 2), each entry passed through `change` as a
    /// dictionary first.
    private func sessionJSON(entries count: Int = 3, change: (inout [String: Any], Int) -> Void = { _, _ in }) -> Data {
        var state = Named()
        let entries = (1...count).map { number -> SessionLog<Named>.Entry in
            _ = state.handle(event: .increment)
            return .init(
                sequenceNumber: UInt64(number), time: Date(timeIntervalSinceReferenceDate: 800_000_000.5),
                origin: .dispatch, event: .increment, state: state)
        }
        let data = try! SessionLog(initialState: Named(), entries: entries).jsonData()
        var session = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        var list = session["entries"] as! [[String: Any]]
        for index in list.indices { change(&list[index], index + 1) }
        session["entries"] = list
        return try! JSONSerialization.data(withJSONObject: session, options: [.sortedKeys])
    }

    /// The JSON the page embeds, as the browser's `JSON.parse` reads it.
    private func embeddedJSON(in page: String) throws -> Any {
        let start = try XCTUnwrap(page.range(of: "<script type=\"application/json\" id=\"session-data\">"))
        let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        return try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
    }

    // MARK: The page

    func test_page_embedsTheWholeSession_unchanged() throws {
        let json = sessionJSON(entries: 5)
        let page = try SessionInspector.page(forSessionJSON: json, title: "five.json")

        let embedded = try embeddedJSON(in: page) as? NSDictionary
        XCTAssertEqual(embedded, try JSONSerialization.jsonObject(with: json) as? NSDictionary)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.contains("<h1>five.json</h1><span id=\"summary\">5 transitions</span>"))
        XCTAssertTrue(
            page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "),
            "nothing may load from anywhere")
    }

    func test_page_markupInAValue_cannotCloseTheDataOrStartAnElement_andReadsBackTheSame() throws {
        let time = Date(timeIntervalSinceReferenceDate: 0)
        let log = SessionLog(
            initialState: Named(),
            entries: [
                .init(sequenceNumber: 1, time: time, origin: .dispatch, event: .increment, state: Named(count: 1)),
                .init(
                    sequenceNumber: 2, time: time, origin: .dispatch, event: .rename(hostile),
                    state: Named(count: 1, name: hostile)),
            ])
        let page = try SessionInspector.page(forSessionJSON: log.jsonData(), title: hostile)

        XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 2, "the data element and the script only")
        XCTAssertFalse(page.contains("alert(1)</script>"))
        let data = try XCTUnwrap(page.components(separatedBy: "id=\"session-data\">").last)
        XCTAssertFalse(data.contains("\u{2028}"), "a line separator ends a line in a script; it is escaped")
        XCTAssertTrue(data.contains(#"\u003cscript\u003ealert(1)"#))
        XCTAssertTrue(page.contains("<h1>&lt;/script&gt;&lt;script&gt;alert(1)"), "the title is escaped as text")
        let embedded = try XCTUnwrap(embeddedJSON(in: page) as? [String: Any])
        let entries = try XCTUnwrap(embedded["entries"] as? [[String: Any]])
        let event = try XCTUnwrap(entries[1]["event"] as? [String: Any])
        XCTAssertEqual((event["rename"] as? [String: Any])?["_0"] as? String, hostile, "the same text, read back")
    }

    func test_page_saysWhenEntriesWereDropped() throws {
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: sessionJSON()) as? [String: Any])
        object["droppedEntryCount"] = 40
        let page = try SessionInspector.page(forSessionJSON: JSONSerialization.data(withJSONObject: object))
        XCTAssertTrue(page.contains("3 transitions, 40 dropped"))
    }

    func test_sessionLog_inspectorPage_isThePageOfItsJSON() throws {
        let time = Date(timeIntervalSinceReferenceDate: 0)
        let log = SessionLog(
            initialState: Ledger(),
            entries: [
                .init(sequenceNumber: 1, time: time, origin: .dispatch, event: .deposit(5), state: Ledger(balance: 5)),
                .init(sequenceNumber: 2, time: time, origin: .undo, event: nil, state: Ledger()),
            ])

        let page = try log.inspectorPage()

        XCTAssertTrue(page.contains("<h1>Ledger session</h1><span id=\"summary\">2 transitions</span>"))
        let embedded = try XCTUnwrap(embeddedJSON(in: page) as? NSDictionary)
        XCTAssertEqual(embedded, try JSONSerialization.jsonObject(with: log.jsonData()) as? NSDictionary)
    }

    // MARK: Bad input

    private func refusal(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> SessionInspector
        .InputError?
    {
        do {
            _ = try SessionInspector.page(forSessionJSON: data)
            XCTFail("the input was accepted", file: file, line: line)
        } catch let error as SessionInspector.InputError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    func test_input_notJSON_orTruncated_isRefused() {
        let truncated = sessionJSON().prefix(40)
        XCTAssertTrue(refusal(Data(truncated))?.description.hasPrefix("The file is not JSON (") ?? false)
        let hello = refusal(Data("hello".utf8))
        XCTAssertTrue(hello?.description.contains("at line 1, column 1, the text is not JSON") ?? false)
        XCTAssertTrue(refusal(Data())?.description.hasPrefix("The file is empty.") ?? false)
    }

    /// The place of a parse error: Foundation names a character for a bad value and nothing for an early end.
    func test_input_notJSON_isPlacedByLineColumnAndEntry() throws {
        let json = sessionJSON(entries: 10)
        let seventh = try XCTUnwrap(String(decoding: json, as: UTF8.self).range(of: #""sequenceNumber":7"#))
        let cut = String(decoding: json, as: UTF8.self)[..<seventh.lowerBound].utf8.count

        let truncated = refusal(Data(json.prefix(cut)))
        XCTAssertEqual(truncated?.entry, 7)
        XCTAssertTrue(
            truncated?.description.contains(
                "it ends at line 1, column \(cut + 1), inside entry 7: it is truncated, or was cut while being written")
                ?? false, truncated?.description ?? "")

        var broken = json
        broken.insert(contentsOf: Data("xx".utf8), at: cut)
        let invalid = refusal(broken)
        XCTAssertEqual(invalid?.entry, 7)
        XCTAssertTrue(invalid?.description.contains(", inside entry 7, the text is not JSON") ?? false)
    }

    func test_jsonPlace_countsLinesColumnsAndEntries_andIgnoresBracesInStrings() {
        let text = """
            {
              "entries" : [
                { "event" : "{[ not a brace ]}", "state" : { "a" : 1 } },
                { "event" : "é",
            """
        let data = Data(text.utf8)
        XCTAssertEqual(JSONPlace(of: data.count, in: data), JSONPlace(line: 4, column: 21, entry: 2))
        let inFirst = Data(text.utf8).prefix(text.utf8.count - 30)
        XCTAssertEqual(JSONPlace(of: inFirst.count, in: inFirst).entry, 1)
        XCTAssertEqual(JSONPlace(of: 3, in: data), JSONPlace(line: 2, column: 2, entry: nil))
    }

    func test_input_jsonThatIsNoSession_isRefused_sayingWhatIsMissing() {
        XCTAssertEqual(
            refusal(Data("[1, 2]".utf8))?.description,
            "The file is JSON but not a recorded session: its top level is a list, not an object with "
                + "\"formatVersion\", \"initialState\" and \"entries\".")
        let noVersion = refusal(Data(#"{"entries": []}"#.utf8))
        XCTAssertTrue(noVersion?.description.contains("no number \"formatVersion\"") ?? false)
        XCTAssertTrue(refusal(Data(#"{"formatVersion": 3}"#.utf8))?.description.contains("in format 3") ?? false)
        XCTAssertEqual(
            refusal(Data(#"{"formatVersion": 1, "initialState": 0, "droppedEntryCount": 0}"#.utf8))?.description,
            "The session has no \"entries\" list.")
    }

    func test_input_aBrokenEntry_isRefused_namingTheEntry() {
        let noChanges = refusal(sessionJSON(entries: 10) { entry, number in if number == 7 { entry["changes"] = nil } })
        XCTAssertEqual(
            noChanges,
            SessionInspector.InputError(
                "Entry 7 of 10 has no \"changes\" list: what changed from the entry before.", entry: 7))

        let origin = refusal(sessionJSON { entry, number in if number == 2 { entry["origin"] = "magic" } })
        XCTAssertEqual(origin?.entry, 2)
        XCTAssertEqual(
            origin?.description,
            "Entry 2 of 3 has origin \"magic\"; it must be one of dispatch, effect, eventSource, undo, redo.")

        let noEvent = refusal(sessionJSON { entry, number in if number == 3 { entry["event"] = nil } })
        XCTAssertEqual(noEvent?.entry, 3)
        XCTAssertTrue(noEvent?.description.contains("has no \"event\"; only an undo or a redo") ?? false)

        let notAnObject = refusal(
            Data(#"{"formatVersion": 1, "initialState": 0, "droppedEntryCount": 0, "entries": [7]}"#.utf8))
        XCTAssertEqual(notAnObject, SessionInspector.InputError("Entry 1 of 1 is a number, not an object.", entry: 1))
    }

    func test_input_anUndoOrRedo_needsNoEvent() throws {
        let json = sessionJSON { entry, number in
            guard number >= 2 else { return }
            entry["origin"] = number == 2 ? "undo" : "redo"
            entry["event"] = nil
        }
        XCTAssertNoThrow(try SessionInspector.page(forSessionJSON: json))
    }
}
