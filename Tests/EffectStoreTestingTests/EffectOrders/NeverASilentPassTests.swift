import EffectStore
import EffectStoreTesting
import XCTest

/// An exploration of effect orders never passes without saying what it left out: each bound that cut it is counted
/// and fails `assertNoFailure` unless the test accepts it, and an effect the explorer has no answer for is a failure
/// that names it.
final class NeverASilentPassTests: XCTestCase {
    /// The re-armed timer's bug takes six choices (start, tick, answer, stop, tick, answer).
    func rearmedTimer() -> StateExplorer<RearmedTimer> {
        StateExplorer(initialState: RearmedTimer(), events: [.start, .stop])
            .transitionInvariant("a stopped timer does not count") {
                $0.from.isRunning || $0.to.seconds == $0.from.seconds
            }
            .answering { _ in [.later(.ticked)] }
    }

    // Failed before: the exploration to depth 5 passed, with no failure, no cut short and no figure of the cut.
    func test_aBugOneStepPastTheDepthBound_failsTheAssertion_namingTheCut() throws {
        let exploration = rearmedTimer().exploreEffectOrders(bounds: EffectOrderBounds(depth: 5))
        XCTAssertNil(exploration.failure?.message, "the bug is past the bound")
        XCTAssertEqual(exploration.cuts, [.depth: 2])
        XCTAssertTrue(exploration.summary.hasSuffix("; the depth bound cut 2 schedules before the end, which went unchecked"),
                      exploration.summary)

        let failures = TestFailureCollector()
        exploration.assertNoFailure(reporter: failures.reporter)
        let message = try XCTUnwrap(failures.messages.first)
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(
            message.hasPrefix(
                "The exploration of the effect orders of RearmedTimer passed only within its bounds: the depth bound "
                    + "cut 2 schedules before the end, which went unchecked ("), message)
        XCTAssertTrue(message.hasSuffix("To fix, raise `depth` past the longest schedule (or send fewer events), or "
                                        + "pass `accepting: [.depth]` if a partial exploration is enough."), message)

        let accepted = TestFailureCollector()
        exploration.assertNoFailure(accepting: [.depth], reporter: accepted.reporter)
        XCTAssertEqual(accepted.messages, [])
        XCTAssertNotNil(rearmedTimer().exploreEffectOrders(bounds: EffectOrderBounds(depth: 6)).failure)
    }

    func test_eachBoundThatCut_isCounted_andFailsUnlessAccepted() {
        // Three orders placed, answered with no answer out of order: the bound holds deliveries back.
        let submits = StateExplorer(initialState: DoubleSubmit(), events: Array(repeating: .submitTapped, count: 3))
            .answering { _ in [.later(.orderPlaced)] }
        let outOfOrder = submits.exploreEffectOrders(bounds: EffectOrderBounds(outOfOrder: 0))
        XCTAssertEqual(Set(outOfOrder.cuts.keys), [.outOfOrder])
        XCTAssertEqual(messages(outOfOrder, accepting: []).count, 1)
        XCTAssertTrue(messages(outOfOrder, accepting: []).first?.contains("the out-of-order bound held back") ?? false)
        XCTAssertEqual(messages(outOfOrder, accepting: [.outOfOrder]), [])
        XCTAssertEqual(submits.exploreEffectOrders().cuts, [:], "every order, no bound cut")

        let limited = rearmedTimer().exploreEffectOrders(bounds: EffectOrderBounds(depth: 5, maxSchedules: 2))
        XCTAssertEqual(limited.cutShort, .scheduleLimit(2))
        XCTAssertEqual(Set(limited.cuts.keys), [.depth, .maxSchedules])
        XCTAssertEqual(messages(limited, accepting: []).count, 2, "one per bound")
        XCTAssertEqual(messages(limited, accepting: [.depth, .maxSchedules]), [])

        let walked = rearmedTimer().exploreEffectOrders(
            bounds: EffectOrderBounds(depth: 5), strategy: .random(seed: 1, runs: 10))
        XCTAssertNotNil(walked.cuts[.depth], "a walk cut at the depth bound is counted too")
    }

    // Failed before: an effect with no answer ended at once with none, and the exploration passed.
    func test_anEffectWithNoAnswer_isAFailure_thatNamesIt_unlessDeclared() throws {
        let explorer = StateExplorer(initialState: SaveAfterDismiss(), events: [.saveTapped, .dismissed])
        let failure = try XCTUnwrap(explorer.answering { _ in [] }.exploreEffectOrders().failure)
        XCTAssertEqual(failure.check, "every effect has an answer")
        XCTAssertEqual(failure.schedule.description, "e0")
        XCTAssertTrue(
            failure.reason.hasPrefix(".work(.save) was performed, but answering(_:) gives it no outcome"), failure.reason)
        XCTAssertTrue(failure.reason.hasSuffix("[.finishes] for an effect that ends with no answer, [.never] for one "
                                               + "that never ends"), failure.reason)
        XCTAssertEqual(explorer.exploreEffectOrders().failure?.check, "every effect has an answer",
                       "no answering(_:) at all")

        XCTAssertNil(explorer.answering { _ in [.finishes] }.exploreEffectOrders().failure?.message)
        let running = explorer.answering { _ in [.never] }
        XCTAssertEqual(running.exploreEffectOrders().failure?.check, "nothing is left running")
        XCTAssertNil(running.exploreEffectOrders(bounds: EffectOrderBounds(allowsRunningEffects: true)).failure?.message)
    }

    func messages(_ exploration: EffectOrderExploration<some State & Hashable>, accepting: Set<EffectOrderBound>)
        -> [String]
    {
        let failures = TestFailureCollector()
        exploration.assertNoFailure(accepting: accepting, reporter: failures.reporter)
        return failures.messages
    }
}
