import RecruitmentProcess
import XCTest

/// Data in, data out with nothing but XCTest: every (state, event) pair of the transition table, and the queries.
/// This is the README's lesson; the trace, test-store and explorer tests build on it.
final class ProcessStateTests: XCTestCase {
    private let processes = Process.examples
    private let otherProcesses = [Process(id: "p-9", title: "Nurse", company: "Hospital")]

    // MARK: fetchProcesses

    func test_fetchProcesses_fromIdle_startsLoadingAndDownloads() {
        assertTransition(from: .idle, on: .fetchProcesses, to: .loading, effect: .startDownload)
    }

    func test_startDownload_isTheDownloadUnderAnIdThatALogOutCancels() {
        XCTAssertEqual(
            ProcessState.Effect.startDownload,
            ProcessState.Effect.work(.downloadProcesses).cancellable(id: ProcessEffectID.download))
        XCTAssertEqual(ProcessState.Effect.cancelDownload, .cancel(id: ProcessEffectID.download))
    }

    func test_fetchProcesses_whileLoading_isIgnored() {
        assertTransition(from: .loading, on: .fetchProcesses, to: .loading, effect: nil)
    }

    func test_fetchProcesses_fromLoaded_reloads() {
        assertTransition(from: .loaded(processes), on: .fetchProcesses, to: .loading, effect: .startDownload)
    }

    func test_fetchProcesses_fromError_retries() {
        assertTransition(from: .error("Offline"), on: .fetchProcesses, to: .loading, effect: .startDownload)
    }

    // MARK: load(processes:)

    func test_load_whileLoading_showsTheProcesses() {
        assertTransition(from: .loading, on: .load(processes: processes), to: .loaded(processes), effect: nil)
    }

    func test_load_whenNotLoading_isIgnored() {
        let answer = ProcessState.Event.load(processes: otherProcesses)
        assertTransition(from: .idle, on: answer, to: .idle, effect: nil)
        assertTransition(from: .loaded(processes), on: answer, to: .loaded(processes), effect: nil)
        assertTransition(from: .error("Offline"), on: answer, to: .error("Offline"), effect: nil)
    }

    // MARK: failed(reason:)

    func test_failed_whileLoading_showsTheReason() {
        assertTransition(from: .loading, on: .failed(reason: "Offline"), to: .error("Offline"), effect: nil)
    }

    func test_failed_whenNotLoading_isIgnored() {
        let answer = ProcessState.Event.failed(reason: "Timed out")
        assertTransition(from: .idle, on: answer, to: .idle, effect: nil)
        assertTransition(from: .loaded(processes), on: answer, to: .loaded(processes), effect: nil)
        assertTransition(from: .error("Offline"), on: answer, to: .error("Offline"), effect: nil)
    }

    // MARK: userDidLogOut

    func test_userDidLogOut_whileLoading_goesIdleAndCancelsTheDownload() {
        assertTransition(from: .loading, on: .userDidLogOut, to: .idle, effect: .cancelDownload)
    }

    func test_userDidLogOut_fromAnyOtherState_goesIdleWithoutEffect() {
        assertTransition(from: .idle, on: .userDidLogOut, to: .idle, effect: nil)
        assertTransition(from: .loaded(processes), on: .userDidLogOut, to: .idle, effect: nil)
        assertTransition(from: .error("Offline"), on: .userDidLogOut, to: .idle, effect: nil)
    }

    // MARK: A flow, step by step

    /// The same flow as `ProcessStateTraceTests.test_logOut_midFlight_goesIdleAndTheLateAnswerIsIgnored`, in plain
    /// XCTest: one `handle(event:)` and two assertions per step.
    func test_logOut_midFlight_goesIdleAndTheLateAnswerIsIgnored() {
        var state = ProcessState.idle

        XCTAssertEqual(state.handle(event: .fetchProcesses), .startDownload)
        XCTAssertEqual(state, .loading)
        XCTAssertEqual(state.handle(event: .userDidLogOut), .cancel(id: ProcessEffectID.download))
        XCTAssertEqual(state, .idle)
        XCTAssertNil(state.handle(event: .load(processes: processes)))
        XCTAssertEqual(state, .idle)
        XCTAssertNil(state.handle(event: .failed(reason: "Timed out")))
        XCTAssertEqual(state, .idle)
    }

    // MARK: Queries

    func test_initialState_isIdle() {
        XCTAssertEqual(ProcessState.initialState, .idle)
    }

    func test_isLoading_isTrueOnlyWhileLoading() {
        XCTAssertFalse(ProcessState.idle.isLoading)
        XCTAssertTrue(ProcessState.loading.isLoading)
        XCTAssertFalse(ProcessState.loaded(processes).isLoading)
        XCTAssertFalse(ProcessState.error("Offline").isLoading)
    }

    func test_processes_areEmptyUnlessLoaded() {
        XCTAssertEqual(ProcessState.idle.processes, [])
        XCTAssertEqual(ProcessState.loading.processes, [])
        XCTAssertEqual(ProcessState.loaded(processes).processes, processes)
        XCTAssertEqual(ProcessState.error("Offline").processes, [])
    }

    func test_errorMessage_isNilUnlessError() {
        XCTAssertNil(ProcessState.idle.errorMessage)
        XCTAssertNil(ProcessState.loading.errorMessage)
        XCTAssertNil(ProcessState.loaded(processes).errorMessage)
        XCTAssertEqual(ProcessState.error("Offline").errorMessage, "Offline")
    }

    // MARK: Helper

    /// Sends `event` to `state` and checks both the next state and the effect; failures point at the caller's row.
    private func assertTransition(
        from state: ProcessState,
        on event: ProcessState.Event,
        to expectedState: ProcessState,
        effect expectedEffect: ProcessState.Effect?,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var next = state
        let effect = next.handle(event: event)
        XCTAssertEqual(next, expectedState, "next state of \(state) on \(event)", file: file, line: line)
        XCTAssertEqual(effect, expectedEffect, "effect of \(state) on \(event)", file: file, line: line)
    }
}
