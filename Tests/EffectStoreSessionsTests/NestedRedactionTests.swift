import EffectStore
import EffectStoreLogging
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStoreSessions

/// An account's credentials, which declare their token secret: a part of a larger state.
private struct Credentials: SessionRedacting, Equatable, Codable {
    var user: String
    var token: String

    enum Event: Sendable, Equatable, Codable { case rotated(String) }

    static var initialState: Credentials { Credentials(user: "", token: "") }

    mutating func handle(event: Event) -> Never? {
        guard case .rotated(let token) = event else { return nil }
        self.token = token
        return nil
    }

    static var sessionRedaction: SessionRedaction<Credentials> { SessionRedaction().replacing(\.token, with: "•••") }
}

/// A state that declares nothing itself and holds credentials everywhere a part can be: a property, an optional, an
/// array, a dictionary, an enum's payload; its events carry them too.
private struct Vault: State, Equatable, Codable {
    enum Mode: Equatable, Codable, Sendable {
        case signedOut
        case signedIn(Credentials)
    }

    var current: Credentials? = nil
    var accounts: [Credentials] = []
    var byName: [String: Credentials] = [:]
    var mode = Mode.signedOut
    var signIns = 0

    enum Event: Sendable, Equatable, Codable {
        case signedIn(name: String, Credentials)
        case signedOut
    }

    static var initialState: Vault { Vault() }

    mutating func handle(event: Event) -> Never? {
        switch event {
        case .signedIn(let name, let credentials):
            current = credentials
            accounts.append(credentials)
            byName[name] = credentials
            mode = .signedIn(credentials)
            signIns += 1
        case .signedOut:
            current = nil
            mode = .signedOut
        }
        return nil
    }
}

/// Credentials kept in an object: redacting a copy would change the app's own object.
private final class Keyring: SessionRedacting, Equatable, Codable {
    let token: String
    init(token: String) { self.token = token }
    static var initialState: Keyring { Keyring(token: "") }
    func handle(event: Never) -> Never? {}
    static func == (lhs: Keyring, rhs: Keyring) -> Bool { lhs.token == rhs.token }
    static var sessionRedaction: SessionRedaction<Keyring> { SessionRedaction().state { $0 = Keyring(token: "•••") } }
}

/// A state that holds such an object.
private struct Locker: State, Equatable, Codable {
    var keyring: Keyring? = nil
    enum Event: Sendable, Equatable { case stored(String) }
    static var initialState: Locker { Locker() }
    mutating func handle(event: Event) -> Never? {
        guard case .stored(let token) = event else { return nil }
        keyring = Keyring(token: token)
        return nil
    }
}

private final class NoEffects: EffectHandler {
    func handle(effect: Never) -> Future<Vault.Event>? {}
}

/// Issue 41, fix 7: a part of the state that declares its own redaction is redacted wherever the value leaves the
/// program, at any depth. Failed before: the file, the page, the logger's line, the test store's message and a replay
/// failure all held the nested token; a session read back replayed as diverging once the file held the placeholder.
final class NestedRedactionTests: XCTestCase {
    private let secret = "tok-hunter2"

    private func recordedLog() -> SessionLog<Vault> {
        let store = Store<Vault>(initialState: Vault(), effectHandler: NoEffects())
        let recorder = SessionRecorder(recording: store)
        _ = store.dispatch(event: .signedIn(name: "ada", Credentials(user: "ada", token: secret)))
        _ = store.dispatch(event: .signedOut)
        let bob = Credentials(user: "bob", token: secret + "-2")
        XCTAssertNotNil(store.dispatch(event: .signedIn(name: "bob", bob)).wait(timeout: .seconds(5)))
        recorder.stop()
        return recorder.log
    }

