import BenchmarkWorkloads
import XCTest

/// Runs `observable.update` at a tiny size, untimed, so the workload and its result checks cannot rot.
@MainActor
final class ObservableWorkloadTests: XCTestCase {
    func test_observableUpdate_runsAndVerifiesItsResult_atATinySize() async throws {
        let nanosecondsPerEvent = try Workloads.observableUpdate(count: Sizes.tiny.dispatches)
        XCTAssertGreaterThan(nanosecondsPerEvent, 0)
    }
}
