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
        let started = navigator.transition(on: .pushStarted)
        XCTAssertEqual(started, BenchNavigator.path.lift((0, .work(.idle))))
        guard case .cancellable(let run, let scope, cancelInFlight: false)? = started?.plan else {
            return XCTFail("the screen's run is not under its scope: \(String(describing: started))")
        }
        XCTAssertEqual(run, .work(.screen(0, .idle)))
        XCTAssertEqual(navigator.transition(on: .pop), BenchNavigator.path.ending(0))
        XCTAssertEqual(BenchNavigator.path.ending(0), .cancel(id: scope), "the pop cancels the run's scope")
    }
}
