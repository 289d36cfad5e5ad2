import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStoreSessions

/// A search over rows whose effects use plans — cancellation by id, in flight too, and a delay — with ids of its own.
/// Its work is `Encodable`; the recording encodes plans and ids itself, and asks `Planned` only for the work.
struct PlannedSearch: State, Equatable, Codable {
    struct Row: Identifiable, Equatable, Sendable, Codable {
        let id: Int
        var isOn = false
    }

    var query = ""
    var rows = IdentifiedStates((0..<1_000).map { Row(id: $0) })

    enum Event: Sendable, Equatable, Codable { case typed(String), toggle(Int), cleared }
    enum SearchID: Hashable, Sendable, Codable { case request, timer }

    enum Work: Sendable, Equatable, Encodable { case search(String), tick }
    typealias Effect = Planned<Work>

    static var initialState: PlannedSearch { PlannedSearch() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .typed(let query):
            self.query = query
            return .all(
                Effect.work(.search(query)).cancellable(id: SearchID.request, cancelInFlight: true),
                Effect.work(.tick).delayed(by: .seconds(1), id: SearchID.timer))
        case .toggle(let id):
            rows[id: id]?.isOn.toggle()
            return nil
        case .cleared:
            query = ""
            return .cancel(id: SearchID.request)
        }
    }
}

