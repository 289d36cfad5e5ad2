import BenchmarkWorkloads
import EffectStore
import XCTest

/// Runs `stack.route.100`, `stack.route.10` and `stack.push-pop` at tiny sizes, untimed, so
/// the workloads and their checks cannot rot.
final class NavigationWorkloadTests: XCTestCase {
    func test_stackRoute_runsAndVerifiesItsResult_atTinySizes() throws {
        XCTAssertGreaterThan(try Workloads.stackRoute(depth: 100, count: Sizes.tiny.dispatches), 0)
        XCTAssertGreaterThan(try Workloads.stackRoute(depth: 10, count: Sizes.tiny.dispatches), 0)
    }

    func test_stackPushPop_runsAndVerifiesItsResult_atTinySizes() throws {
        XCTAssertGreaterThan(try Workloads.stackPushPop(count: Sizes.tiny.roundTrips), 0)
    }

    func test_pushStarted_startsTheScreensRunUnderItsScope_andPopCancelsIt() {
        var navigator = BenchNavigator(depth: 0)
        XCTAssertEqual(
            navigator.transition(on: .pushStarted),
            BenchNavigator.Effect.work(.screen(0, .idle)).cancellable(id: ScreenScope(\BenchNavigator.path, 0))
        )
        XCTAssertEqual(navigator.transition(on: .pop), .cancel(id: ScreenScope(\BenchNavigator.path, 0)))
    }
}
