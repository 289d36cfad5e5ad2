import EffectStore
import RecruitmentProcess
import XCTest

/// The one collaboration test of the shell: effect in, the service's answer out as an event.
final class ProcessEffectsTests: XCTestCase {
    func test_eventForResult_mapsSuccessToLoadAndFailureToFailed() {
        XCTAssertEqual(ProcessEffects.event(for: .success(Process.examples)), .load(processes: Process.examples))
        XCTAssertEqual(
            ProcessEffects.event(for: .failure(ProcessServiceError(message: "Offline"))),
            .failed(reason: "Offline")
        )
    }

    func test_downloadProcesses_callsTheServiceOnceAndAnswersWithItsResult() {
        let service = InMemoryProcessService(processes: Process.examples, script: [.fail(message: "Offline")])
        let effects = ProcessEffects(service: service)

        let failure = effects.handle(effect: .downloadProcesses)
        let success = effects.handle(effect: .downloadProcesses)

        XCTAssertEqual(failure.flatMap { value(of: $0) }, .failed(reason: "Offline"))
        XCTAssertEqual(success.flatMap { value(of: $0) }, .load(processes: Process.examples))
        XCTAssertEqual(service.callCount, 2)
    }
}
