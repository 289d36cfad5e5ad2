import EffectStore
import EffectStoreTesting
import RecruitmentProcess
import XCTest

/// Data in, data out: what the list screen shows for each state; then the same function live on a real store.
final class ProcessListViewStateTests: XCTestCase {
    private typealias Row = ProcessListViewState.Row

    func test_init_idle_invitesToLoad() {
        XCTAssertEqual(
            ProcessListViewState(.idle),
            ProcessListViewState(
                title: "Processes", rows: [], isLoading: false, errorBanner: nil,
                placeholder: "Pull to load your processes.", isRefreshEnabled: true)
        )
    }

    func test_init_loading_showsTheSpinnerAndDisablesRefresh() {
        XCTAssertEqual(
            ProcessListViewState(.loading),
            ProcessListViewState(
                title: "Processes", rows: [], isLoading: true, errorBanner: nil,
                placeholder: nil, isRefreshEnabled: false)
        )
    }

    func test_init_loaded_listsTheProcessesAndCountsThem() {
        XCTAssertEqual(
            ProcessListViewState(.loaded(Process.examples)),
            ProcessListViewState(
                title: "Processes (3)",
                rows: [
                    Row(id: "p-1", title: "iOS Engineer", detail: "Jobandtalent", isOpen: true),
                    Row(id: "p-2", title: "Warehouse Operator", detail: "Logistics Co.", isOpen: true),
                    Row(id: "p-3", title: "Barista", detail: "Coffee & Co. · closed", isOpen: false),
                ],
                isLoading: false, errorBanner: nil, placeholder: nil, isRefreshEnabled: true)
        )
    }

    func test_init_loadedEmpty_saysThereAreNone() {
        XCTAssertEqual(
            ProcessListViewState(.loaded([])),
            ProcessListViewState(
                title: "Processes (0)", rows: [], isLoading: false, errorBanner: nil,
                placeholder: "No processes right now.", isRefreshEnabled: true)
        )
    }

    func test_init_error_showsTheBannerAndAllowsRetry() {
        XCTAssertEqual(
            ProcessListViewState(.error("Offline")),
            ProcessListViewState(
                title: "Processes", rows: [], isLoading: false,
                errorBanner: "Could not load the processes: Offline", placeholder: nil,
                isRefreshEnabled: true)
        )
    }

    func test_mapOfARealStore_followsTheStoreThroughAFetch() {
        let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
        let store = makeProcessStore(service: InMemoryProcessService(), sessionStore: sessionStore)
        let viewState = store.map(ProcessListViewState.init)
        let rendered = Recorder<ProcessListViewState>()
        let token = viewState.subscribe { rendered.append($0) }

        XCTAssertNotNil(store.dispatch(event: .fetchProcesses).wait(timeout: .seconds(5)))

        XCTAssertEqual(rendered.values, [.init(.idle), .init(.loading), .init(.loaded(Process.examples))])
        XCTAssertEqual(viewState.state.title, "Processes (3)")
        token.cancel()
    }

    func test_mapOfARealStore_isNotNotifiedWhenTheScreenWouldNotChange() {
        let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
        let store = makeProcessStore(service: InMemoryProcessService(), sessionStore: sessionStore)
        let spinner = store.map(ProcessListViewState.init).map(\.isLoading)
        let spins = Recorder<Bool>()
        let token = spinner.subscribe { spins.append($0) }

        store.dispatch(event: .userDidLogOut)  // idle → idle: no new state
        store.dispatch(event: .load(processes: Process.examples))  // ignored while idle
        XCTAssertNotNil(store.dispatch(event: .fetchProcesses).wait(timeout: .seconds(5)))

        XCTAssertEqual(spins.values, [false, true, false])
        token.cancel()
    }
}
