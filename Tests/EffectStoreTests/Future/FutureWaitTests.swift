import Dispatch
import EffectStore
import XCTest

final class FutureWaitTests: XCTestCase {
    func test_wait_returnsTheValueResolvedFromAnotherThread() {
        let promise = Promise<Int>()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { promise.resolve(42) }
        XCTAssertEqual(promise.future.wait(timeout: .seconds(5)), 42)
    }

    func test_wait_returnsNilWhenTheFutureStaysPending() {
        let promise = Promise<Int>()
        XCTAssertNil(promise.future.wait(timeout: .milliseconds(20)))
        withExtendedLifetime(promise) {}
    }

    func test_wait_onTheMainThread_letsTheMainQueueResolveTheFuture() {
        XCTAssertTrue(Thread.isMainThread)
        let promise = Promise<String>()
        DispatchQueue.main.async { promise.resolve("from the main queue") }
        XCTAssertEqual(promise.future.wait(timeout: .seconds(5)), "from the main queue")
    }

    func test_wait_offTheMainThread_blocksUntilTheValue() {
        let promise = Promise<Int>()
        let waited = Promise<Int?>()
        DispatchQueue.global().async { waited.resolve(promise.future.wait(timeout: .seconds(5))) }
        promise.resolve(7)
        XCTAssertEqual(waited.future.wait(timeout: .seconds(5)), .some(7))
    }

    func test_wait_onAResolvedFuture_returnsAtOnceEvenWithAZeroTimeout() {
        XCTAssertEqual(Future(value: 3).wait(timeout: .seconds(0)), 3)
    }
}
