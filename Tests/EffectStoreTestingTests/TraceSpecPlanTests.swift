import EffectStore
import EffectStoreTesting
import XCTest

/// `assertTrace` with effects that carry plans: several effects per step, compared with `==` or as started.
final class TraceSpecPlanTests: XCTestCase {
    private let submitted = Search(query: "swift")

    /// What `Search` returns when "swift" is submitted, with the history entry given.
    private func submitPlan(saving history: String) -> Search.Effect {
        .all(
            Search.Effect.work(.search("swift")).cancellable(id: "search", cancelInFlight: true),
            Search.Effect.work(.saveHistory(history)).queued(id: "history"))
    }

    func test_assertTrace_comparesAPlanOfSeveralEffectsWithEquals() {
        let failures = TestFailureCollector()

        assertTrace(
            given: submitted,
            [
                .when(
                    .submitted, then: submitted,
                    effect: submitPlan(saving: "swift")),
                .when(
                    .queryChanged("swifty"), then: Search(query: "swifty"),
                    effect: Search.Effect.work(.search("swifty")).debounced(id: "search", for: .milliseconds(300))),
            ], reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [])
    }

    func test_assertTrace_whenOneEffectOfSeveralDiffers_pointsAtItInTheDiff() {
        let failures = TestFailureCollector()

        assertTrace(
            given: submitted,
            [
                .when(
                    .submitted, then: submitted,
                    effect: submitPlan(saving: "swiftly"))
            ], reporter: failures.reporter)

        XCTAssertEqual(failures.messages.count, 1)
        let message = failures.messages.first ?? ""
        XCTAssertTrue(
            message.hasPrefix(
                #"Trace step 1 of 1, when .submitted in Search(query: "swift", results: []): the effect differs: "#
                    + #"expected .all(.work(.search("swift")).cancellable(id: "search", cancelInFlight: true), "#
                    + #".work(.saveHistory("swiftly")).queued(id: "history")), actual .all("#), message)
        XCTAssertTrue(
            message.contains(#".plan.all[1].plan.queued.0.work.saveHistory: expected "swiftly", actual "swift""#),
            message)
    }

    func test_assertTrace_performing_comparesTheEffectsStartedAtOnce() {
        let failures = TestFailureCollector()

        assertTrace(
            given: submitted,
            [
                .when(
                    .submitted, then: submitted, performing: [.work(.search("swift")), .work(.saveHistory("swift"))]),
                .when(.queryChanged("swifty"), then: Search(query: "swifty"), performing: []),
                .when(.results(["swift"]), then: Search(query: "swifty", results: ["swift"]), performing: []),
            ], reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [])
    }

    func test_assertTrace_performing_reportsTheEffectsThatDiffer() {
        let failures = TestFailureCollector()

        assertTrace(
            given: submitted, [.when(.submitted, then: submitted, performing: [.work(.search("swift"))])],
            reporter: failures.reporter)

        XCTAssertEqual(failures.messages.count, 1)
        let message = failures.messages.first ?? ""
        XCTAssertTrue(
            message.contains(
                #"the effects started differ: expected [.work(.search("swift"))], actual [.work(.search("swift")), "#
                    + #".work(.saveHistory("swift"))] (from .all(.work(.search("swift")).cancellable(id: "search", cancelInFlight: true), "#
                    + #".work(.saveHistory("swift")).queued(id: "history")))"#), message)
    }

    func test_assertTrace_writesEveryPlanOperatorAsATestWouldWriteIt() {
        let failures = TestFailureCollector()
        let plan = Relay.Effect.all(
            Relay.Effect.work(.job(1)).debounced(id: "d", for: .milliseconds(300)),
            Relay.Effect.work(.job(2)).throttled(id: 7, for: .seconds(1), latest: false),
            Relay.Effect.work(.job(3)).delayed(by: .seconds(2), id: "later"),
            Relay.Effect.work(.job(4)).delayed(by: .milliseconds(5)),
            Relay.Effect.work(.job(5)).queued(id: "q", keepingOnlyLatest: true),
            .cancel(id: "old"))

        assertTrace(given: Relay(), [.when(.start(plan), then: Relay())], reporter: failures.reporter)

        XCTAssertEqual(failures.messages.count, 1)
        let message = failures.messages.first ?? ""
        XCTAssertTrue(
            message.hasSuffix(
                #"the effect differs: expected none, actual .all(.work(.job(1)).debounced(id: "d", for: 300 ms), "#
                    + ".work(.job(2)).throttled(id: 7, for: 1000 ms, latest: false), "
                    + #".work(.job(3)).delayed(by: 2000 ms, id: "later"), .work(.job(4)).delayed(by: 5 ms), "#
                    + #".work(.job(5)).queued(id: "q", keepingOnlyLatest: true), .cancel(id: "old"))"#), message)
    }
}
