@testable import EffectStore
import XCTest

private enum Work: Sendable, Equatable { case a, b, c }
private typealias Eff = Planned<Work>

private typealias Scheduler = EffectScheduler<Eff>

private func finishes(_ actions: [Scheduler.Action]) -> [UInt64] {
    actions.compactMap { if case .finish(let chain) = $0 { chain } else { nil } }
}

final class EffectSchedulerChainTests: XCTestCase {
    // A chain's live job is under "x"; handling its answer starts `.all(.cancel(x), b)` for the same chain.
    func test_start_cancelOfTheChainsOwnJob_thenMore_doesNotFinishTheChain() {
        var scheduler = Scheduler(planReader: { $0.plan })
        let job = scheduler.adopt(chain: 1, id: EffectID("x"))
        let actions = scheduler.start(.all(.cancel(id: "x"), .work(.b)), chain: 1)
        XCTAssertFalse(
            scheduler.isWaiting(for: 1) && finishes(actions).contains(1),
            "finish(1) emitted while b still runs for chain 1: \(actions)")
        _ = scheduler.ended(job)
    }

    // The owner holds a chain while it handles one of its job's events; that event cancels the job. If the owner then
    // cancels everything (its store is released), the held chain is finished too, like every other.
    func test_cancelAll_finishesAChainHeldWhileItsLastJobWasCancelled() {
        var scheduler = Scheduler(planReader: { $0.plan })
        let job = scheduler.adopt(chain: 1, id: EffectID("x"))
        XCTAssertEqual(scheduler.holdChain(of: job, unlessHeld: nil), 1)
        XCTAssertEqual(finishes(scheduler.cancel(EffectID("x"))), [], "held: not finished yet")
        XCTAssertEqual(finishes(scheduler.cancelAll()), [1])
        XCTAssertEqual(finishes(scheduler.unhold(1)), [], "cancelAll forgot the hold; nothing finishes twice")
    }

    // Two latest-only queued effects of one chain while another chain's effect runs in the queue.
    func test_queuedKeepingOnlyLatest_twiceInOneAll_doesNotFinishTheChain() {
        var scheduler = Scheduler(planReader: { $0.plan })
        _ = scheduler.start(Eff.work(.a).queued(id: "q"), chain: 1)
        let actions = scheduler.start(
            .all(Eff.work(.b).queued(id: "q", keepingOnlyLatest: true), Eff.work(.c).queued(id: "q", keepingOnlyLatest: true)),
            chain: 2)
        XCTAssertFalse(
            scheduler.isWaiting(for: 2) && finishes(actions).contains(2),
            "finish(2) emitted while c still waits for chain 2: \(actions)")
    }

    // Two latest throttled effects of one chain while the window is open.
    func test_throttledLatest_twiceInOneAll_doesNotFinishTheChain() {
        var scheduler = Scheduler(planReader: { $0.plan })
        _ = scheduler.start(Eff.work(.a).throttled(id: "t", for: .seconds(1)), chain: 1)
        let actions = scheduler.start(
            .all(Eff.work(.b).throttled(id: "t", for: .seconds(1)), Eff.work(.c).throttled(id: "t", for: .seconds(1))), chain: 2)
        XCTAssertFalse(
            scheduler.isWaiting(for: 2) && finishes(actions).contains(2),
            "finish(2) emitted while c still waits for chain 2: \(actions)")
    }

    // A delayed effect in a queue: the queue is forgotten while it waits, so the next queued effect runs at once,
    // and both run together once the timer fires.
    func test_queuedDelayed_theNextQueuedEffectWaitsForIt() {
        var scheduler = Scheduler(planReader: { $0.plan })
        let first = scheduler.start(Eff.work(.a).delayed(by: .seconds(1)).queued(id: "q"), chain: nil)
        let second = scheduler.start(Eff.work(.b).queued(id: "q"), chain: nil)
        let performsB = second.contains { if case .perform(.work(.b), _) = $0 { true } else { false } }
        XCTAssertFalse(performsB, "b started while a (queued before it) still waits for its delay: \(first) \(second)")
    }
}

final class EffectSchedulerCostTests: XCTestCase {
    // Enqueuing behind a running effect: `if var waitingQueue = queues[id]` copied the queue out of the dictionary, so
    // each append copied the whole waiting array (copy-on-write) into a new buffer: quadratic. Counted, not timed: an
    // append in place moves the waiting effects to a new buffer only when the array grows, a logarithmic number of
    // times; a copy moves them on every append. (The buffer's address is read to tell buffers apart, never used.)
    func test_queued_enqueuing_appendsInPlace_movingTheWaitingEffectsLogarithmicallyOften() {
        var scheduler = Scheduler(planReader: { $0.plan })
        let count = 1_024
        var moves = 0
        var buffer: UnsafeRawPointer?
        for _ in 0..<count {
            _ = scheduler.start(Eff.work(.a).queued(id: "q"), chain: nil)
            let now = scheduler.queues[EffectID("q")]?.waiting.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if now != buffer { moves += 1 }
            buffer = now
        }
        XCTAssertEqual(scheduler.queues[EffectID("q")]?.waitingEffects.count, count - 1, "the first one runs")
        XCTAssertLessThanOrEqual(moves, 2 * 10 + 4, "\(count) appends moved the waiting effects \(moves) times")
    }
}
