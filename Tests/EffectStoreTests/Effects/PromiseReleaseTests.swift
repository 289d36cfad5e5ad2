import Dispatch
import EffectStore
import Foundation
import XCTest

final class PromiseReleaseStressTests: XCTestCase {
    // Dispatches that replace each other (cancelInFlight) on one thread while another answers or drops (releases
    // unanswered) the promises: every dispatch future resolves, and no answer of a replaced fetch is handled.
    func test_replaceAnswerAndRelease_fromTwoThreads_everyFutureResolves() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        let futures = LockedBox.make([Future<Planner>]())
        let done = LockedBox.make(false)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for index in 0..<500 {
                let future = store.dispatch(
                    event: .start(Planner.Effect.fetch("\(index)").cancellable(id: "x", cancelInFlight: true)))
                futures.withLock { $0.append(future) }
            }
            done.withLock { $0 = true }
        }
        DispatchQueue.global().async(group: group) {
            var round = 0
            while !done.withLock({ $0 }) {
                round += 1
                if round % 3 == 0 { effects.dropAll() } else { effects.answerNext() }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        effects.dropAll()
        for future in futures.withLock({ $0 }) {
            XCTAssertNotNil(future.wait(timeout: .seconds(5)), "a dispatch future never resolved")
        }
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(5)))
        // Only the last fetch can have been handled after every later one replaced it: the log is increasing.
        let numbers = store.state.log.compactMap(Int.init)
        XCTAssertEqual(numbers, numbers.sorted(), "an answer of a replaced fetch was handled after a newer one")
    }
}

/// A handler that keeps its pending promises in a dictionary under its own lock, like most services do.
private final class LockedService: EffectHandler, Sendable {
    let lock = NSLock()
    let entered = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var pending: [Promise<Planner.Event>] = []

    func handle(effect: Planner.Effect) -> Future<Planner.Event>? {
        entered.signal()
        lock.lock()
        defer { lock.unlock() }
        let promise = Promise<Planner.Event>()
        pending.append(promise)
        return promise.future
    }
}

final class PromiseReleaseTests: XCTestCase {
    // Thread 1 clears the service's pending promises under the service's lock (it gives up on them). Releasing a
    // promise the store listens to runs AnswerTicket.deinit, which tells the store with
    // `scheduleWithoutWaiting(.effect(.ended))` — it must never wait for the queue (a `queue.sync` here deadlocked).
    // Meanwhile thread 2 dispatches, and the store's queue is inside handle(effect:), waiting for the same lock.
    func test_releasingAnUnansweredPromiseUnderTheHandlersLock_doesNotDeadlock() {
        let service = LockedService()
        let store = Store<Planner>(effectHandler: service)
        store.dispatch(event: .start(.fetch("first")))  // a job whose promise the service holds
        service.entered.wait()
        let finished = DispatchSemaphore(value: 0)
        Thread {
            service.lock.lock()
            DispatchQueue.global().async { store.dispatch(event: .start(.fetch("second"))) }
            service.entered.wait()  // the store's queue is now inside handle(effect:), waiting for the lock
            Thread.sleep(forTimeInterval: 0.05)
            service.pending = []  // releases "first"'s promise: AnswerTicket.deinit → queue.sync
            service.lock.unlock()
            finished.signal()
        }.start()
        XCTAssertEqual(
            finished.wait(timeout: .now() + 3), .success, "deadlock: AnswerTicket.deinit waits for the queue")
    }
}
