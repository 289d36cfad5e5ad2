import EffectStore
import EffectStoreLogging
import EffectStoreTesting
import XCTest

/// A sign-in form that declares its password secret, in the state, the event and the effect.
private struct SecretForm: SessionRedacting, Equatable {
    var user = ""
    var password = ""

    enum Event: Sendable, Equatable { case typed(user: String, password: String) }
    enum Effect: Sendable, Equatable { case signIn(user: String, password: String) }

    static var initialState: SecretForm { SecretForm() }

    mutating func handle(event: Event) -> Effect? {
        guard case .typed(let user, let password) = event else { return nil }
        (self.user, self.password) = (user, password)
        return .signIn(user: user, password: password)
    }

    static var sessionRedaction: SessionRedaction<SecretForm> {
        SessionRedaction()
            .replacing(\.password, with: "•••")
            .events { event in
                guard case .typed(let user, _) = event else { return event }
                return .typed(user: user, password: "•••")
            }
            .effects { effect in
                guard case .signIn(let user, _) = effect else { return effect }
                return .signIn(user: user, password: "•••")
            }
    }
}

/// Issue 41, fix 9 (the test store's half): a failure message shows no value the state declares secret, and still says
/// what differs. Failed before: every message below printed `hunter2-secret`, in the diff, the call and the effects.
final class TestStoreRedactionTests: XCTestCase {
    private let secret = "hunter2-secret"

    private func assertNoSecret(_ messages: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(messages.isEmpty, "expected failures", file: file, line: line)
        for message in messages {
            XCTAssertFalse(message.contains(secret), "the secret is in: \(message)", file: file, line: line)
        }
    }

    func test_aStateThatDiffersInItsSecret_saysSo_withoutTheValue() {
        let failures = TestFailureCollector()
        let store = TestStore<SecretForm>(reporter: failures.reporter)
        store.send(.typed(user: "ada", password: secret)) { $0.user = "ada"; $0.password = "wrong-guess" }
        store.receiveEffect(.signIn(user: "ada", password: secret))
        store.finish()
        assertNoSecret(failures.messages)
        // The state that differs, and the effect left in flight at the end.
        XCTAssertEqual(failures.messages.count, 2, "\(failures.messages)")
        XCTAssertTrue(failures.messages[0].contains("send(.typed(user: \"ada\", password: \"•••\"))"), failures.messages[0])
        XCTAssertTrue(failures.messages[0].contains("SecretForm.sessionRedaction replaces"), failures.messages[0])
    }

    func test_aChangeTheTestDidNotDescribe_andEffectsLeft_showNoSecret() {
        let failures = TestFailureCollector()
        let store = TestStore<SecretForm>(reporter: failures.reporter)
        store.send(.typed(user: "ada", password: secret))
        store.receiveEffect(.signIn(user: "bob", password: secret))
        store.finish()
        assertNoSecret(failures.messages)
        // The change undescribed, the effect expected and not found, the effect left at the end.
        XCTAssertEqual(failures.messages.count, 3, "\(failures.messages)")
        XCTAssertTrue(failures.messages.joined().contains("user: \"ada\""), "\(failures.messages)")
    }
}
