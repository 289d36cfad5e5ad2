import EffectStore
import EffectStoreTesting
import XCTest

/// `withExhaustivity(_:_:)`: part of an exhaustive test asserts only what it cares about; outside the scope the
/// test store is exhaustive again. And effects and cancellations received by matching, not only by value.
final class TestStoreScopedExhaustivityTests: XCTestCase {
    func test_insideThePartialScope_aSkippedEffectIsNotReported() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), reporter: failures.reporter)

        store.withExhaustivity(.partial) {
            XCTAssertEqual(store.exhaustivity, .partial)
            store.send(.start(.work(.job(1))))     // never received, never completed
            store.send(.start(.work(.job(2))))
            store.receiveEffect(.work(.job(2)))
            store.complete(.work(.job(2)))
        }
        XCTAssertEqual(store.exhaustivity, .exhaustive)
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_outsideTheScope_theSameSkippedEffectIsReported() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), reporter: failures.reporter)

        store.withExhaustivity(.partial) {
            store.send(.start(.work(.job(2))))
            store.receiveEffect(.work(.job(2)))
            store.complete(.work(.job(2)))
        }
        store.send(.start(.work(.job(1))))         // the same omission, after the scope
        store.send(.start(.work(.job(2))))
        store.receiveEffect(.work(.job(2)))
        store.complete(.work(.job(2)))
        store.finish()

        XCTAssertEqual(failures.messages.count, 2, failures.messages.joined(separator: "\n\n"))
        XCTAssertTrue(failures.messages.first?.contains("while effect .work(.job(1))") == true)
        XCTAssertTrue(failures.messages.last?.contains("still in flight: .work(.job(1))") == true)
    }

    func test_anEffectLeftUnreceivedInTheScope_mayStillBeReceivedAfterIt_orSkipped() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), reporter: failures.reporter)

        store.withExhaustivity(.partial) {
            store.send(.start(.all(.work(.job(1)), .work(.job(2)))))
        }
        store.receiveEffect(.work(.job(2)))        // .job(1), started in the scope, is skipped without a word
        store.complete(.work(.job(2)))
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(store.inFlightEffects, [.work(.job(1))])
    }

    func test_insideThePartialScope_unassertedStateChangesAndCancellationsAndTimersAreNotReported() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Stopwatch(), reporter: failures.reporter)

        store.withExhaustivity(.partial) {
            store.send(.start)                                  // the state changes, unasserted
            store.receiveEffect(.work(.ticks))
            store.send(.stop)                                   // cancels the ticks, unconfirmed
            store.send(.start)
            store.send(.tick, from: .work(.ticks))
        }
        store.send(.stop) { $0.isRunning = false }
        store.receiveCancellation(of: .work(.ticks))    // ticks started in the scope: confirming is allowed, not required
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_aTimerSetInThePartialScope_mayBeLeftPending_butNotOneSetAfterIt() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), reporter: failures.reporter)

        store.withExhaustivity(.partial) {
            store.send(.start(Relay.Effect.work(.job(1)).delayed(by: .seconds(1))))
        }
        store.send(.start(Relay.Effect.work(.job(2)).delayed(by: .seconds(1))))
        store.finish()

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.contains("1 timer(s) still pending") == true, failures.messages.first ?? "")
        store.clock.runAll()
    }

    func test_anExhaustiveScope_inAPartialStore_isStrict() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), exhaustivity: .partial, reporter: failures.reporter)

        store.send(.start(.work(.job(1))))
        store.withExhaustivity(.exhaustive) {
            store.send(.start(.work(.job(2))))     // .job(1) was started while partial: skipped without a word
            store.send(.start(.work(.job(3))))     // .job(2) was not received: reported
        }
        store.finish()

        XCTAssertEqual(failures.messages.count, 1, failures.messages.joined(separator: "\n\n"))
        XCTAssertTrue(failures.messages.first?.contains("while effect .work(.job(2))") == true)
    }

    func test_withExhaustivity_returnsWhatTheBodyReturns_andRestoresTheModeOnAThrow() {
        struct Stop: Error {}
        let store = TestStore(initialState: Relay())

        XCTAssertEqual(store.withExhaustivity(.partial) { 42 }, 42)
        XCTAssertThrowsError(try store.withExhaustivity(.partial) { throw Stop() })
        XCTAssertEqual(store.exhaustivity, .exhaustive)
        store.finish()
    }

    // MARK: - Receiving by matching

    func test_receiveEffectWhere_andExtracting_matchEffectsInAnExhaustiveTest() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(), reporter: failures.reporter)

        store.send(.queryChanged("swift")) { $0.query = "swift" }
        store.advance(by: .milliseconds(300))
        let search = store.receiveEffect(where: { if case .work(.search) = $0 { true } else { false } })
        XCTAssertEqual(search, .work(.search("swift")))
        store.complete(.work(.search("swift")), with: .results(["Swift"])) { $0.results = ["Swift"] }

        store.send(.submitted)
        let query = store.receiveEffect { if case .work(.search(let query)) = $0 { query } else { nil } }
        XCTAssertEqual(query, "swift")
        store.receiveEffect(where: { $0 == .work(.saveHistory("swift")) })
        store.complete(.work(.search("swift")))
        store.complete(.work(.saveHistory("swift")))
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_receiveCancellationWhere_confirmsTheFirstCancellationThatMatches() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "swift"), reporter: failures.reporter)

        store.send(.submitted)
        store.receiveEffect(.work(.search("swift")))
        store.receiveEffect(.work(.saveHistory("swift")))
        store.send(.queryChanged("")) {
            $0.query = ""
            $0.results = []
        }
        let cancelled = store.receiveCancellation(where: { if case .work(.search) = $0 { true } else { false } })
        XCTAssertEqual(cancelled, .work(.search("swift")))
        XCTAssertNil(store.receiveCancellation(where: { _ in true }), "nothing else was cancelled")
        store.complete(.work(.saveHistory("swift")))
        store.finish()

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(
            failures.messages.first?.contains(
                "expected the cancellation of an effect that the predicate accepts, but no cancellation is waiting") == true,
            failures.messages.first ?? "")
    }
}

extension TestStoreScopedExhaustivityTests {
    func test_afterTheScope_completingAnEffectEqualToOneLetGo_completesTheOneTheTestMustAccountFor() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Relay(), reporter: failures.reporter)

        store.withExhaustivity(.partial) {
            store.send(.start(.work(.job(1))))     // in flight, let go
            store.send(.start(.work(.job(2))))
        }
        store.send(.start(.work(.job(1))))
        store.receiveEffect(.work(.job(1)))        // passes over the .job(1) and .job(2) the scope let go
        store.complete(.work(.job(1)))             // the .job(1) just received, not the older one let go
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(store.inFlightEffects, [.work(.job(1)), .work(.job(2))])
    }
}
