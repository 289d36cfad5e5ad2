import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Promise 1: `handle(event:)` runs only on the store's serial queue, one event at a time; events from one thread
/// are handled in the order that thread dispatched them; none is lost.
final class StoreOrderingTests: XCTestCase {
    /// Records, inside `handle`, which queue it ran on and whether another `handle` overlapped it.
    struct Probe: State {
        /// Per-thread sequence numbers seen so far, and how many arrived out of order.
        var lastSeen: [Int: Int] = [:]
        var outOfOrder = 0
        var handled = 0
        let detector: LockedBox<Overlaps>
        let queues: Recorder<ObjectIdentifier?>

        enum Event: Sendable { case numbered(thread: Int, sequence: Int) }
        typealias Effect = Never

        static var initialState: Probe { Probe(detector: .make(Overlaps()), queues: Recorder()) }

        mutating func handle(event: Event) -> Never? {
            detector.withLock { $0.enter() }
            defer { detector.withLock { $0.leave() } }
            queues.append(currentStoreQueue())
            guard case .numbered(let thread, let sequence) = event else { return nil }
            if sequence != (lastSeen[thread] ?? -1) + 1 { outOfOrder += 1 }
            lastSeen[thread] = sequence
            handled += 1
            return nil
        }
    }

    func test_dispatch_fromFourThreads_handlesEveryEventOnceInPerThreadOrder_onTheStoreQueueOnly() {
        let threads = 4
        let perThread = 10_000
        let store = Store<Probe>().markedForTesting()
        runConcurrently(threads: threads) { thread in
            for sequence in 0..<perThread {
                store.dispatch(event: .numbered(thread: thread, sequence: sequence))
            }
        }
        let state = store.state
        XCTAssertEqual(state.handled, threads * perThread, "an event was lost or handled twice")
        XCTAssertEqual(state.outOfOrder, 0, "a thread's events were handled out of order")
        XCTAssertEqual(state.lastSeen, [0: perThread - 1, 1: perThread - 1, 2: perThread - 1, 3: perThread - 1])
        XCTAssertEqual(state.detector.withLock { $0.count }, 0, "two handle(event:) calls overlapped")
        let queues = Set(state.queues.values)
        XCTAssertEqual(queues, [ObjectIdentifier(store)], "handle(event:) ran off the store's queue")
    }

    func test_dispatch_fromThreadsAndFromInsideSubscribers_losesNothingAndKeepsOrder() {
        let store = Store<Probe>()
        // A subscriber that answers each event of thread 0 with an event of "thread" 99, from inside the loop.
        let token = store.subscribe { state in
            guard let last = state.lastSeen[0], state.lastSeen[99] != last else { return }
            store.dispatch(event: .numbered(thread: 99, sequence: last))
        }
        runConcurrently(threads: 3) { thread in
            for sequence in 0..<2_000 {
                store.dispatch(event: .numbered(thread: thread, sequence: sequence))
            }
        }
        let state = store.state
        XCTAssertEqual(state.handled, 3 * 2_000 + 2_000)
        XCTAssertEqual(state.outOfOrder, 0)
        XCTAssertEqual(state.detector.withLock { $0.count }, 0)
        XCTAssertEqual(state.lastSeen[99], 1_999)
        token.cancel()
    }

    func test_dispatch_fromAnotherStoresCallbacks_isHandledInOrder() {
        let source = Store<Tally>(effectHandler: NoAnswers())
        let target = Store<Probe>()
        let token = source.subscribe { state in
            target.dispatch(event: .numbered(thread: 0, sequence: state.count))
        }
        // The initial delivery sent sequence 0; send 1...500 through the source store.
        for _ in 1...500 { source.dispatch(event: .increment) }
        waitUntil { target.state.handled == 501 }
        XCTAssertEqual(target.state.outOfOrder, 0)
        XCTAssertEqual(target.state.lastSeen[0], 500)
        token.cancel()
    }
}
