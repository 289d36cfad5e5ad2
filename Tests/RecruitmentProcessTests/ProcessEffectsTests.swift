import EffectStore
import EffectStoreTesting
import RecruitmentProcess
import XCTest

/// The shell on its own: a real `ProcessEffects` against the in-memory service, effect in, event out.
final class ProcessEffectsTests: XCTestCase {
    func test_eventForResult_mapsSuccessToLoadAndFailureToFailed() {
        XCTAssertEqual(ProcessEffects.event(for: .success(Process.examples)), .load(processes: Process.examples))
        XCTAssertEqual(
            ProcessEffects.event(for: .failure(ProcessServiceError(message: "Offline"))),
            .failed(reason: "Offline")
        )
    }

    func test_downloadProcesses_whenTheServiceSucceeds_answersWithItsProcesses() {
        let service = InMemoryProcessService(processes: Process.examples)
        let effects = ProcessEffects(service: service)

        assertEffect(.work(.downloadProcesses), on: effects, produces: .load(processes: Process.examples))

        XCTAssertEqual(service.callCount, 1)
    }

    func test_downloadProcesses_whenTheServiceFails_answersWithItsMessage() {
        let service = InMemoryProcessService(script: [.fail(message: "Network unreachable")])
        let effects = ProcessEffects(service: service)

        assertEffect(.work(.downloadProcesses), on: effects, produces: .failed(reason: "Network unreachable"))

        XCTAssertEqual(service.callCount, 1)
    }

    func test_downloadProcesses_callsTheServiceOncePerEffect() {
        let service = InMemoryProcessService(processes: Process.examples, script: [.fail(message: "Offline")])
        let effects = ProcessEffects(service: service)

        assertEffect(.work(.downloadProcesses), on: effects, produces: .failed(reason: "Offline"))
        assertEffect(.work(.downloadProcesses), on: effects, produces: .load(processes: Process.examples))

        XCTAssertEqual(service.callCount, 2)
    }

    func test_downloadProcesses_whenTheServiceNeverAnswers_theCheckFailsInsteadOfHanging() {
        let service = InMemoryProcessService(latency: .never)
        let log = TestFailureCollector()

        let event = eventProduced(
            by: .work(.downloadProcesses), on: ProcessEffects(service: service),
            within: .milliseconds(50), reporter: log.reporter)

        XCTAssertNil(event)
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages.first?.contains("did not answer .work(.downloadProcesses)") == true, "\(log.messages)")
    }
}
