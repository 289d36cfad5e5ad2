import EffectStore
import EffectStoreTesting
import XCTest

/// `assertEffectOrder(_:)`, the test a failure prints: steps by value that stay meaningful when a fix changes the
/// effects, every property checked after every step, and what is left in flight delivered in every order.
final class AssertEffectOrderTests: XCTestCase {
    func messages<S>(
        _ explorer: StateExplorer<S>, _ steps: [EffectOrderStep<S>], accepting: Set<EffectOrderBound> = []
    ) -> [String] where S.Effect: Equatable {
        let failures = TestFailureCollector()
        explorer.assertEffectOrder(steps, accepting: accepting, reporter: failures.reporter)
        return failures.messages
    }

    func test_aFailureAtAStep_isReportedWithTheStepsUpToIt() throws {
        let message = try XCTUnwrap(messages(StaleSearch.explorer(fixed: false), [
            .send(.typed("a")),
            .send(.typed("ab")),
            .answer(.work(.search("a")), with: .answered(query: "a", results: ["a!"])),
        ]).first)
        XCTAssertEqual(
            message.components(separatedBy: "\n"),
            [
                "The effect order of StaleSearch breaks \"the results shown are for the query\" at step 3 of 3: the "
                    + "state StaleSearch(fixed: false, query: \"ab\", results: [\"a!\"], resultsQuery: \"a\", "
                    + "isSearching: false) breaks it",
                "Steps:",
                "  1. .send(.typed(\"a\")) → StaleSearch(fixed: false, query: \"a\", results: [], resultsQuery: \"\", "
                    + "isSearching: true)",
                "  2. .send(.typed(\"ab\")) → StaleSearch(fixed: false, query: \"ab\", results: [], resultsQuery: \"\", "
                    + "isSearching: true)",
                "  3. .answer(.work(.search(\"a\")), with: .answered(query: \"a\", results: [\"a!\"])) → "
                    + "StaleSearch(fixed: false, query: \"ab\", results: [\"a!\"], resultsQuery: \"a\", "
                    + "isSearching: false)",
            ])
    }

    func test_aStepWhoseEffectIsNotInFlight_deliversNothing_andTheRestIsDeliveredInEveryOrder() {
        // The fixed sheet cancels its save on dismissal: the save's answer, if it was on its way, is dropped, and an
        // answer to a save that never started is not delivered.
        let explorer = SaveAfterDismiss.explorer(fixed: true)
        XCTAssertEqual(messages(explorer, [.send(.dismissed), .answer(.work(.save), with: .saved)]), [])
        XCTAssertEqual(messages(explorer, [.send(.saveTapped), .send(.dismissed), .answer(.work(.save), with: .saved)]),
                       [])
        // Left in flight after the steps, the save answers or fails, in every order: the buggy sheet fails there.
        let buggy = messages(SaveAfterDismiss.explorer(fixed: false), [.send(.saveTapped), .send(.dismissed)])
        XCTAssertEqual(buggy.count, 1)
        XCTAssertTrue(
            buggy.first?.hasPrefix(
                "The effect order of SaveAfterDismiss breaks \"no banner on a dismissed sheet\" after its 2 steps, "
                    + "when what was still in flight is delivered in the order \"a0.0\": the state") ?? false,
            buggy.first ?? "")
        XCTAssertTrue(buggy.first?.contains("\n  a0.0: .work(.save) answers .saved → SaveAfterDismiss(") ?? false)
    }

    func test_theEndIsChecked_withEveryProperty() {
        let explorer = StaleSearch.explorer(fixed: true).eventually("the spinner stops") { !$0.isSearching }
        let left = messages(explorer.answering { _ in [.never] }, [.send(.typed("a"))])
        XCTAssertEqual(left.count, 1)
        XCTAssertTrue(left.first?.contains("breaks \"nothing is left running\" after its 1 steps") ?? false, left[0])
        let ended = messages(explorer.answering { _ in [.finishes] }, [.send(.typed("a"))])
        XCTAssertTrue(ended.first?.contains("breaks \"the spinner stops\" after its 1 steps") ?? false, ended[0])
        XCTAssertEqual(messages(explorer, [.send(.typed("a"))]), [])
    }

    func test_advance_firesTheTimersDue_andWhatIsLeftIsCutUnlessAccepted() {
        let explorer = RearmedTimer.explorer(fixed: true)
        // A second tick waits for the clock after the steps; the timer ticks for ever, so the depth bound cuts.
        let steps: [EffectOrderStep<RearmedTimer>] = [
            .send(.start), .advance(by: .milliseconds(999)), .advance(by: .milliseconds(1)),
            .answer(.work(.tick), with: .ticked),
        ]
        let cut = messages(explorer, steps)
        XCTAssertEqual(cut.count, 1)
        XCTAssertTrue(
            cut.first?.hasPrefix("The effect order of RearmedTimer passed only within its bounds: after its 4 steps, "
                                 + "the depth bound cut 1 schedule before the end") ?? false, cut.first ?? "")
        XCTAssertEqual(messages(explorer, steps, accepting: [.depth]), [])
        XCTAssertEqual(messages(explorer, steps + [.send(.stop)]), [], "stopped: nothing is left")
        let early = messages(explorer, [.send(.start), .advance(by: .milliseconds(999)), .answer(.work(.tick), with: .ticked)],
                             accepting: [.depth])
        XCTAssertEqual(early, [], "no tick had started: its answer is not delivered")
    }

    // Failed before: the advance fired the first timer only, as the tick it started had not answered yet.
    func test_advance_firesEachTimerThatFallsDue_afterTheAnswersAtOnceOfTheOneBefore() throws {
        // Each tick answers at once and sets the next timer: three seconds are three ticks.
        let explorer = StateExplorer(initialState: RearmedTimer(), events: [.start])
            .invariant("at most two seconds counted") { $0.seconds <= 2 }
            .answering { _ in [.atOnce(.ticked)] }
        let message = try XCTUnwrap(messages(explorer, [.send(.start), .advance(by: .seconds(3))]).first)
        XCTAssertTrue(message.contains("breaks \"at most two seconds counted\" at step 2 of 2"), message)
        XCTAssertTrue(message.contains("\n  2. .advance(by: .seconds(3)): a timer fires at 3000 ms"), message)
        // Two seconds are two ticks; the third comes after the steps, when what is in flight is delivered.
        let later = try XCTUnwrap(messages(explorer, [.send(.start), .advance(by: .seconds(2))]).first)
        XCTAssertTrue(later.contains("after its 2 steps, when what was still in flight is delivered in the order "
                                     + "\"t a2.0\""), later)
    }

    func test_anEffectThatAnswersAtOnce_answersBeforeTheNextStep() {
        // Each placed order is confirmed at once: a second tap finds the first order placed.
        let explorer = DoubleSubmit.explorer(fixed: false, answer: .atOnce(.orderPlaced))
        let message = messages(explorer, [.send(.submitTapped), .send(.submitTapped)]).first ?? ""
        XCTAssertTrue(message.contains("breaks \"one order per checkout\" at step 2 of 2"), message)
        XCTAssertTrue(message.contains("\n  a0.0: .placeOrder answers at once .orderPlaced → "), message)
    }
}
