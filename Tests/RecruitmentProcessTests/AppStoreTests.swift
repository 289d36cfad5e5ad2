import EffectStore
import EffectStoreTesting
import RecruitmentProcess
import XCTest

/// The app-level effect handler (`AppEffects`, which hands the process list's work to `ProcessEffects` through
/// `AppState.process`) on its own, then the whole loop with a real `Store<AppState>`.
final class AppStoreTests: XCTestCase {
    func test_appEffects_downloadProcesses_answersWithTheLiftedLoad() {
        let service = InMemoryProcessService(processes: Process.examples)

        assertEffect(
            .work(.process(.downloadProcesses)), on: AppEffects(service: service),
            produces: .process(.load(processes: Process.examples)))
    }

    func test_appEffects_downloadProcesses_whenTheServiceFails_answersWithTheLiftedFailure() {
        let service = InMemoryProcessService(script: [.fail(message: "Offline")])

        assertEffect(
            .work(.process(.downloadProcesses)), on: AppEffects(service: service),
            produces: .process(.failed(reason: "Offline")))
    }

    func test_appStore_logInFetchLogOut_runsTheWholeLoop() {
        let service = InMemoryProcessService(processes: Process.examples, latency: .milliseconds(10))
        let store = makeAppStore(service: service)
        let ana = SessionState.loggedIn(user: "ana")

        store.dispatch(event: .session(.logIn(user: "ana")))
        let fetch = store.dispatch(event: .process(.fetchProcesses))
        XCTAssertEqual(store.state, AppState(session: ana, process: .loading), "handled before dispatch returns")

        XCTAssertEqual(fetch.wait(timeout: .seconds(5)), AppState(session: ana, process: .loaded(Process.examples)))
        XCTAssertEqual(store.dispatch(event: .session(.logOut)).wait(timeout: .seconds(5)), AppState())
        XCTAssertEqual(service.callCount, 1)
    }

    func test_appStore_logOutMidFlight_ignoresTheLateAnswer() {
        let service = InMemoryProcessService(processes: Process.examples)
        let store = makeAppStore(service: service, initialState: AppState(session: .loggedIn(user: "ana")))
        let states = Recorder<AppState>()
        let token = store.map { $0 }.subscribe { states.append($0) }  // `map` skips the ignored answer's equal state
        service.holdAnswers()

        let fetch = store.dispatch(event: .process(.fetchProcesses))
        store.dispatch(event: .session(.logOut))
        service.releaseAnswers()  // the download answers after the log-out

        XCTAssertEqual(
            fetch.wait(timeout: .seconds(5)), AppState(), "the chain ends with the late answer, which is ignored")
        XCTAssertEqual(
            states.values,
            [
                AppState(session: .loggedIn(user: "ana")),
                AppState(session: .loggedIn(user: "ana"), process: .loading),
                AppState(),
            ])
        token.cancel()
    }

    func test_derivedListOfTheAppStore_isNotNotifiedBySessionChangesAlone() {
        let store = makeAppStore(service: InMemoryProcessService())
        let rendered = Recorder<ProcessListViewState>()
        let token = store.map(\.process).map(ProcessListViewState.init).subscribe { rendered.append($0) }

        store.dispatch(event: .session(.logIn(user: "ana")))
        store.dispatch(event: .session(.logOut))
        store.dispatch(event: .session(.logIn(user: "bob")))

        XCTAssertEqual(rendered.values, [ProcessListViewState(.idle)])
        token.cancel()
    }
}
