import Dispatch
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// A run's `send` leaves its event for the store and returns (see the Threading article, "Events from runs"): the
/// events are handled in the order sent, before what the sending thread asks of the store next, and a run faster
/// than its store is held at the inbox's limit instead of filling memory.
final class RunInboxTests: XCTestCase {
    func test_send_thenDispatch_fromOneThread_areHandledInThatOrder() {
        guard let (store, send) = listeningStore() else { return }

        for round in 0..<200 {
            for value in 0..<5 { send(.value(round * 5 + value)) }
            store.dispatch(event: .mark(round))
        }

        let expected = (0..<200).flatMap { round in (0..<5).map { Relay.Entry.value(round * 5 + $0) } + [.mark(round)] }
        XCTAssertEqual(store.state.log, expected)
    }

    func test_send_fromAnotherThread_thenDispatchFromIt_areHandledInThatOrder() {
        guard let (store, send) = listeningStore() else { return }
        let done = DispatchSemaphore(value: 0)

        Thread {
            for round in 0..<200 {
                send(.value(round))
                store.dispatch(event: .mark(round))
            }
            done.signal()
        }.start()

        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the sending thread did not finish")
        XCTAssertEqual(store.state.log, (0..<200).flatMap { [Relay.Entry.value($0), .mark($0)] })
    }

    func test_send_whileTheStoreIsBusy_stopsAtTheLimit_thenEveryEventIsHandledInOrder() {
        guard let (store, send) = listeningStore() else { return }
        let limit = RunInbox<Relay>.limit
        let count = 3 * limit

        let held = holdQueue(of: store)

        let sent = LockedBox.make(0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            for value in 0..<count {
                send(.value(value))
                sent.withLock { $0 += 1 }
            }
            finished.signal()
        }.start()

        // The sender fills the inbox up to the limit, then waits for the queue; give it time to run past, if it could.
        waitUntil { sent.withLock { $0 } >= limit - 1 }
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertLessThan(sent.withLock { $0 }, limit, "send went on past the limit while the store was busy")

        held.release()
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success, "the sender did not finish")
        store.dispatch(event: .mark(0))  // after every event the sender sent
        XCTAssertEqual(store.state.log, [.hold] + (0..<count).map { .value($0) } + [.mark(0)])
        held.token.cancel()
    }

    func test_send_fromInsideTheLoop_duringADrain_comesAfterTheEventsAlreadyWaiting() {
        guard let (store, send) = listeningStore() else { return }

        // Hold the queue, so that 1 and 2 both wait in the inbox when the drain starts.
        let held = holdQueue(of: store) { state in
            if state.log.last == .value(1) { send(.value(3)) }  // from inside the loop, while the drain still holds 2
        }
        send(.value(1))
        send(.value(2))
        held.release()
        store.dispatch(event: .mark(0))

        XCTAssertEqual(store.state.log, [.hold, .value(1), .value(2), .value(3), .mark(0)])
        held.token.cancel()
    }

    func test_send_fromInsideTheLoop_isHandledBeforeWhatTheLoopDispatchesNext() {
        guard let (store, send) = listeningStore() else { return }
        let token = store.subscribe { state in
            if state.log.last == .mark(0) {
                send(.value(1))
                store.dispatch(event: .mark(1))
            }
        }
        store.dispatch(event: .mark(0))
        XCTAssertEqual(store.state.log, [.mark(0), .value(1), .mark(1)])
        token.cancel()
    }

    /// The sender that asks for a drain puts it on the queue after letting the inbox's lock go: a sender on another
    /// thread that finds the drain asked for but not yet on the queue must still not return before one is.
    func test_sends_fromTwoThreads_eachThenDispatching_areHandledBeforeThatThreadsDispatch() {
        guard let (store, sends) = storeWithTwoRuns() else { return }

        runConcurrently(threads: 2) { thread in
            for round in 0..<2_000 {
                let value = thread * 10_000 + round
                sends[thread](.value(value))
                store.dispatch(event: .mark(value))
            }
        }

        var sentBeforeMark = Set<Int>()
        for entry in store.state.log {
            switch entry {
            case .value(let value): sentBeforeMark.insert(value)
            case .mark(let value): XCTAssert(sentBeforeMark.contains(value), "mark \(value) came before its send")
            case .hold: break
            }
        }
        XCTAssertEqual(sentBeforeMark.count, 4_000)
    }

    func test_events_fromSeveralRuns_areHandledPerRunInTheOrderSent() {
        guard let (store, sends) = storeWithTwoRuns() else { return }

        runConcurrently(threads: 2) { thread in
            for value in 0..<2_000 { sends[thread](.value(thread * 10_000 + value)) }
        }
        store.dispatch(event: .mark(0))

        let values = store.state.log.compactMap { entry -> Int? in
            if case .value(let value) = entry { value } else { nil }
        }
        XCTAssertEqual(values.filter { $0 < 10_000 }, Array(0..<2_000))
        XCTAssertEqual(values.filter { $0 >= 10_000 }, Array(10_000..<12_000))
        XCTAssertEqual(store.state.log.last, .mark(0))
    }
}

