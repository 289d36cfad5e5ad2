import RecruitmentProcess
import XCTest

/// Data in, data out: every (state, event) pair of the session, and its queries.
final class SessionStateTests: XCTestCase {
    func test_logIn_whenLoggedOut_logsTheUserIn() {
        assertTransition(from: .loggedOut, on: .logIn(user: "ana"), to: .loggedIn(user: "ana"))
    }

    func test_logIn_whenLoggedIn_isIgnored() {
        assertTransition(from: .loggedIn(user: "ana"), on: .logIn(user: "bob"), to: .loggedIn(user: "ana"))
    }

    func test_logOut_whenLoggedIn_logsOut() {
        assertTransition(from: .loggedIn(user: "ana"), on: .logOut, to: .loggedOut)
    }

    func test_logOut_whenLoggedOut_isIgnored() {
        assertTransition(from: .loggedOut, on: .logOut, to: .loggedOut)
    }

    func test_initialState_isLoggedOut() {
        XCTAssertEqual(SessionState.initialState, .loggedOut)
    }

    func test_queries_reportTheUser() {
        XCTAssertFalse(SessionState.loggedOut.isLoggedIn)
        XCTAssertNil(SessionState.loggedOut.user)
        XCTAssertTrue(SessionState.loggedIn(user: "ana").isLoggedIn)
        XCTAssertEqual(SessionState.loggedIn(user: "ana").user, "ana")
    }

    /// Sends `event` to `state` and checks the next state and that there is no effect (the session has none).
    private func assertTransition(
        from state: SessionState,
        on event: SessionState.Event,
        to expectedState: SessionState,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var next = state
        let effect: SessionState.Effect? = next.handle(event: event)  // the type has no values: always nil
        XCTAssertEqual(next, expectedState, "next state of \(state) on \(event)", file: file, line: line)
        XCTAssertNil(effect, "effect of \(state) on \(event)", file: file, line: line)
    }
}
