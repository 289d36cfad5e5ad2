import EffectStore
import EffectStoreTesting
import RecruitmentProcess
import XCTest

/// Data in, data out: `AppState` routes each event to its child, lifts the child's effect, resets the process list
/// on log-out and ignores process events while logged out. Each test runs `transition(on:)`, what the store runs,
/// and writes the effects it expects through the place, `AppState.process.lift(_:)`.
final class AppStateTests: XCTestCase {
    private let ana = SessionState.loggedIn(user: "ana")
    private let processes = Process.examples

    // MARK: Session events

    func test_logIn_whenLoggedOut_logsInAndLeavesTheListAlone() {
        assertTransition(from: AppState(), on: .session(.logIn(user: "ana")), to: AppState(session: ana), effect: nil)
    }

    func test_logIn_whenLoggedIn_isIgnored() {
        let app = AppState(session: ana, process: .loaded(processes))
        assertTransition(from: app, on: .session(.logIn(user: "bob")), to: app, effect: nil)
    }

    func test_logOut_whenLoggedIn_resetsTheList() {
        for process in [ProcessState.idle, .loaded(processes), .error("Offline")] {
            assertTransition(
                from: AppState(session: ana, process: process), on: .session(.logOut),
                to: AppState(session: .loggedOut, process: .idle), effect: nil)
        }
    }

    func test_logOut_whileLoading_resetsTheList_andCancelsTheDownload() {
        assertTransition(
            from: AppState(session: ana, process: .loading), on: .session(.logOut),
            to: AppState(session: .loggedOut, process: .idle), effect: AppState.process.lift(.cancelDownload))
    }

    func test_liftedEffect_keepsTheProcessListsPlan_aroundTheLiftedWork_underAnIDOfThePlacesOwn() {
        let download = AppState.Effect.work(.process(.downloadProcesses))
        XCTAssertEqual(AppState.process.lift(.work(.downloadProcesses)), download, "a property's child never leaves")
        let start = AppState.process.lift(.startDownload)
        guard case .cancellable(let started, let id, cancelInFlight: false)? = start.plan else {
            return XCTFail("the download is no longer cancellable: \(start)")
        }
        XCTAssertEqual(started, download)
        XCTAssertNotEqual(id, EffectID(ProcessEffectID.download), "the process list's ids are its place's own")
        XCTAssertEqual(AppState.process.lift(.cancelDownload), .cancel(id: id), "the log-out cancels that download")
        XCTAssertEqual(
            AppState.process.lift(.all(.startDownload, .work(.downloadProcesses).delayed(by: .seconds(1)))),
            .all(start, download.delayed(by: .seconds(1))))
    }

    func test_logOut_whenLoggedOut_isIgnored() {
        assertTransition(from: AppState(), on: .session(.logOut), to: AppState(), effect: nil)
    }

    // MARK: Process events

    func test_processEvent_whenLoggedIn_isDelegatedAndItsEffectLifted() {
        assertTransition(
            from: AppState(session: ana), on: .process(.fetchProcesses),
            to: AppState(session: ana, process: .loading), effect: AppState.process.lift(.startDownload))
        assertTransition(
            from: AppState(session: ana, process: .loading), on: .process(.load(processes: processes)),
            to: AppState(session: ana, process: .loaded(processes)), effect: nil)
    }

    func test_processEvent_whenLoggedOut_isIgnored() {
        assertTransition(from: AppState(), on: .process(.fetchProcesses), to: AppState(), effect: nil)
        assertTransition(from: AppState(), on: .process(.load(processes: processes)), to: AppState(), effect: nil)
    }

    func test_initialState_isLoggedOutAndIdle() {
        XCTAssertEqual(AppState.initialState, AppState(session: .loggedOut, process: .idle))
    }

    // MARK: Flows and invariants, with EffectStoreTesting

    func test_trace_logInFetchLogOut_theLateAnswerIsIgnored() {
        assertTrace(
            given: AppState.initialState,
            [
                .when(.session(.logIn(user: "ana")), then: AppState(session: ana)),
                .when(
                    .process(.fetchProcesses), then: AppState(session: ana, process: .loading),
                    effect: AppState.process.lift(.startDownload)),
                .when(.session(.logOut), then: AppState(), effect: AppState.process.lift(.cancelDownload)),
                .when(.process(.load(processes: processes)), then: AppState()),
            ])
    }

    func test_explore_nobodyLoggedInMeansAnIdleList() {
        let two = ProcessExploration.processes
        let events: [AppState.Event] = [
            .session(.logIn(user: "ana")), .session(.logOut),
            .process(.fetchProcesses), .process(.load(processes: two)), .process(.failed(reason: "Offline")),
        ]

        let exploration = StateExplorer(initialState: AppState.initialState, events: events)
            .invariant("logged out means an idle list") { $0.session.isLoggedIn || $0.process == .idle }
            .transitionInvariant("downloads start only for a logged-in user") { transition in
                transition.effect != AppState.process.lift(.startDownload) || transition.to.session.isLoggedIn
            }
            .explore()

        exploration.assertNoViolations()
        XCTAssertEqual(exploration.states.count, 5, "logged out + idle, and logged in × the four process states")
        XCTAssertEqual(exploration.deadEnds, [])
    }

    // MARK: Helper

    /// Runs `state`'s transition on `event` and checks the next state and the effect; failures point at the caller's
    /// line.
    private func assertTransition(
        from state: AppState,
        on event: AppState.Event,
        to expectedState: AppState,
        effect expectedEffect: AppState.Effect?,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var next = state
        let effect = next.transition(on: event)
        XCTAssertEqual(next, expectedState, "next state of \(state) on \(event)", file: file, line: line)
        XCTAssertEqual(effect, expectedEffect, "effect of \(state) on \(event)", file: file, line: line)
    }
}
