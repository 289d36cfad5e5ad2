import EffectStore
import EffectStoreLogging
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStoreSessions

/// A roster whose people's pins are secret.
private struct Roster: SessionRedacting, Equatable, Codable {
    struct Person: Equatable, Sendable, Codable {
        var name: String
        var pin: String
    }

    var people: [Person] = []

    enum Event: Sendable, Equatable, Codable { case added(String, pin: String) }

    static var initialState: Roster { Roster() }

    mutating func handle(event: Event) -> Never? {
        guard case .added(let name, let pin) = event else { return nil }
        people.append(Person(name: name, pin: pin))
        return nil
    }

    static var sessionRedaction: SessionRedaction<Roster> {
        SessionRedaction()
            .state { roster in for index in roster.people.indices { roster.people[index].pin = "•" } }
            .events { event in
                guard case .added(let name, _) = event else { return event }
                return .added(name, pin: "•")
            }
    }
}

/// The roster as an older build of the app called it, before its pins were declared secret: the same file shape.
private struct Team: State, Equatable, Codable {
    struct Person: Equatable, Sendable, Codable {
        var name: String
        var pin: String
    }

    var people: [Person] = []

    enum Event: Sendable, Equatable, Codable { case added(String, pin: String) }

    static var initialState: Team { Team() }

    mutating func handle(event: Event) -> Never? {
        guard case .added(let name, let pin) = event else { return nil }
        people.append(Person(name: name, pin: pin))
        return nil
    }
}

/// Issue 54, point 12: a session file whose recorded changes name a type renamed since can no longer be replayed or
/// scrubbed. What the Sessions article tells a user to do — rename the type in the file with its function — works,
/// and the refusal says where to look.
final class SessionTypeRenameTests: XCTestCase {
    func test_aFileRecordedBeforeATypeWasRenamed_replaysAndIsScrubbed_onceTheTypeIsRenamedInIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rename-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("session.json")
        let store = Store<Team>()
        let recorder = SessionRecorder(recording: store)
        for name in ["ada", "Team", "bob"] { _ = store.dispatch(event: .added(name, pin: "1234")) }
        recorder.stop()
        try recorder.log.write(to: url)
        XCTAssertTrue(try String(contentsOf: url, encoding: .utf8).contains("1234"), "recorded before pins were secret")

        // Today the type is `Roster`, which declares the pins secret: the file names `Team`.
        let old = try SessionLog<Roster>(contentsOf: url)
        XCTAssertFalse(old.replay().allSatisfy(\.matchesRecording), "the recorded changes name the old type")
        XCTAssertThrowsError(try old.write(to: folder.appendingPathComponent("scrubbed.json"))) { error in
            XCTAssertTrue("\(error)".contains("\"A type renamed since the recording\""), "\(error)")
            XCTAssertFalse("\(error)".contains("1234"), "\(error)")
        }

        try renameType("Team", to: "Roster", inSessionAt: url)
        let renamed = try SessionLog<Roster>(contentsOf: url)
        XCTAssertEqual(
            renamed.entries[1].event, .added("Team", pin: "1234"), "a string that holds the name is left alone")
        let scrubbed = folder.appendingPathComponent("scrubbed.json")
        try renamed.write(to: scrubbed)
        let text = try String(contentsOf: scrubbed, encoding: .utf8)
        XCTAssertFalse(text.contains("1234"), text)
        XCTAssertTrue(text.contains("Roster.Person"), text)
        let failures = TestFailureCollector()
        assertReplayMatchesRecording(try SessionLog<Roster>(contentsOf: scrubbed), reporter: failures.reporter)
        XCTAssertEqual(failures.messages, [], "the scrubbed file replays as recorded")
    }
}

/// The function of the Sessions article, "A type renamed since the recording", as it is written there.
private func renameType(_ old: String, to new: String, inSessionAt url: URL) throws {
    // The old name as a whole name: not the end of a longer one (`MyRoster.Person`), nor the start (`PersonID`).
    let name = try NSRegularExpression(
        pattern: "(?<![\\w.])" + NSRegularExpression.escapedPattern(for: old) + "(?!\\w)")
    func renamed(_ text: String) -> String {
        name.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text),
            withTemplate: NSRegularExpression.escapedTemplate(for: new))
    }
    func walk(_ value: Any) -> Any {
        if let array = value as? [Any] { return array.map(walk) }
        guard var object = value as? [String: Any] else { return value }
        for (key, child) in object { object[key] = walk(child) }
        if object["k"] != nil, let type = object["t"] as? String { object["t"] = renamed(type) }  // a node
        if object["value"] != nil, let type = object["type"] as? String { object["type"] = renamed(type) }  // an id
        if let type = object["stateType"] as? String { object["stateType"] = renamed(type) }  // the file
        return object
    }
    let session = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    try JSONSerialization.data(withJSONObject: walk(session), options: [.sortedKeys]).write(to: url, options: .atomic)
}
