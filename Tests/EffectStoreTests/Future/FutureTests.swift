import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Promise 9: the first resolution wins; every observer runs exactly once, also ones added after resolution; safe
/// from any thread; a chain of 20,000 `map`s on a pending promise resolves without overflowing the stack;
/// callbacks run on the resolving thread (or the adding thread, once resolved); `await future.value` works.
final class FutureTests: XCTestCase {
    func test_initValue_isResolved_andCallsBackAtOnce() {
        let future = Future(value: 3)
        XCTAssertTrue(future.isResolved)
        let seen = Recorder<Int>()
        future.onComplete { seen.append($0) }
        XCTAssertEqual(seen.values, [3])
    }

    func test_promise_firstResolutionWins() {
        let promise = Promise<Int>()
        let seen = Recorder<Int>()
        promise.future.onComplete { seen.append($0) }
        promise.resolve(1)
        promise.resolve(2)
        promise.future.onComplete { seen.append($0) }
        XCTAssertEqual(seen.values, [1, 1])
    }

    func test_initBody_resolvesOnce_firstCallWins() {
        let future = Future<String> { resolve in
            resolve("first")
            resolve("second")
        }
        let seen = Recorder<String>()
        future.onComplete { seen.append($0) }
        XCTAssertEqual(seen.values, ["first"])
    }

    func test_initBody_resolvedLaterFromAnotherThread() {
        let future = Future<Int> { resolve in DispatchQueue.global().async { resolve(9) } }
        let expectation = expectation(description: "resolved")
        future.onComplete { value in
            XCTAssertEqual(value, 9)
            expectation.fulfill()
        }
        wait(for: [expectation], timeout: 5)
    }

    func test_callbacks_runInRegistrationOrder_exactlyOnce_includingLateOnes() {
        let promise = Promise<Int>()
        let order = Recorder<String>()
        promise.future.onComplete { order.append("a\($0)") }
        promise.future.onComplete { order.append("b\($0)") }
        promise.future.onComplete { order.append("c\($0)") }
        XCTAssertEqual(order.values, [])
        promise.resolve(1)
        promise.future.onComplete { order.append("late\($0)") }
        promise.resolve(2)
        XCTAssertEqual(order.values, ["a1", "b1", "c1", "late1"])
    }

