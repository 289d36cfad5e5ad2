import Dispatch
import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

final class AsyncEffectTests: XCTestCase {
    func test_futureFromAsyncClosure_resolvesWithItsValue() async {
        let future = Future<Int> {
            try? await Task.sleep(nanoseconds: 1_000_000)
            return 42
        }

        let value = await future.value

        XCTAssertEqual(value, 42)
    }

    func test_futureFromThrowingClosure_turnsTheErrorIntoTheFailedEvent() async {
        let store = Store<StandInProcessState>(effectHandler: StandInProcessEffects(service: FailingStandInService()))

        let state = await store.dispatch(event: .fetchProcesses).value

        XCTAssertEqual(state, .failed("offline"))
    }

    func test_futureFromNonThrowingClosure_ofAFailureEvent_isNotAmbiguous() async {
        let future = Future<StandInProcessState.Event> { .userDidLogOut }

        guard case .userDidLogOut = await future.value else { return XCTFail("expected .userDidLogOut") }
    }

    func test_futureCatching_mapsTheErrorWithMapError() async {
        let future = Future<String>(
            catching: { throw FailingStandInService.Offline() },
            mapError: { "mapped \($0)" }
        )

        let value = await future.value

        XCTAssertEqual(value, "mapped offline")
    }

    func test_asyncEffect_answerIsDispatchedBackIntoTheStore() async {
        let store = Store<StandInProcessState>(effectHandler: StandInProcessEffects(service: StubStandInService()))

        let state = await store.dispatch(event: .fetchProcesses).value

        XCTAssertEqual(state, .loaded(StubStandInService().processes))
    }

    func test_releasingTheStore_cancelsItsInFlightAsyncEffectAndSendsNothingBack() async {
        let effects = SlowEffects()
        var store: Store<StandInProcessState>? = Store<StandInProcessState>(effectHandler: effects)
        weak let weakStore = store
        let chain = store!.dispatch(event: .fetchProcesses)
        await fulfillment(of: [effects.started], timeout: 5)

        store = nil

        XCTAssertNil(weakStore)
        await fulfillment(of: [effects.cancelled], timeout: 5)
        let lastState = await chain.value
        XCTAssertEqual(lastState, .loading, "the dispatch future resolves with the last committed state")
        try? await Task.sleep(nanoseconds: 100_000_000)  // time for a wrongly sent answer to arrive
        XCTAssertEqual(effects.futures.count, 1)
        XCTAssertFalse(effects.futures[0].isResolved, "a cancelled effect sends nothing back")
    }

    func test_futureCreatedOutsideAnyStore_runsToCompletion() async {
        let future = Future<StandInProcessState.Event> { .load(processes: try await StubStandInService().fetch()) }

        guard case .load(let processes) = await future.value else { return XCTFail("expected .load") }

        XCTAssertEqual(processes, StubStandInService().processes)
    }
}

/// An effect handler whose download only ends when cancelled; it records the futures it returns.
final class SlowEffects: EffectHandler, Sendable {
    let started = XCTestExpectation(description: "effect started")
    let cancelled = XCTestExpectation(description: "effect task cancelled")
    private let returned = Recorder<Future<StandInProcessState.Event>>()

    var futures: [Future<StandInProcessState.Event>] { returned.values }

    func handle(effect: StandInProcessState.Effect) -> Future<StandInProcessState.Event>? {
        let started = self.started
        let cancelled = self.cancelled
        let future = Future<StandInProcessState.Event> {
            started.fulfill()
            do {
                try await Task.sleep(nanoseconds: 60_000_000_000)
            } catch {
                cancelled.fulfill()
                throw error
            }
            return .load(processes: [])
        }
        returned.append(future)
        return future
    }
}