/// A store with one run listening, and that run's sender; `nil`, with the test failed, if the run did not start.
private func listeningStore(file: StaticString = #filePath, line: UInt = #line)
    -> (store: Store<Relay>, send: EffectSender<Relay.Event>)?
{
    let senders = Senders()
    let store = Store<Relay>(effectHandler: senders)
    store.dispatch(event: .listen)
    guard let send = senders.first else {
        XCTFail("the run did not start", file: file, line: line)
        return nil
    }
    return (store, send)
}

/// A store with two runs listening, and their senders; `nil`, with the test failed, if they did not both start.
private func storeWithTwoRuns(file: StaticString = #filePath, line: UInt = #line)
    -> (store: Store<Relay>, sends: [EffectSender<Relay.Event>])?
{
    let senders = Senders()
    let store = Store<Relay>(effectHandler: senders)
    store.dispatch(event: .listen)
    store.dispatch(event: .listen)
    let sends = senders.all
    guard sends.count == 2 else {
        XCTFail("\(sends.count) of 2 runs started", file: file, line: line)
        return nil
    }
    return (store, sends)
}

/// Holds `store`'s queue: dispatches `.hold` from another thread, and a subscriber waits in its delivery until
/// `release` is called. `onState` sees every other state the subscriber receives, on the queue. Returns once the queue
/// is held.
private func holdQueue(
    of store: Store<Relay>,
    onState: @escaping @Sendable (Relay) -> Void = { _ in },
    file: StaticString = #filePath,
    line: UInt = #line
) -> (release: () -> Void, token: SubscriptionToken) {
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let token = store.subscribe { state in
        guard state.log.last == .hold else { return onState(state) }
        entered.signal()
        gate.wait()
    }
    DispatchQueue.global().async { store.dispatch(event: .hold) }
    XCTAssertEqual(entered.wait(timeout: .now() + 10), .success, "the queue was not held", file: file, line: line)
    return ({ gate.signal() }, token)
}

/// A state that logs the values its runs send and the marks dispatched between them.
private struct Relay: State, Equatable {
    enum Entry: Equatable, Sendable {
        case value(Int)
        case mark(Int)
        case hold
    }

    var log: [Entry] = []

    enum Event: Sendable {
        /// Starts a run that sends whatever the test sends through it.
        case listen
        case value(Int)
        case mark(Int)
        case hold
    }

    enum Effect: Equatable, Sendable {
        case listen
    }

    static var initialState: Relay { Relay() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .listen: return .listen
        case .value(let value): log.append(.value(value))
        case .mark(let mark): log.append(.mark(mark))
        case .hold: log.append(.hold)
        }
        return nil
    }
}

/// Starts a callback run per `.listen` and keeps its sender, for the test to send through.
private final class Senders: EffectHandler, Sendable {
    private let senders = LockedBox.make([EffectSender<Relay.Event>]())

    var first: EffectSender<Relay.Event>? { senders.withLock { $0.first } }
    var all: [EffectSender<Relay.Event>] { senders.withLock { $0 } }

    func handle(effect: Relay.Effect) -> EffectAnswer<Relay.Event>? {
        .callbackRun { [senders] send in
            senders.withLock { $0.append(send) }
            return {}
        }
    }
}