    func test_callbacks_runOnTheResolvingThread_orOnTheAddingThreadOnceResolved() {
        let promise = Promise<Int>()
        let resolverThread = Recorder<ObjectIdentifier>()
        let callbackThread = Recorder<ObjectIdentifier>()
        let done = DispatchSemaphore(value: 0)
        promise.future.onComplete { _ in
            callbackThread.append(ObjectIdentifier(Thread.current))
            done.signal()
        }
        Thread {
            resolverThread.append(ObjectIdentifier(Thread.current))
            promise.resolve(1)
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(callbackThread.values, resolverThread.values, "ran on the resolving thread")

        let adderThread = Recorder<ObjectIdentifier>()
        let lateCallbackThread = Recorder<ObjectIdentifier>()
        Thread {
            adderThread.append(ObjectIdentifier(Thread.current))
            promise.future.onComplete { _ in lateCallbackThread.append(ObjectIdentifier(Thread.current)) }
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(lateCallbackThread.values, adderThread.values, "ran at once on the adding thread")
    }

    func test_concurrentResolveAndObserve_everyObserverRunsExactlyOnceWithTheWinningValue() {
        for _ in 0..<200 {
            let promise = Promise<Int>()
            let seen = Recorder<Int>()
            runConcurrently(threads: 4) { thread in
                if thread < 2 {
                    promise.resolve(thread)
                } else {
                    for _ in 0..<10 { promise.future.onComplete { seen.append($0) } }
                }
            }
            let values = seen.values
            XCTAssertEqual(values.count, 20)
            XCTAssertEqual(Set(values).count, 1, "observers saw different values: \(Set(values))")
        }
    }

    func test_map_transformsTheValue_pendingAndResolved() async {
        let promise = Promise<Int>()
        let mapped = promise.future.map { $0 * 2 }.map { "\($0)" }
        XCTAssertFalse(mapped.isResolved)
        promise.resolve(21)
        let value = await mapped.value
        XCTAssertEqual(value, "42")
        let immediate = await Future(value: 2).map { $0 + 1 }.value
        XCTAssertEqual(immediate, 3)
    }

    func test_flatMap_waitsForTheInnerFuture() async {
        let outer = Promise<Int>()
        let inner = Promise<String>()
        let chained = outer.future.flatMap { number in inner.future.map { "\($0)\(number)" } }
        outer.resolve(7)
        XCTAssertFalse(chained.isResolved)
        inner.resolve("n")
        let value = await chained.value
        XCTAssertEqual(value, "n7")
        let immediate = await Future(value: 1).flatMap { Future(value: $0 + 1) }.value
        XCTAssertEqual(immediate, 2)
    }

    /// A future resolved from the start (`Future(value:)`, a resolved future's `map`) gives its value, `nil` included,
    /// to every way of reading it.
    func test_resolvedFromTheStart_eachShape_givesItsValue_nilIncluded() async {
        let shapes: [(String, (Int?) -> Future<Int?>)] = [
            ("init(value:)", { Future(value: $0) }),
            ("map of a resolved future", { value in Future(value: 0).map { _ in value } }),
        ]
        for (shape, make) in shapes {
            for value in [nil, 5] as [Int?] {
                let future = make(value)
                XCTAssertTrue(future.isResolved, shape)
                XCTAssertEqual(future.valueIfResolved, .some(value), shape)
                let seen = Recorder<Int?>()
                future.onComplete { seen.append($0) }
                XCTAssertEqual(seen.values, [value], shape)
                XCTAssertEqual(future.map { $0.map { $0 + 1 } }.valueIfResolved, .some(value.map { $0 + 1 }), shape)
                XCTAssertEqual(future.flatMap { Future(value: $0 == nil) }.valueIfResolved, value == nil, shape)
                let awaited = await future.value
                XCTAssertEqual(awaited, value, shape)
            }
        }
    }

    /// A future resolved from the start releases its value with the future.
    func test_resolvedFromTheStart_eachShape_releasesItsValueWithTheFuture() {
        final class Witness: Sendable {}
        let shapes: [(String, (Witness) -> Future<Witness>)] = [
            ("init(value:)", { Future(value: $0) }),
            ("map of a resolved future", { witness in Future(value: 0).map { _ in witness } }),
        ]
        for (shape, make) in shapes {
            weak var weakWitness: Witness?
            var future: Future<Witness>?
            do {
                let witness = Witness()
                weakWitness = witness
                future = make(witness)
            }
            XCTAssertNotNil(weakWitness, "\(shape): released while its future lives")
            XCTAssertTrue(future?.valueIfResolved === weakWitness, shape)
            future = nil
            XCTAssertNil(weakWitness, "\(shape): kept after its future was released")
        }
    }

    func test_mapChainOf20000_onAPendingPromise_resolvesWithoutOverflowingTheStack() {
        let promise = Promise<Int>()
        var future = promise.future
        for _ in 0..<20_000 { future = future.map { $0 + 1 } }
        let result = Recorder<Int>()
        future.onComplete { result.append($0) }
        promise.resolve(0)
        XCTAssertEqual(result.values, [20_000])
    }

    func test_flatMapChainOf20000_onAPendingPromise_resolvesWithoutOverflowingTheStack() {
        let promise = Promise<Int>()
        var future = promise.future
        for _ in 0..<20_000 { future = future.flatMap { Future(value: $0 + 1) } }
        let result = Recorder<Int>()
        future.onComplete { result.append($0) }
        promise.resolve(0)
        XCTAssertEqual(result.values, [20_000])
    }

    func test_nestedPendingChain_resolvedFromAnotherThread_deliversTheValue() {
        // 20,000 futures each waiting on its own promise, resolved in reverse: every hop goes through a waiter.
        let promises = (0..<20_000).map { _ in Promise<Int>() }
        var future = Future(value: 0)
        for promise in promises { future = future.flatMap { value in promise.future.map { $0 + value } } }
        let done = DispatchSemaphore(value: 0)
        let result = Recorder<Int>()
        future.onComplete {
            result.append($0)
            done.signal()
        }
        DispatchQueue.global().async { for promise in promises.reversed() { promise.resolve(1) } }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(result.values, [20_000])
    }

    func test_value_awaitedBeforeResolution_resumesWhenResolved() async {
        let promise = Promise<String>()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { promise.resolve("done") }
        let value = await promise.future.value
        XCTAssertEqual(value, "done")
    }

    func test_unresolvedPromise_releasesItsCallbacksWhenReleased() {
        final class Witness: Sendable {}
        weak var weakWitness: Witness?
        do {
            let promise = Promise<Int>()
            let witness = Witness()
            weakWitness = witness
            promise.future.onComplete { _ in _ = witness }
        }
        XCTAssertNil(weakWitness)
    }
}
