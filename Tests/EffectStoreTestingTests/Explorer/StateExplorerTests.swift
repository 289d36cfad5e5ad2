import EffectStoreTesting
import XCTest

final class StateExplorerTests: XCTestCase {
    private let loginEvents: [Login.Event] = [.submit(password: "pw"), .succeeded(user: "ada"), .failed, .logOut, .ping]

    func test_explore_findsEveryReachableStateBreadthFirst() {
        let exploration = StateExplorer(initialState: Door()).explore()

        XCTAssertEqual(exploration.states, [
            Door(isOpen: false, isLocked: false),
            Door(isOpen: true, isLocked: false),
            Door(isOpen: false, isLocked: true),
            Door(isOpen: true, isLocked: true),
        ])
        XCTAssertEqual(exploration.events, Door.Event.allCases, "a CaseIterable event sends every case")
        XCTAssertEqual(exploration.transitions.count, 16, "every event in every state")
        XCTAssertFalse(exploration.wasCutShort)
        XCTAssertEqual(exploration.unexploredStates, 0)
    }

    func test_stateInvariant_reportsItsFirstViolationWithTheShortestPath() {
        let exploration = StateExplorer(initialState: Door())
            .invariant("a locked door is closed") { !($0.isLocked && $0.isOpen) }
            .invariant("a door exists") { _ in true }
            .explore()

        XCTAssertEqual(exploration.violations.count, 1)
        XCTAssertEqual(exploration.violations.first?.invariant, "a locked door is closed")
        XCTAssertEqual(exploration.violations.first?.path, [.open, .lock])
        XCTAssertEqual(exploration.violations.first?.state, Door(isOpen: true, isLocked: true))
    }

    func test_assertNoViolations_failsWithThePathToReproduceIt() {
        let failures = TestFailureCollector()

        StateExplorer(initialState: Door())
            .invariant("a locked door is closed") { !($0.isLocked && $0.isOpen) }
            .explore()
            .assertNoViolations(reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [
            """
            Invariant "a locked door is closed" is violated after 2 events: [.open, .lock] reaches \
            Door(isOpen: true, isLocked: true).
            To fix, change Door.handle(event:) so this path cannot happen, or correct the invariant if the path is \
            legitimate. Replay it with `assertTrace(given:_:)` to pin the fix down.
            """,
        ])
    }

    func test_assertNoViolations_passesWhenEveryInvariantHolds() {
        let failures = TestFailureCollector()

        StateExplorer(initialState: Login.initialState, events: loginEvents)
            .invariant("failures stay below three") { state in
                if case .loggedOut(let failures) = state { return failures < 3 }
                return true
            }
            .transitionInvariant("only authentication logs in") { transition in
                guard case .loggedIn = transition.to else { return true }
                switch transition.from {
                case .authenticating, .loggedIn: return true
                default: return false
                }
            }
            .explore()
            .assertNoViolations(reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [])
    }

    func test_transitionInvariant_reportsTheFailingTransitionAndItsEffect() {
        let exploration = StateExplorer(initialState: Login.initialState, events: loginEvents)
            .transitionInvariant("a session is never forgotten") { $0.effect != .forgetSession }
            .explore()

        let violation = exploration.violations.first
        XCTAssertEqual(violation?.path, [.submit(password: "pw"), .succeeded(user: "ada"), .logOut])
        XCTAssertEqual(violation?.transition?.from, .loggedIn(user: "ada"))
        XCTAssertEqual(violation?.state, .loggedOut(failures: 0))
        XCTAssertTrue(violation?.message.contains(
            #"reaches .loggedOut(failures: 0) from .loggedIn(user: "ada") with effect .forgetSession."#) ?? false,
            violation?.message ?? "")
    }

    func test_explore_reportsEventsThatNeverChangeAnything() {
        let exploration = StateExplorer(initialState: Login.initialState, events: loginEvents).explore()

        XCTAssertEqual(exploration.noOpEvents, [.ping])
    }

    func test_explore_reportsStatesWithNoWayOut() {
        let exploration = StateExplorer(initialState: Login.initialState, events: loginEvents).explore()

        XCTAssertEqual(exploration.deadEnds, [.lockedOut])
        XCTAssertEqual(exploration.path(to: .lockedOut), [
            .submit(password: "pw"), .failed, .submit(password: "pw"), .failed, .submit(password: "pw"), .failed,
        ])
        XCTAssertEqual(exploration.states.count, 8)
    }

    func test_explore_isCutShortByTheStateLimit_andSaysSo() {
        let failures = TestFailureCollector()

        let exploration = StateExplorer(initialState: Counter(count: 0), maxStates: 5).explore()
        exploration.assertNoViolations(reporter: failures.reporter)
        exploration.assertNoViolations(allowCutShort: true, reporter: failures.reporter)

        XCTAssertEqual(exploration.cutShort, .stateLimit(5))
        XCTAssertEqual(exploration.states.count, 5)
        XCTAssertEqual(failures.messages, [
            """
            The exploration of Counter was cut short by the state limit (5 states) after 5 states (5 found but not \
            explored), so it does not prove the invariants.
            To fix, raise the bound, send fewer distinct events (for example fewer associated values), or pass \
            `allowCutShort: true` if a partial exploration is enough.
            """,
        ])
    }

    func test_explore_isCutShortByTheTimeLimit() {
        let exploration = StateExplorer(initialState: Counter(count: 0), timeLimit: 0).explore()

        XCTAssertEqual(exploration.cutShort, .timeLimit(seconds: 0))
        XCTAssertEqual(exploration.states, [Counter(count: 0)])
        XCTAssertEqual(exploration.unexploredStates, 1)
        XCTAssertTrue(exploration.wasCutShort)
    }

    func test_path_isNilForAStateThatWasNotReached() {
        let exploration = StateExplorer(initialState: Door()).explore()

        XCTAssertEqual(exploration.path(to: Door()), [])
        XCTAssertEqual(exploration.path(to: Door(isOpen: false, isLocked: true)), [.lock])
        XCTAssertNil(StateExplorer(initialState: Login.lockedOut, events: loginEvents).explore()
            .path(to: .loggedIn(user: "ada")))
    }
}
