import EffectStore
import EffectStoreTesting
import RecruitmentProcess
import XCTest

/// The stale answer the example used to take: log out mid-fetch, log in, fetch again, and the first download answers
/// during the second. The log-out cancels the first download, so the store never hands its answer to the state.
final class LogOutCancelsDownloadTests: XCTestCase {
    private let stale = [Process(id: "p-0", title: "Old opening", company: "Yesterday Inc.")]
    private let fresh = Process.examples

    func test_processStore_logOutMidFetch_logInAndFetchAgain_theFirstAnswerIsNeverShown() {
        let service = InMemoryProcessService(processes: stale)
        let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
        let store = makeProcessStore(service: service, sessionStore: sessionStore)
        let handled = Recorder<ProcessState.Event>()
        let loggedOut = expectation(description: "the process store hears the log-out")
        let recording = store.observeTransitions { transition in
            guard let event = transition.event else { return }
            handled.append(event)
            if event == .userDidLogOut { loggedOut.fulfill() }
        }
        service.holdAnswers()

        let first = store.dispatch(event: .fetchProcesses)
        sessionStore.dispatch(event: .logOut)
        wait(for: [loggedOut], timeout: 5)
        // Observers hear the log-out as it is committed; the cancellation it returned is carried out right after.
        XCTAssertEqual(
            first.wait(timeout: .seconds(5)), .idle, "the cancelled download's dispatch future resolves at the log-out")
        sessionStore.dispatch(event: .logIn(user: "bob"))
        service.setProcesses(fresh)
        let second = store.dispatch(event: .fetchProcesses)
        service.releaseAnswers()  // the first download answers first, during the second

        XCTAssertEqual(second.wait(timeout: .seconds(5)), .loaded(fresh))
        XCTAssertEqual(handled.values, [.fetchProcesses, .userDidLogOut, .fetchProcesses, .load(processes: fresh)])
        XCTAssertEqual(service.callCount, 2)
        recording.cancel()
    }

    func test_appStore_logOutMidFetch_logInAndFetchAgain_theFirstAnswerIsNeverShown() {
        let service = InMemoryProcessService(processes: stale)
        let store = makeAppStore(service: service, initialState: AppState(session: .loggedIn(user: "ana")))
        let handled = Recorder<AppState.Event>()
        let recording = store.observeTransitions { transition in
            if let event = transition.event { handled.append(event) }
        }
        service.holdAnswers()

        let first = store.dispatch(event: .process(.fetchProcesses))
        store.dispatch(event: .session(.logOut))
        XCTAssertTrue(first.isResolved, "the cancelled download's dispatch future resolves at the log-out")
        store.dispatch(event: .session(.logIn(user: "bob")))
        service.setProcesses(fresh)
        let second = store.dispatch(event: .process(.fetchProcesses))
        service.releaseAnswers()

        XCTAssertEqual(second.wait(timeout: .seconds(5))?.process, .loaded(fresh))
        XCTAssertEqual(
            handled.values,
            [
                .process(.fetchProcesses), .session(.logOut), .session(.logIn(user: "bob")), .process(.fetchProcesses),
                .process(.load(processes: fresh)),
            ])
        recording.cancel()
    }
}