    func test_theSessionFile_andItsPage_holdNestedPartsRedacted_andReplayAsRecorded() throws {
        let log = recordedLog()
        XCTAssertEqual(log.entries.count, 3)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nested-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try log.write(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertFalse(text.contains(secret), text)
        XCTAssertTrue(text.contains("•••"), text)
        let page = try SessionInspector.page(forSessionJSON: Data(text.utf8), title: "Vault")
        XCTAssertFalse(page.contains(secret))

        // Read back, the placeholders stand where the replay has the values: it still matches the recording.
        let readBack = try SessionLog<Vault>(contentsOf: url)
        XCTAssertEqual(readBack.finalState.accounts.map(\.token), ["•••", "•••"])
        XCTAssertEqual(readBack.finalState.accounts.map(\.user), ["ada", "bob"])
        XCTAssertTrue(readBack.replay().allSatisfy(\.matchesRecording))
        let failures = TestFailureCollector()
        assertReplayMatchesRecording(readBack, reporter: failures.reporter)
        XCTAssertEqual(failures.messages, [])
    }

    func test_aReplayFailure_showsNestedPartsRedacted() throws {
        var log = recordedLog()
        // The recording says bob's sign-in counted twice: today's logic counts once.
        log.entries[2].state?.signIns = 5
        let failures = TestFailureCollector()
        assertReplayMatchesRecording(log, reporter: failures.reporter)
        XCTAssertEqual(failures.messages.count, 1)
        let message = try XCTUnwrap(failures.messages.first)
        XCTAssertFalse(message.contains(secret), message)
        XCTAssertTrue(message.contains(".signIns: expected 5, actual 2"), message)
    }

    func test_theTransitionLogger_showsNestedPartsRedacted() throws {
        let store = Store<Vault>(initialState: Vault(), effectHandler: NoEffects())
        let lines = LockedBox.make([String]())
        let logger = TransitionLogger<Vault>(
            maxValueLength: 2_000, sink: LogSink { line in lines.withLock { $0.append(line) } })
        let token = store.observeTransitions { logger.log($0) }
        let ada = Credentials(user: "ada", token: secret)
        XCTAssertNotNil(store.dispatch(event: .signedIn(name: "ada", ada)).wait(timeout: .seconds(5)))
        token.cancel()
        let line = try XCTUnwrap(lines.withLock { $0.first })
        XCTAssertFalse(line.contains(secret), line)
        XCTAssertTrue(line.contains("Credentials(user: \"ada\", token: \"•••\")"), line)
    }

    func test_theTestStoresMessages_showNestedPartsRedacted_andSayWhereTheyDiffer() {
        let failures = TestFailureCollector()
        let store = TestStore<Vault>(reporter: failures.reporter)
        let credentials = Credentials(user: "ada", token: secret)
        // Expected with another token: they differ in the secret only.
        store.send(.signedIn(name: "ada", credentials)) { vault in
            let guessed = Credentials(user: "ada", token: "wrong-guess")
            vault.current = guessed
            vault.accounts = [guessed]
            vault.byName = ["ada": guessed]
            vault.mode = .signedIn(guessed)
            vault.signIns = 1
        }
        // Expected with another user: the difference shows, the token does not.
        store.send(.signedOut) { vault in
            vault.current = nil
            vault.mode = .signedOut
            vault.accounts[0].user = "bob"
        }
        XCTAssertEqual(failures.messages.count, 2, "\(failures.messages)")
        for message in failures.messages {
            XCTAssertFalse(message.contains(secret), message)
            XCTAssertFalse(message.contains("wrong-guess"), message)
        }
        XCTAssertTrue(failures.messages[0].contains("declares its own redaction"), failures.messages[0])
        XCTAssertTrue(failures.messages[1].contains(".accounts[0].user"), failures.messages[1])
    }

    /// An object that declares a redaction is never redacted in place: it is not shown, and a write is refused with a
    /// message that says how to fix it.
    func test_anObjectThatDeclaresARedaction_isNotShown_andItsWriteIsRefusedWithAMessage() throws {
        var locker = Locker()
        _ = locker.handle(event: .stored(secret))
        let text = Describing.value(locker)
        XCTAssertFalse(text.contains(secret), text)
        XCTAssertTrue(text.contains("<Keyring: not shown; it declares a redaction (SessionRedacting) but is a class>"), text)
        XCTAssertEqual(locker.keyring?.token, secret, "the app's own object is left as it is")
        XCTAssertThrowsError(try JSONEncoder().encode(NestedRedaction.encodable(locker))) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.contains("To fix, make Keyring a struct or an enum."), message)
            XCTAssertFalse(message.contains(self.secret), message)
        }
    }

    func test_valuesThatDeclareNothing_encodeAsJSONEncoderWritesThem() throws {
        struct Odd: Codable, Equatable {
            var date = Date(timeIntervalSinceReferenceDate: 12.25)
            var data = Data([1, 2, 3])
            var url = URL(string: "https://example.com/a?b=c")
            var decimal = Decimal(string: "1.5")
            var table: [Int: [String?]] = [1: ["a", nil]]
            var nested: [[Credentials]] = [[Credentials(user: "u", token: "t")]]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var plain = Odd()
        plain.nested = [[Credentials(user: "u", token: "•••")]]
        XCTAssertEqual(
            String(decoding: try encoder.encode(NestedRedaction.encodable(Odd())), as: UTF8.self),
            String(decoding: try encoder.encode(plain), as: UTF8.self))
    }
}
