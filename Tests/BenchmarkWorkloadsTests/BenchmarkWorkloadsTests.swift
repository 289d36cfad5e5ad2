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

    func test_scaleWorkloads_runAndVerifyTheirResults_atTinySizes() throws {
        XCTAssertGreaterThan(try Workloads.storeCreate(count: 20), 0)
        XCTAssertGreaterThan(try Workloads.queueCreate(count: 20), 0)
        // More events than elements, so the round-robin wraps and the subscriber's checksum covers the wrap.
        XCTAssertGreaterThan(try Workloads.largeState(elements: 100, events: 250), 0)
        XCTAssertGreaterThan(try Workloads.fanOut(subscribers: 10, events: 50), 0)
        XCTAssertGreaterThan(try Workloads.contended(threads: 4, perThread: 100), 0)
        XCTAssertGreaterThan(try Workloads.contendedQueueSync(threads: 4, perThread: 100), 0)
    }

    func test_suiteNames_includeTheScaleFigures_withTheBaselineFirstMeasured() {
        for name in [
            "store-create", "baseline.queue-create", "large-state", "large-state.1m", "fan-out", "contended",
            "baseline.contended-queue-sync",
        ] {
            XCTAssertTrue(Suite.names.contains(name), name)
        }
        XCTAssertTrue(Suite.names.contains(Suite.baselineName))
        XCTAssertEqual(Suite.names.count, Set(Suite.names).count, "a figure name appears twice")
    }

    func test_workloads_rejectAWrongResult() {
        // A store that loses events must not post a time: the verification throws.
        XCTAssertThrowsError(try Workloads.verify(false, "lost events")) { error in
            XCTAssertEqual("\(error)", "lost events")
        }
    }

    func test_exploreSchedules_runsAndVerifiesItsResult_atTinySizes() throws {
        XCTAssertGreaterThan(try Workloads.exploreSchedules(count: Sizes.tiny.roundTrips / 10), 0)
        XCTAssertTrue(Suite.names.contains("explore.schedules"))
    }

    func test_exploreAnyOrder_exploresSixEventsInAnyOrder_asASetOfPendingSaves() throws {
        // The full run's size: 729 configurations (each of six items not added, saving or saved) for 64 states.
        XCTAssertGreaterThan(try Workloads.exploreAnyOrder(events: Sizes.full.anyOrderEvents), 0)
        XCTAssertGreaterThan(try Workloads.exploreAnyOrder(events: Sizes.tiny.anyOrderEvents), 0)
        XCTAssertTrue(Suite.names.contains("explore.any-order"))
    }
}
