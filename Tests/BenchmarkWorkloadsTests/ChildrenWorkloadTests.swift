import BenchmarkWorkloads
import XCTest

/// Runs `children.route`, `children.route.10` and `children.route.case` at tiny sizes, untimed, so the workloads and their checks cannot rot.
final class ChildrenWorkloadTests: XCTestCase {
    func test_childrenRoute_runsAndVerifiesItsResult_atTinySizes() throws {
        XCTAssertGreaterThan(try Workloads.childrenRoute(rows: 10_000, count: 20_000), 0)
        XCTAssertGreaterThan(try Workloads.childrenRoute(rows: 10, count: Sizes.tiny.dispatches), 0)
    }

    func test_childrenRoute_rowsNotMultipleOfTheStride_visitsEveryRow() throws {
        XCTAssertGreaterThan(try Workloads.childrenRoute(rows: 21, count: 210), 0)
        XCTAssertGreaterThan(try Workloads.childrenRoute(rows: 7919 * 2, count: 7919 * 2), 0)
    }

    func test_childrenRouteCase_runsAndVerifiesItsResult_atTinySizes() throws {
        XCTAssertGreaterThan(try Workloads.childrenRouteCase(count: Sizes.tiny.dispatches), 0)
    }
}
