import EffectStore
import EffectStoreTesting
import RecruitmentProcess
import XCTest

final class InMemoryProcessServiceTests: XCTestCase {
    func test_fetchProcesses_followsTheScriptThenSucceeds() {
        let service = InMemoryProcessService(processes: Process.examples)
        service.failNext(2, message: "Offline")

        let answers = (0..<3).map { _ in service.fetchProcesses() }.compactMap { $0.wait(timeout: .seconds(5)) }

        XCTAssertEqual(
            answers,
            [
                .failure(ProcessServiceError(message: "Offline")),
                .failure(ProcessServiceError(message: "Offline")),
                .success(Process.examples),
            ]
        )
        XCTAssertEqual(service.callCount, 3)
    }

    func test_fetchProcesses_withZeroLatency_answersAsynchronously() {
        let service = InMemoryProcessService()
        service.holdAnswers()

        let answer = service.fetchProcesses()
        XCTAssertFalse(answer.isResolved)
        service.releaseAnswers()

        XCTAssertEqual(answer.wait(timeout: .seconds(5)), .success(Process.examples))
    }

    func test_holdAnswers_keepsAnswersUntilReleased() {
        let service = InMemoryProcessService(latency: .milliseconds(1))
        service.holdAnswers()
        let answer = service.fetchProcesses()

        let stillPending = expectation(description: "no answer while held")
        stillPending.isInverted = true
        answer.onComplete { _ in stillPending.fulfill() }
        wait(for: [stillPending], timeout: 0.1)

        service.releaseAnswers()
        XCTAssertEqual(answer.wait(timeout: .seconds(5)), .success(Process.examples))
    }
}
