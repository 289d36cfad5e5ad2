import EffectStore
import EffectStoreTesting
import XCTest

/// Properties beyond each transition: invariants checked when nothing is in flight, properties that must hold at the
/// end of every schedule, and the coverage figures of an exploration.
final class PropertiesBeyondTransitionsTests: XCTestCase {
    func search(fixed: Bool, answers: [EffectOutcome<StaleSearch.Event>] = []) -> StateExplorer<StaleSearch> {
        StateExplorer(initialState: StaleSearch(fixed: fixed), events: [.typed("a"), .typed("ab")])
            .answering { effect in
                guard case .work(.search(let query)) = effect else { return [] }
                return [.later(.answered(query: query, results: [query + "!"]))] + answers
            }
    }

    func test_anInvariantAtRest_isCheckedWhenNothingIsInFlight_only() throws {
        // While a search is in flight the results may lag behind the query; once nothing is, they may not.
        let explorer = search(fixed: false).invariantAtRest("at rest, the results are the query's") {
            $0.resultsQuery == $0.query
        }
        let failure = try XCTUnwrap(explorer.exploreEffectOrders().failure)
        XCTAssertEqual(failure.check, "at rest, the results are the query's")
        XCTAssertEqual(failure.schedule.description, "e0 e1 a1.0 a0.0", "the newer answer first, the stale one last")
        XCTAssertTrue(failure.reason.hasPrefix("nothing is in flight, and the state StaleSearch("), failure.reason)
        XCTAssertNil(explorer.replay(Schedule("e0 e1 a0.0")!).failedCheck, "a search is still in flight there")
        let fixed = search(fixed: true).invariantAtRest("at rest, the results are the query's") {
            $0.resultsQuery == $0.query
        }
        XCTAssertNil(fixed.exploreEffectOrders().failure?.message)
    }

    func test_anEventuallyProperty_isCheckedAtTheEndOfEachSchedule() throws {
        // A search that ends with no answer leaves the spinner on for good.
        let explorer = search(fixed: true, answers: [.finishes]).eventually("the spinner stops") { !$0.isSearching }
        let failure = try XCTUnwrap(explorer.exploreEffectOrders().failure)
        XCTAssertEqual(failure.check, "the spinner stops")
        // The first search, cancelled by the second, may have sent its answer already: it arrives, and is dropped.
        XCTAssertEqual(failure.schedule.description, "e0 e1 a0.0 a1.1")
        XCTAssertTrue(failure.reason.hasPrefix("the schedule ended — every event sent, nothing left to deliver — in the "
                                               + "state StaleSearch("), failure.reason)
        XCTAssertNil(explorer.replay(Schedule("e0 a0.1")!).failedCheck, "not the end: an event is still to send")
        XCTAssertNil(search(fixed: true).eventually("the spinner stops") { !$0.isSearching }
            .exploreEffectOrders().failure?.message)
    }

    func test_theInitialState_isChecked() throws {
        let explorer = search(fixed: true).invariantAtRest("something is shown") { !$0.results.isEmpty }
        let failure = try XCTUnwrap(explorer.exploreEffectOrders().failure)
        XCTAssertEqual(failure.schedule.description, "")
        XCTAssertTrue(failure.reason.hasPrefix("nothing is in flight, and the state StaleSearch("), failure.reason)
    }

    func test_theCoverageFigures_countStatesTransitionsSchedules_andSchedulesUntilTheFailure() {
        let clean = search(fixed: true).exploreEffectOrders(bounds: EffectOrderBounds(eventsInAnyOrder: true))
        XCTAssertEqual(clean.schedules, 2)
        XCTAssertEqual(clean.distinctStates, 7)
        XCTAssertEqual(clean.transitions, 10)
        XCTAssertNil(clean.schedulesUntilFailure)
        XCTAssertTrue(clean.summary.hasPrefix("2 schedules, 7 distinct states, 10 transitions, "), clean.summary)

        let failing = search(fixed: false).invariant("the results shown are for the query") {
            $0.isSearching || $0.resultsQuery == $0.query
        }
        .exploreEffectOrders(bounds: EffectOrderBounds(eventsInAnyOrder: true))
        XCTAssertEqual(failing.schedulesUntilFailure, 1)
        XCTAssertTrue(failing.summary.contains(", the first failure in schedule 1, "), failing.summary)
        let walked = search(fixed: false).invariant("the results shown are for the query") {
            $0.isSearching || $0.resultsQuery == $0.query
        }
        .exploreEffectOrders(strategy: .random(seed: 7, runs: 200))
        XCTAssertEqual(walked.schedulesUntilFailure, walked.schedules)
        XCTAssertEqual(walked.schedulesUntilFailure.map { $0 - 1 }, walked.failure?.seed?.run)
    }

    func test_explore_checksInvariantsAtRestInEveryState_andEventuallyPropertiesWhereEveryPathEnds() {
        let exploration = StateExplorer(initialState: Kettle(), events: [.switchedOn, .boiled])
            .invariantAtRest("boiled water is not left on the heat") { !($0.hasBoiled && $0.isOn) }
            .eventually("the kettle switches itself off") { !$0.isOn }
            .explore()
        XCTAssertEqual(exploration.violations.map(\.invariant), [
            "boiled water is not left on the heat", "the kettle switches itself off",
        ])
        XCTAssertEqual(exploration.violations.map(\.path), [[.switchedOn, .boiled], [.switchedOn, .boiled]])
        let fixed = StateExplorer(initialState: Kettle(switchesOff: true), events: [.switchedOn, .boiled])
            .invariantAtRest("boiled water is not left on the heat") { !($0.hasBoiled && $0.isOn) }
            .eventually("the kettle switches itself off") { !$0.isOn }
            .explore()
        XCTAssertEqual(fixed.violations.map(\.invariant), [])
    }
}

/// A kettle that is to switch itself off once the water has boiled; the buggy one stays on.
private struct Kettle: State, Hashable {
    var switchesOff = false
    var isOn = false
    var hasBoiled = false

    enum Event: Sendable, Hashable { case switchedOn, boiled }
    typealias Effect = Never

    static var initialState: Kettle { Kettle() }

    mutating func handle(event: Event) -> Never? {
        switch event {
        case .switchedOn:
            isOn = !hasBoiled || !switchesOff
        case .boiled:
            guard isOn else { return nil }
            hasBoiled = true
            if switchesOff { isOn = false }
        }
        return nil
    }
}
