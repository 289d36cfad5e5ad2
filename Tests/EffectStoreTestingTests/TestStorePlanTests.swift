import EffectStore
import EffectStoreTesting
import XCTest

/// `TestStore` with effects that carry plans: several effects per event, cancellation, time and runs.
final class TestStorePlanTests: XCTestCase {
    // MARK: - Time

    func test_debouncedSearch_startsOnlyOnceTheClockHasAdvancedPastTheInterval() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(), reporter: failures.reporter)

        store.send(.queryChanged("s")) { $0.query = "s" }
        store.advance(by: .milliseconds(200))
        XCTAssertEqual(store.unreceivedEffects, [], "nothing starts before the interval has passed")
        store.send(.queryChanged("sw")) { $0.query = "sw" }
        store.advance(by: .milliseconds(299))
        XCTAssertEqual(store.unreceivedEffects, [], "a newer query starts the interval again")
        store.advance(by: .milliseconds(1))
        store.receiveEffect(.work(.search("sw")))
        store.complete(.work(.search("sw")), with: .results(["swift"])) { $0.results = ["swift"] }
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(store.clock.elapsed, .milliseconds(500))
    }

    func test_clockAdvancedDirectly_startsTheDueEffectsToo() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(), reporter: failures.reporter)

        store.send(.queryChanged("swift")) { $0.query = "swift" }
        store.clock.advance(by: .milliseconds(300))
        store.receiveEffect(.work(.search("swift")))
        store.complete(.work(.search("swift")))
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_finish_reportsAnEffectStillWaitingForItsTime() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(), reporter: failures.reporter)

        store.send(.queryChanged("swift")) { $0.query = "swift" }
        store.finish()

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(
            failures.messages.first?.contains("1 timer(s) still pending on store.clock") ?? false,
            failures.messages.first ?? "")
    }

    // MARK: - Receive, then complete

    /// Was: "complete(.search("swift")) was called while effect .saveHistory("swift") (…) was not received".
    func test_anEffectReceived_isCompleted_whileItsSiblingWaitsToBeReceived() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "swift"), reporter: failures.reporter)

        store.send(.submitted)
        store.receiveEffect(.work(.search("swift")))
        store.complete(.work(.search("swift")), with: .results(["swift"])) { $0.results = ["swift"] }
        store.receiveEffect(.work(.saveHistory("swift")))
        store.complete(.work(.saveHistory("swift")))
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_aSiblingLeftWaiting_remainsAnObligation() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "swift"), reporter: failures.reporter)

        store.send(.submitted)
        store.receiveEffect(.work(.search("swift")))
        store.complete(.work(.search("swift")))
        store.finish()

        XCTAssertEqual(failures.messages.count, 1, failures.messages.joined(separator: "\n\n"))
        XCTAssertTrue(
            failures.messages.first?.contains(#"not received: .work(.saveHistory("swift"))"#) == true,
            failures.messages.first ?? "")
    }

    func test_aSiblingLeftWaiting_isReportedByTheNextEvent() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "swift"), reporter: failures.reporter)

        store.send(.submitted)
        store.receiveEffect(.work(.search("swift")))
        store.send(.results(["swift"]), from: .work(.search("swift"))) { $0.results = ["swift"] }
        store.complete(.work(.search("swift")))
        store.send(.queryChanged("")) {
            $0.query = ""
            $0.results = []
        }

        XCTAssertEqual(failures.messages.count, 1, failures.messages.joined(separator: "\n\n"))
        XCTAssertTrue(
            failures.messages.first?.contains(
                #"send(.queryChanged("")) was called while effect .work(.saveHistory("swift"))"#) == true,
            failures.messages.first ?? "")
    }

    // MARK: - Ending what still runs

    func test_cancelRemainingEffects_endsARunInFlight_andNothingWaitsToBeConfirmed() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Stopwatch(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.receiveEffect(.work(.ticks))
        store.send(.tick, from: .work(.ticks)) { $0.seconds = 1 }
        XCTAssertEqual(store.cancelRemainingEffects(), [.work(.ticks)])
        XCTAssertEqual(store.inFlightEffects, [])
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    /// A timer still pending failed `finish()` ("1 timer(s) still pending"), and advancing the clock could not end a
    /// timer that re-arms itself.
    func test_cancelRemainingEffects_takesTimersOffTheClock_andDropsQueuedEffects() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(), reporter: failures.reporter)

        store.send(.queryChanged("swift")) { $0.query = "swift" }
        XCTAssertEqual(store.cancelRemainingEffects(), [])
        XCTAssertEqual(store.clock.scheduledCount, 0)
        store.finish()
        XCTAssertEqual(failures.messages, [])

        let relay = TestStore(initialState: Relay(), reporter: failures.reporter)
        relay.send(.start(.all(Relay.Effect.work(.job(1)).queued(id: "q"), Relay.Effect.work(.job(2)).queued(id: "q"))))
        relay.receiveEffect(.work(.job(1)))
        XCTAssertEqual(relay.cancelRemainingEffects(), [.work(.job(1))])
        XCTAssertEqual(relay.unreceivedEffects, [], "the queued job never starts")
        relay.finish()
        XCTAssertEqual(failures.messages, [])
    }

    func test_cancelRemainingEffects_inExhaustiveMode_reportsAnEffectNotReceived() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Stopwatch(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.cancelRemainingEffects()
        store.finish()

        XCTAssertEqual(failures.messages.count, 1, failures.messages.joined(separator: "\n\n"))
        XCTAssertTrue(
            failures.messages.first?.contains("cancelRemainingEffects() was called while effect .work(.ticks)") == true,
            failures.messages.first ?? "")
    }

    // MARK: - Cancellation

    func test_newerQuery_cancelsTheSearchInFlight_whichLeavesTheInFlightList() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(), reporter: failures.reporter)

        store.send(.queryChanged("sw")) { $0.query = "sw" }
        store.advance(by: .milliseconds(300))
        store.receiveEffect(.work(.search("sw")))
        XCTAssertEqual(store.inFlightEffects, [.work(.search("sw"))])

        store.send(.queryChanged("swift")) { $0.query = "swift" }
        XCTAssertEqual(store.inFlightEffects, [], "the cancelled search is no longer in flight")
        XCTAssertEqual(store.cancelledEffects, [.work(.search("sw"))])
        store.receiveCancellation(of: .work(.search("sw")))
        XCTAssertEqual(store.cancelledEffects, [])

        store.advance(by: .milliseconds(300))
        store.receiveEffect(.work(.search("swift")))
        store.complete(.work(.search("swift")), with: .results(["swift"])) { $0.results = ["swift"] }
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_exhaustive_reportsACancellationTheTestDidNotConfirm() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(), reporter: failures.reporter)

        store.send(.queryChanged("sw")) { $0.query = "sw" }
        store.advance(by: .milliseconds(300))
        store.receiveEffect(.work(.search("sw")))
        store.send(.queryChanged("")) { $0.query = "" }
        store.send(.queryChanged("s")) { $0.query = "s" }

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(
            failures.messages.first?.hasPrefix(
                """
                TestStore<Search>: send(.queryChanged("s")) was called while the cancellation of effect \
                .work(.search("sw")) (from advance(by: 300 ms) at TestStorePlanTests.swift:
                """) ?? false, failures.messages.first ?? "")
        XCTAssertTrue(
            failures.messages.first?.contains(
                "To fix, call `store.receiveCancellation(of: .work(.search(\"sw\")))` right after the call that cancelled it"
            )
                ?? false, failures.messages.first ?? "")
        store.advance(by: .milliseconds(300))
        store.receiveEffect(.work(.search("s")))
        store.complete(.work(.search("s")))
        store.finish()
        XCTAssertEqual(failures.messages.count, 1, "the omission is reported once")
    }

    func test_finish_reportsACancellationTheTestDidNotConfirm() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Stopwatch(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.receiveEffect(.work(.ticks))
        store.send(.stop) { $0.isRunning = false }
        store.finish()

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(
            failures.messages.first?.contains("cancelled without the test saying so: .work(.ticks), by send(.stop) at")
                ?? false, failures.messages.first ?? "")
    }

    func test_partial_dropsCancellationsTheTestDoesNotConfirm() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Stopwatch(), exhaustivity: .partial, reporter: failures.reporter)

        store.send(.start)
        store.send(.stop)
        store.send(.start)
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(store.unreceivedEffects, [.work(.ticks)])
    }

    func test_receiveCancellation_failsWhenNothingWasCancelled() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Stopwatch(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.receiveEffect(.work(.ticks))
        store.receiveCancellation(of: .work(.ticks))

        XCTAssertEqual(
            failures.messages.first?.components(separatedBy: "\n").first,
            "TestStore<Stopwatch>: expected the cancellation of effect .work(.ticks), but no cancellation is waiting to be "
                + "confirmed.")
        store.complete(.work(.ticks))
        store.finish()
        XCTAssertEqual(failures.messages.count, 1)
    }

    // MARK: - Runs

    func test_run_sendsThreeEventsWithoutFinishing_thenFinishes() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Stopwatch(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.receiveEffect(.work(.ticks))
        store.send(.tick, from: .work(.ticks)) { $0.seconds = 1 }
        store.send(.tick, from: .work(.ticks)) { $0.seconds = 2 }
        store.send(.tick, from: .work(.ticks)) { $0.seconds = 3 }
        XCTAssertEqual(store.inFlightEffects, [.work(.ticks)], "a run stays in flight while it sends")
        store.complete(.work(.ticks))
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(store.transitions.map(\.event), [.start, .tick, .tick, .tick])
    }

    func test_cancelledRun_cannotSendAnyMore() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Stopwatch(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.receiveEffect(.work(.ticks))
        store.send(.tick, from: .work(.ticks)) { $0.seconds = 1 }
        store.send(.stop) { $0.isRunning = false }
        store.receiveCancellation(of: .work(.ticks))
        store.send(.tick, from: .work(.ticks))

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(
            failures.messages.first?.hasPrefix(
                "TestStore<Stopwatch>: send(.tick, from: .work(.ticks)) failed: .work(.ticks) is not in flight (in flight: none); "
                    + "it was cancelled by send(.stop) at TestStorePlanTests.swift:") ?? false,
            failures.messages.first ?? "")
        XCTAssertEqual(store.state.seconds, 1, "an event of a cancelled run is not handled")
        store.finish()
    }

    func test_restart_cancelsTheRunInFlight() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Stopwatch(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.receiveEffect(.work(.ticks))
        store.send(.start)
        store.receiveCancellation(of: .work(.ticks))
        store.receiveEffect(.work(.ticks))
        store.complete(.work(.ticks))
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    // MARK: - Several effects, queues

    func test_all_putsEachEffectInTheUnreceivedList_inOrder() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "swift"), reporter: failures.reporter)

        store.send(.submitted)
        XCTAssertEqual(store.unreceivedEffects, [.work(.search("swift")), .work(.saveHistory("swift"))])
        store.receiveEffect(.work(.search("swift")))
        store.receiveEffect(.work(.saveHistory("swift")))
        store.complete(.work(.saveHistory("swift")))
        store.complete(.work(.search("swift")), with: .results(["swift"])) { $0.results = ["swift"] }
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    func test_queued_startsTheNextEffectWhenThePreviousCompletes() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "a"), reporter: failures.reporter)

        store.send(.submitted)
        store.receiveEffect(.work(.search("a")))
        store.receiveEffect(.work(.saveHistory("a")))
        store.send(.queryChanged("")) { $0.query = "" }
        store.receiveCancellation(of: .work(.search("a")))
        store.send(.queryChanged("b")) { $0.query = "b" }
        store.send(.submitted)
        XCTAssertEqual(store.unreceivedEffects, [.work(.search("b"))], "the second save waits for the first")
        store.receiveEffect(.work(.search("b")))
        store.complete(.work(.saveHistory("a")))
        store.receiveEffect(.work(.saveHistory("b")))
        store.complete(.work(.saveHistory("b")))
        store.complete(.work(.search("b")))
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }

    // MARK: - Matching effects

    func test_receiveEffect_byPredicate_receivesTheEffectItAccepts() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "swift"), reporter: failures.reporter)

        store.send(.submitted)
        let search = store.receiveEffect(where: { if case .work(.search) = $0 { true } else { false } })
        let save = store.receiveEffect(where: { if case .work(.saveHistory) = $0 { true } else { false } })
        store.complete(.work(.search("swift")))
        store.complete(.work(.saveHistory("swift")))
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(search, .work(.search("swift")))
        XCTAssertEqual(save, .work(.saveHistory("swift")))
    }

    func test_receiveEffect_byPredicate_reportsAnEffectItDoesNotAccept() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "swift"), exhaustivity: .partial, reporter: failures.reporter)

        store.send(.submitted); let sendLine = #line
        let received = store.receiveEffect(where: { _ in false })

        XCTAssertNil(received)
        XCTAssertEqual(
            failures.messages.first?.components(separatedBy: "\n").first,
            #"TestStore<Search>: expected to receive an effect that the predicate accepts, but the next effect is "#
                + #".work(.search("swift")) (from send(.submitted) at TestStorePlanTests.swift:\#(sendLine))."#)
    }

    func test_receiveEffect_extracting_returnsTheAssociatedValue_notAnotherCaseOfTheSameType() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "swift"), exhaustivity: .partial, reporter: failures.reporter)

        store.send(.submitted)
        let saved = store.receiveEffect(extracting: savedQuery)

        XCTAssertEqual(saved, "swift")
        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(
            store.inFlightEffects, [.work(.search("swift")), .work(.saveHistory("swift"))], "partial mode skipped one")
    }

    func test_receiveEffect_extracting_inExhaustiveModeWantsTheNextEffect() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Search(query: "swift"), reporter: failures.reporter)

        store.send(.submitted)
        let skipped: String? = store.receiveEffect(extracting: savedQuery)  // typed: inside XCTAssertNil it is Any
        XCTAssertNil(skipped)
        XCTAssertEqual(store.receiveEffect { if case .work(.search(let query)) = $0 { query } else { nil } }, "swift")
        XCTAssertEqual(store.receiveEffect(extracting: savedQuery), "swift")

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(
            failures.messages.first?.hasPrefix(
                "TestStore<Search>: expected to receive an effect from which the closure given takes a value, but the "
                    + #"next effect is .work(.search("swift"))"#) ?? false, failures.messages.first ?? "")
    }
}

/// The query of a `.work(.saveHistory)` effect; `nil` for any other.
private func savedQuery(_ effect: Search.Effect) -> String? {
    if case .work(.saveHistory(let query)) = effect { query } else { nil }
}
