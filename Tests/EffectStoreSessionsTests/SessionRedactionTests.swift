import EffectStore
import EffectStoreLogging
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStoreSessions

/// A sign-up form with a password, which checks its strength through an effect.
struct SignUpForm: State, Equatable, Codable {
    var email = ""
    var password = ""
    var isSubmitting = false

    enum Event: Sendable, Equatable, Codable {
        case emailChanged(String)
        case passwordChanged(String)
        case submitted
    }

    enum Effect: Sendable, Equatable, Codable {
        case checkStrength(String)
        case signUp(email: String, password: String)
    }

    static var initialState: SignUpForm { SignUpForm() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .emailChanged(let email):
            self.email = email
            return nil
        case .passwordChanged(let password):
            self.password = password
            return .checkStrength(password)
        case .submitted:
            isSubmitting = true
            return .signUp(email: email, password: password)
        }
    }
}

/// The same form, declaring its secret itself.
struct DeclaredSignUp: SessionRedacting, Equatable, Codable {
    var form = SignUpForm()
    typealias Event = SignUpForm.Event
    typealias Effect = SignUpForm.Effect
    static var initialState: DeclaredSignUp { DeclaredSignUp() }
    mutating func handle(event: Event) -> Effect? { form.handle(event: event) }

    static var sessionRedaction: SessionRedaction<DeclaredSignUp> {
        SessionRedaction()
            .replacing(\.form.password, with: "•••")
            .events { event in
                guard case .passwordChanged = event else { return event }
                return .passwordChanged("•••")
            }
            .effects { effect in
                switch effect {
                case .checkStrength: return .checkStrength("•••")
                case .signUp(let email, _): return .signUp(email: email, password: "•••")
                }
            }
    }
}

/// Issue 35, part 2: a secret never reaches the session file, or the inspector's page — not in a state, an event or an
/// effect. Failed before: `passwordChanged("hunter2-secret")` and the `password` field were written in clear, into
/// every later entry and into the page, and there was no way to leave them out.
final class SessionRedactionTests: XCTestCase {
    private let secret = "hunter2-secret"

    private func use<S: State>(_ store: Store<S>) where S.Event == SignUpForm.Event {
        store.dispatch(event: .emailChanged("ada@example.com"))
        store.dispatch(event: .passwordChanged(secret))
        _ = store.dispatch(event: .submitted).wait(timeout: .seconds(5))
    }

    private func assertNoSecret(in data: Data, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(data.range(of: Data(secret.utf8)), "the secret is in the \(what)", file: file, line: line)
        XCTAssertNil(
            data.range(of: Data("hunter2".utf8)), "a part of the secret is in the \(what)", file: file, line: line)
    }

    func test_aRedactionGivenToTheRecorder_keepsTheSecretOutOfTheLogTheFileAndThePage() throws {
        let store = Store<SignUpForm>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(
            recording: store,
            redacting: SessionRedaction<SignUpForm>()
                .replacing(\.password, with: "")
                .events { event in
                    guard case .passwordChanged = event else { return event }
                    return .passwordChanged("")
                }
                .effects { effect in
                    switch effect {
                    case .checkStrength: return .checkStrength("")
                    case .signUp(let email, _): return .signUp(email: email, password: "")
                    }
                })
        use(store)
        XCTAssertEqual(store.state.password, secret, "the app keeps its secret; only the recording leaves it out")

        let log = recorder.log
        XCTAssertEqual(log.entries.map(\.event), [.emailChanged("ada@example.com"), .passwordChanged(""), .submitted])
        XCTAssertEqual(Set(log.entries.compactMap(\.state).map(\.password)), [""])
        XCTAssertEqual(log.entries.last?.effect, .signUp(email: "ada@example.com", password: ""))

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try log.write(to: url)
        assertNoSecret(in: try Data(contentsOf: url), "file")
        assertNoSecret(in: Data(try log.inspectorPage().utf8), "page")
        XCTAssertTrue(String(decoding: try Data(contentsOf: url), as: UTF8.self).contains("ada@example.com"))
    }

    func test_aRedactionTheStateDeclares_appliesToTheRecorder_andToALogWrittenByHand() throws {
        let store = Store<DeclaredSignUp>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store)
        use(store)
        let recorded = try recorder.log.jsonData()
        assertNoSecret(in: recorded, "recorded file")
        XCTAssertTrue(String(decoding: recorded, as: UTF8.self).contains(#"passwordChanged(\"•••\")"#))

        // A log made by hand, with the secret in it: writing it leaves the secret out all the same.
        var state = DeclaredSignUp()
        let effect = state.handle(event: .passwordChanged(secret))
        let log = SessionLog(
            initialState: DeclaredSignUp(),
            entries: [
                .init(
                    sequenceNumber: 1, time: Date(), origin: .dispatch, event: .passwordChanged(secret),
                    state: state, effect: effect)
            ])
        assertNoSecret(in: try log.jsonData(), "file of a log made by hand")
        assertNoSecret(in: Data(try SessionInspector.page(forSessionJSON: log.jsonData()).utf8), "page")
    }

    /// A replay of a redacted session runs the logic on the placeholders, which here reproduces every state.
    func test_aRedactedSession_stillReplays() throws {
        let store = Store<DeclaredSignUp>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store)
        use(store)
        let read = try SessionLog<DeclaredSignUp>(jsonData: recorder.log.jsonData())
        XCTAssertTrue(read.replay().allSatisfy(\.matchesRecording))
    }

    /// A recorder with no room refuses, with a message that says how to fix it (a `fatalError`, in a child process).
    func test_aRecorderWithALimitOfZero_stopsWithAMessage() {
        runInChildProcess(self, expectingCrashWith: "needs a limit of at least 1 entry and 1 byte, not 0 entries") {
            _ = SessionRecorder(recording: Store<SignUpForm>(effectHandler: NoAnswers()), limit: 0)
        }
    }
}
