import BenchmarkWorkloads
import XCTest

/// Runs `rows.toggle.100` and `rows.toggle.10k` at small sizes, untimed, so the workload and its checks cannot rot.
@MainActor
final class RowsWorkloadTests: XCTestCase {
    func test_rowsToggle_runsAndVerifiesItsResult_atSmallSizes() async throws {
        XCTAssertGreaterThan(try Workloads.rowsToggle(rows: 100, count: 250), 0, "every row changed, some twice")
        XCTAssertGreaterThan(try Workloads.rowsToggle(rows: 10_000, count: Sizes.tiny.dispatches), 0)
    }
}
