import EffectStoreTesting
import RecruitmentProcess
import XCTest

/// The feature's main flows as trace specs: given a state, when these events arrive, then every state and every
/// effect, in order. Read top to bottom, each test is a sentence of the feature's documentation.
final class ProcessStateTraceTests: XCTestCase {
    private let processes = Process.examples

    func test_fetch_whenTheDownloadSucceeds_showsTheProcesses() {
        assertTrace(
            given: ProcessState.idle,
            [
                .when(.fetchProcesses, then: .loading, effect: .startDownload),
                .when(.load(processes: processes), then: .loaded(processes)),
            ])
    }

    func test_fetch_whenTheDownloadFails_showsTheReasonAndARetryLoads() {
        assertTrace(
            given: ProcessState.idle,
            [
                .when(.fetchProcesses, then: .loading, effect: .startDownload),
                .when(.failed(reason: "Network unreachable"), then: .error("Network unreachable")),
                .when(.fetchProcesses, then: .loading, effect: .startDownload),
                .when(.load(processes: processes), then: .loaded(processes)),
            ])
    }

    func test_logOut_midFlight_goesIdleAndTheLateAnswerIsIgnored() {
        assertTrace(
            given: ProcessState.idle,
            [
                .when(.fetchProcesses, then: .loading, effect: .startDownload),
                .when(.userDidLogOut, then: .idle, effect: .cancelDownload),
                .when(.load(processes: processes), then: .idle),
                .when(.failed(reason: "Timed out"), then: .idle),
            ])
    }

    func test_fetch_whileLoading_startsNoSecondDownload() {
        assertTrace(
            given: ProcessState.idle,
            [
                .when(.fetchProcesses, then: .loading, effect: .startDownload),
                .when(.fetchProcesses, then: .loading),
                .when(.load(processes: processes), then: .loaded(processes)),
            ])
    }

    func test_refresh_fromLoaded_replacesTheListWithTheNewAnswer() {
        let newer = [Process(id: "p-9", title: "Nurse", company: "Hospital")]
        assertTrace(
            given: ProcessState.loaded(processes),
            [
                .when(.fetchProcesses, then: .loading, effect: .startDownload),
                .when(.load(processes: newer), then: .loaded(newer)),
                .when(.userDidLogOut, then: .idle),
            ])
    }
}
