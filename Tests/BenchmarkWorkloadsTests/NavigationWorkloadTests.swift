import BenchmarkWorkloads
import EffectStore
import XCTest

/// Runs `stack.route.100`, `stack.route.10`, `stack.push-pop` and `stack.push-pop.floor` at tiny sizes, untimed, so
/// the workloads and their checks cannot rot.
final class NavigationWorkloadTests: XCTestCase {
    func test_stackRoute_runsAndVerifiesItsResult_atTinySizes() throws {
        XCTAssertGreaterThan(try Workloads.stackRoute(depth: 100, count: Sizes.tiny.dispatches), 0)
        XCTAssertGreaterThan(try Workloads.stackRoute(depth: 10, count: Sizes.tiny.dispatches), 0)
    }

    func test_stackPushPop_runsAndVerifiesItsResult_atTinySizes() throws {
        XCTAssertGreaterThan(try Workloads.stackPushPop(count: Sizes.tiny.roundTrips), 0)
    }

    func test_stackPushPopFloor_runsAndVerifiesItsResult_atTinySizes() throws {
        XCTAssertGreaterThan(try Workloads.stackPushPopFloor(count: Sizes.tiny.roundTrips), 0)
    }

    func test_pendingForWaitingDispatch_isPendingUntilResolved_thenHoldsTheValue() async {
        // The floor's pending future must wait as a waiting dispatch's does, or the floor measures less than it says.
        let future = Future<Int>.pendingForWaitingDispatch()
        XCTAssertFalse(future.isResolved)
        future.resolve(with: 7)
        future.resolve(with: 8)
        XCTAssertTrue(future.isResolved)
        let value = await future.value
        XCTAssertEqual(value, 7)
    }

    func test_pushStarted_startsTheScreensRunUnderItsScope_andPopCancelsIt() {
        var navigator = BenchNavigator(depth: 0)
        XCTAssertEqual(
            navigator.handle(event: .pushStarted),
            BenchNavigator.Effect.screen(0, .idle).cancellable(id: StackElementEffects(\BenchNavigator.path, 0))
        )
        XCTAssertEqual(navigator.handle(event: .pop), .cancel(id: StackElementEffects(\BenchNavigator.path, 0)))
    }
}
