import EffectStoreTesting
import XCTest

final class TestStoreTests: XCTestCase {
    func test_store_passesWhenEveryStateAndEffectIsAsserted() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Login.initialState, reporter: failures.reporter)

        store.send(.submit(password: "secret")) { $0 = .authenticating(failures: 0) }
        store.receiveEffect(.authenticate(password: "secret"))
        store.complete(.authenticate(password: "secret"), with: .succeeded(user: "ada")) { $0 = .loggedIn(user: "ada") }
        store.receiveEffect(.loadProfile(user: "ada"))
        store.complete(.loadProfile(user: "ada"))
        store.send(.ping)
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(store.state, .loggedIn(user: "ada"))
    }

    func test_complete_acceptsEffectsInflightInAnyOrder() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Counter(count: 0), reporter: failures.reporter)

        store.send(.increment) { $0 = Counter(count: 1, isSaving: true) }
        store.receiveEffect(.save(1))
        store.send(.increment) { $0.count = 2 }
        store.receiveEffect(.save(2))
        XCTAssertEqual(store.inFlightEffects, [.save(1), .save(2)])

        store.complete(.save(2), with: .saved) { $0.isSaving = false }
        store.complete(.save(1), with: .saved)
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_transitions_recordEveryEventHandled() {
        let store = TestStore(initialState: Catalog.idle, exhaustivity: .partial)

        store.send(.fetch)
        store.complete(.download, with: .fail("offline"))

        XCTAssertEqual(store.transitions, [
            Transition(from: .idle, event: .fetch, to: .loading, effect: .download),
            Transition(from: .loading, event: .fail("offline"), to: .failed("offline"), effect: nil),
        ])
    }

    func test_send_failsWhenTheStateChangesAndTheTestDoesNotSayHow() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Catalog.failed("offline"), reporter: failures.reporter)

        store.send(.fetch); let line: UInt = #line

        XCTAssertEqual(failures.failures.first?.line, line)
        XCTAssertEqual(failures.messages.first, """
            TestStore<Catalog>: send(.fetch) changed the state, but the test did not say how:
              expected .failed("offline"), actual .loading
            To fix, describe the change in a trailing closure, for example `store.send(.fetch) { $0 = .loading }`.
            """)
        store.receiveEffect(.download)
        store.complete(.download)
    }

    func test_send_failsWhenTheExpectedStateIsWrong_showingADiff() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Catalog.loading, reporter: failures.reporter)

        store.send(.load([Process(id: 7, title: "Android")])) { $0 = .loaded([Process(id: 7, title: "iOS")]) }

        XCTAssertEqual(failures.messages, [
            """
            TestStore<Catalog>: the state after send(.load([Process(id: 7, title: "Android")])) is not the one \
            expected:
              .loaded[0].title: expected "iOS", actual "Android"
            """,
        ])
    }

    func test_send_failsWhenThePreviousEventsEffectWasNotReceived() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Catalog.idle, reporter: failures.reporter)

        store.send(.fetch) { $0 = .loading }
        store.send(.fail("offline")) { $0 = .failed("offline") }
        store.complete(.download)

        XCTAssertEqual(failures.messages.count, 1)
        let message = failures.messages.first ?? ""
        XCTAssertTrue(message.hasPrefix(
            #"TestStore<Catalog>: send(.fail("offline")) was called while effect .download (from send(.fetch) at "#
                + "TestStoreTests.swift:"), message)
        XCTAssertTrue(message.hasSuffix(
            "was not received.\nTo fix, call `store.receiveEffect(.download)` right after the event that produced it, "
                + "or create the store with `exhaustivity: .partial`."), message)
    }

    func test_receiveEffect_failsForAnEffectThatWasNotProduced() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Login.initialState, reporter: failures.reporter)

        store.send(.submit(password: "secret")) { $0 = .authenticating(failures: 0) }
        store.receiveEffect(.authenticate(password: "guess"))

        XCTAssertEqual(failures.messages, [
            """
            TestStore<Login>: expected to receive effect .authenticate(password: "guess"), but the next effect is \
            .authenticate(password: "secret") (from send(.submit(password: "secret")) at TestStoreTests.swift:\
            \(#line - 7)).
              .authenticate.password: expected "guess", actual "secret"
            To fix, check the effect the last event returns (.submit(password: "secret") returned \
            .authenticate(password: "secret")), or remove this expectation.
            """,
        ])
        store.receiveEffect(.authenticate(password: "secret"))
        store.complete(.authenticate(password: "secret"))
    }

    func test_complete_failsForAnEffectThatIsNotInFlight() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Catalog.idle, reporter: failures.reporter)

        store.complete(.download, with: .load([]))

        XCTAssertEqual(failures.messages, [
            """
            TestStore<Catalog>: complete(.download, with: .load([])) failed: .download is not in flight (in flight: \
            none).
            To fix, complete only an effect that an earlier event produced and `receiveEffect` confirmed, and \
            complete each one once.
            """,
        ])
        XCTAssertEqual(store.state, .idle, "an effect that is not in flight does not answer")
    }

    func test_finish_failsForEffectsLeftInFlight_sayingHowToFix() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Catalog.idle, reporter: failures.reporter)

        store.send(.fetch) { $0 = .loading }
        store.receiveEffect(.download)
        store.finish()

        XCTAssertEqual(failures.messages.count, 1)
        let message = failures.messages.first ?? ""
        XCTAssertTrue(message.hasPrefix("""
            TestStore<Catalog>: the test finished while effects were left:
              still in flight: .download, from send(.fetch) at TestStoreTests.swift:
            """), message)
        XCTAssertTrue(message.hasSuffix("or create the store with `exhaustivity: .partial`."), message)
    }

    func test_release_withoutFinish_reportsLeftoversAtTheLineThatCreatedTheStore() {
        let failures = TestFailureCollector()
        var creationLine: UInt = 0
        do {
            let store = TestStore(initialState: Catalog.idle, reporter: failures.reporter); creationLine = #line
            store.send(.fetch) { $0 = .loading }
        }

        XCTAssertEqual(failures.failures.map(\.line), [creationLine])
        XCTAssertTrue(failures.messages.first?.hasPrefix("""
            TestStore<Catalog> was released without finish() while effects were left:
              not received: .download, from send(.fetch)
            """) ?? false, failures.messages.first ?? "")
    }

    func test_partialMode_letsATestAssertOnlyWhatItCaresAbout() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Login.initialState, exhaustivity: .partial, reporter: failures.reporter)

        store.send(.submit(password: "secret"))
        store.complete(.authenticate(password: "secret"), with: .succeeded(user: "ada"))
        store.send(.logOut)
        store.receiveEffect(.forgetSession)
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(store.inFlightEffects, [.loadProfile(user: "ada"), .forgetSession])
    }

    func test_partialMode_stillChecksWhatTheTestAsserts() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Login.initialState, exhaustivity: .partial, reporter: failures.reporter)

        store.send(.submit(password: "secret")) { $0 = .loggedIn(user: "ada") }
        store.receiveEffect(.forgetSession)

        XCTAssertEqual(failures.messages.count, 2)
        XCTAssertTrue(failures.messages[0].contains(
            "expected .loggedIn(user: \"ada\"), actual .authenticating(failures: 0)"), failures.messages[0])
        XCTAssertTrue(failures.messages[1].hasPrefix(
            "TestStore<Login>: expected to receive effect .forgetSession, but the next effect is "),
            failures.messages[1])
    }
}
