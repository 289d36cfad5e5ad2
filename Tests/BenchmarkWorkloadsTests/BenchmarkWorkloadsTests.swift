import BenchmarkWorkloads
import XCTest

/// Runs every benchmark workload at a tiny size, untimed, so the workloads and their result checks cannot rot.
final class BenchmarkWorkloadsTests: XCTestCase {
    func test_everyWorkload_runsAndVerifiesItsResult_atTinySizes() async throws {
        var progressNames: [String] = []
        let figures = try await Suite.run(.tiny) { progressNames.append($0.name) }
        XCTAssertEqual(figures.map(\.name), Suite.names)
        XCTAssertEqual(Set(progressNames), Set(Suite.names + Suite.progressOnlyNames))
        for figure in figures where figure.name != "memory.bytes-per-store" {
            XCTAssertGreaterThan(figure.median, 0, figure.name)
        }
    }

    func test_workloads_rejectAWrongResult() {
        // A store that loses events must not post a time: the verification throws.
        XCTAssertThrowsError(try Workloads.verify(false, "lost events")) { error in
            XCTAssertEqual("\(error)", "lost events")
        }
    }
}