/// Issue 35, parts 1 and 3: every step's effect is recorded, plans and cancellations included, whatever the effect
/// type; an entry holds what changed, not the whole state, with keyframes; a replay checks both. Each test failed
/// before: the file held no effect of a type with plans, and every entry held its whole state.
final class SessionFileTests: XCTestCase {
    private func recordedSearch(events: [PlannedSearch.Event]) -> SessionLog<PlannedSearch> {
        let store = Store<PlannedSearch>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store)
        for event in events { store.dispatch(event: event) }
        _ = store.dispatch(event: .toggle(0)).wait(timeout: .seconds(5))
        return recorder.log
    }

    func test_effectsWithPlans_areRecorded_withWhatTheyStartAndCancel_byID() throws {
        let log = recordedSearch(events: [.typed("swift"), .cleared])
        let data = try log.jsonData()
        let file = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try XCTUnwrap(file["entries"] as? [[String: Any]])

        let typed = try XCTUnwrap(entries[0]["effect"] as? [String: Any])
        XCTAssertEqual(
            typed["text"] as? String,
            #"all(work(.search("swift")).cancellable(id: request, cancelInFlight: true), work(.tick).delayed(by: 1000 ms, id: timer))"#
        )
        let starts = try XCTUnwrap(typed["starts"] as? [[String: Any]])
        XCTAssertEqual(starts.map { $0["effect"] as? String }, [#"work(.search("swift"))"#, "work(.tick)"])
        XCTAssertEqual(
            starts.map { $0["under"] as? [String] },
            [["cancellable(id: request, cancelInFlight: true)"], ["delayed(by: 1000 ms, id: timer)"]])
        XCTAssertEqual((typed["cancels"] as? [[String: Any]])?.map { $0["id"] as? String }, ["request"])
        XCTAssertEqual((typed["cancels"] as? [[String: Any]])?.map { $0["inFlight"] as? Bool }, [true])

        let cleared = try XCTUnwrap(entries[1]["effect"] as? [String: Any])
        XCTAssertEqual(cleared["text"] as? String, "cancel(id: request)")
        XCTAssertEqual((cleared["cancels"] as? [[String: Any]])?.map { $0["inFlight"] as? Bool }, [false])
        let id = try XCTUnwrap((cleared["value"] as? [String: Any])?["cancel"] as? [String: Any])
        XCTAssertEqual(id["type"] as? String, "PlannedSearch.SearchID", "an id is recorded with its type's name")
        XCTAssertTrue(entries[2]["effect"] is NSNull, "no effect is written as null")
        XCTAssertNil(file["effectsNote"], "every effect and id is Codable: nothing to say")

        let read = try SessionLog<PlannedSearch>(jsonData: data)
        XCTAssertEqual(read.entries.map(\.effectDescription), log.entries.map(\.effectDescription))
        let failures = TestFailureCollector()
        assertReplayMatchesRecording(read, reporter: failures.reporter)
        XCTAssertEqual(failures.messages, [])
    }

    /// Read from a file, a recorded effect with plans is compared in its recorded form, ids and their types included.
    func test_replay_ofAFile_comparesEffectsWithPlans_byTheirRecordedForm() throws {
        let log = recordedSearch(events: [.typed("swift"), .cleared])
        // What an older logic recorded: the cancellation under another id.
        let text = String(decoding: try log.jsonData(), as: UTF8.self)
            .replacingOccurrences(
                of: #"{"cancel":{"type":"PlannedSearch.SearchID","value":{"request":{}}}}"#,
                with: #"{"cancel":{"type":"PlannedSearch.SearchID","value":{"timer":{}}}}"#
            )
            .replacingOccurrences(of: #""text":"cancel(id: request)""#, with: #""text":"cancel(id: timer)""#)
        let read = try SessionLog<PlannedSearch>(jsonData: Data(text.utf8))
        let failures = TestFailureCollector()

        assertReplayMatchesRecording(read, reporter: failures.reporter)

        XCTAssertEqual(failures.messages.count, 1)
        let message = failures.messages.first ?? ""
        XCTAssertTrue(
            message.contains("diverges at entry 2 of 3 (#2, dispatch): the state is the same, the effect is not"),
            message)
        XCTAssertTrue(message.contains("  expected effect (recorded): .cancel(id: timer)\n"), message)
        XCTAssertTrue(message.contains("  actual effect (replayed):   .cancel(id: request)"), message)
    }

    func test_anEntry_holdsWhatChanged_notTheWholeState_andKeyframesHoldIt() throws {
        let store = Store<PlannedSearch>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store)
        for index in 0..<1_000 { store.dispatch(event: .toggle(index)) }
        _ = store.dispatch(event: .typed("x")).wait(timeout: .seconds(30))
        let log = recorder.log

        let data = try log.jsonData()
        let file = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try XCTUnwrap(file["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 1_001)
        let changes = try XCTUnwrap(entries[499]["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.first?["p"] as? [String], [".rows", "[id: 499]", ".isOn"])
        XCTAssertEqual((changes.first?["to"] as? [String: Any])?["v"] as? String, "true")
        let keyframes = entries.indices.filter { entries[$0]["state"] != nil }
        XCTAssertEqual(keyframes, [499, 999, 1_000], "every 500th entry and the last")
        // About 250 bytes an entry, and the whole state (22 kB, and 85 kB as the page's tree) at each keyframe; every
        // entry held its whole state before: 22 MB.
        XCTAssertLessThan(data.count, 800_000, "\(data.count) bytes")

        let read = try SessionLog<PlannedSearch>(jsonData: data)
        XCTAssertNil(read.entries[0].state)
        XCTAssertEqual(read.entries[999].state, log.entries[999].state)
        XCTAssertEqual(read.finalState, store.state)
        XCTAssertTrue(read.replay().allSatisfy(\.matchesRecording))
    }

    /// Between keyframes a replay compares what changed: logic that toggles another row is caught at that entry.
    func test_replay_ofAFile_betweenKeyframes_reportsWhatChangedInsteadOfTheState() throws {
        let log = recordedSearch(events: [.toggle(5), .toggle(6)])
        let text = String(decoding: try log.jsonData(), as: UTF8.self)
            .replacingOccurrences(of: #"[".rows","[id: 6]",".isOn"]"#, with: #"[".rows","[id: 7]",".isOn"]"#)
        let read = try SessionLog<PlannedSearch>(jsonData: Data(text.utf8))
        let failures = TestFailureCollector()

        assertReplayMatchesRecording(read, reporter: failures.reporter)

        let message = failures.messages.first ?? ""
        XCTAssertTrue(message.contains("diverges at entry 2 of 3 (#2, dispatch):"), message)
        XCTAssertTrue(message.contains("  expected changes (recorded):\n    .rows[id: 7].isOn → true\n"), message)
        XCTAssertTrue(message.contains("  actual changes (replayed):\n    .rows[id: 6].isOn → true\n"), message)
    }

    /// Issue 35, part 6: the page shows events with their labels and type names. Failed before: the page wrote
    /// `item(toggle, id: 3)` and `signedUp((email: …))` from the Codable JSON.
    func test_events_areWrittenForThePage_asSwiftWritesThem() throws {
        let time = Date(timeIntervalSinceReferenceDate: 0)
        let log = SessionLog(
            initialState: NestedEvents(),
            entries: [
                .init(sequenceNumber: 1, time: time, origin: .dispatch, event: .item(id: 3, .toggle), state: .init()),
                .init(
                    sequenceNumber: 2, time: time, origin: .dispatch, event: .signedUp(.init(email: "a@b.c")),
                    state: .init(email: "a@b.c")),
            ])
        let entries = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: log.jsonData()) as? [String: Any])?["entries"] as? [[String: Any]])
        XCTAssertEqual(
            entries.map { $0["eventText"] as? String },
            ["item(id: 3, .toggle)", #"signedUp(NestedEvents.Details(email: "a@b.c"))"#])
    }

    func test_write_streamsTheSameBytes_asJSONData_andReplacesTheFile() throws {
        let log = recordedSearch(events: [.typed("a"), .toggle(3)])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("old".utf8).write(to: url)

        try log.write(to: url)

        XCTAssertEqual(try Data(contentsOf: url), try log.jsonData())
        let siblings = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        XCTAssertFalse(siblings.contains { $0.hasPrefix(".\(url.lastPathComponent)") }, "no partial file is left")
    }

    /// Effects whose ids are not Codable are recorded, and the replay says once that it cannot compare them.
    func test_effectsThatCannotRoundTrip_areShown_andTheFileSaysSoOnce() throws {
        let store = Store<OpaqueTimer>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store)
        for _ in 0..<3 { store.dispatch(event: .start) }
        _ = store.dispatch(event: .start).wait(timeout: .seconds(5))
        let data = try recorder.log.jsonData()
        let text = String(decoding: data, as: UTF8.self)

        XCTAssertEqual(text.components(separatedBy: "cannot compare").count - 1, 1, text)
        XCTAssertTrue(
            text.contains(#"OpaqueTimer.Scope(name: \"t\") (of type OpaqueTimer.Scope) is not Codable"#), text)
        let read = try SessionLog<OpaqueTimer>(jsonData: data)
        XCTAssertEqual(
            read.entries.first?.effectDescription,
            "work(.tick).delayed(by: 1000 ms, id: OpaqueTimer.Scope(name: \"t\"))")
        XCTAssertNotNil(read.effectComparisonNote)
        let page = try SessionInspector.page(forSessionJSON: data)
        XCTAssertTrue(page.contains("(of type OpaqueTimer.Scope) is not Codable"))
    }
}

/// A form whose events nest: the page shows them as Swift writes them.
struct NestedEvents: State, Equatable, Codable {
    struct Details: Equatable, Codable, Sendable { var email: String }
    enum RowEvent: Equatable, Codable, Sendable { case toggle }
    enum Event: Equatable, Codable, Sendable { case item(id: Int, RowEvent), signedUp(Details) }
    typealias Effect = Never
    var email = ""
    static var initialState: NestedEvents { NestedEvents() }
    mutating func handle(event: Event) -> Never? {
        if case .signedUp(let details) = event { email = details.email }
        return nil
    }
}

/// A timer whose id is not Codable. Its work encodes itself: what cannot round-trip is the id alone.
struct OpaqueTimer: State, Equatable, Codable {
    var starts = 0
    struct Scope: Hashable, Sendable { var name: String }
    enum Event: Sendable, Equatable, Codable { case start }
    enum Work: Sendable, Equatable, Encodable { case tick }
    typealias Effect = Planned<Work>
    static var initialState: OpaqueTimer { OpaqueTimer() }
    mutating func handle(event: Event) -> Effect? {
        starts += 1
        return Effect.work(.tick).delayed(by: .seconds(1), id: Scope(name: "t"))
    }
}
