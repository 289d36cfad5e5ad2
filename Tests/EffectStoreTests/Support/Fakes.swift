import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Counts `enter`/`leave` pairs that ran at the same time. Keep it in a `LockedBox` so any thread may count.
struct Overlaps: Sendable {
    private(set) var active = 0
    private(set) var count = 0

    mutating func enter() {
        active += 1
        if active > 1 { count += 1 }
    }

    mutating func leave() { active -= 1 }
}

/// Marks each store's dispatch queue, in tests only, so a callback can tell which store's queue it really runs on.
let testQueueKey = DispatchSpecificKey<ObjectIdentifier>()

extension Store {
    /// Marks this store's queue for `currentStoreQueue()`. Tests only: it reaches into the internal `queue`.
    @discardableResult
    func markedForTesting() -> Self {
        queue.setSpecific(key: testQueueKey, value: ObjectIdentifier(self))
        return self
    }
}

/// Which marked store's dispatch queue the caller is on, if any (`nil` outside every marked store's queue).
func currentStoreQueue() -> ObjectIdentifier? {
    DispatchQueue.getSpecific(key: testQueueKey)
}

/// A small Equatable state: a count, and effects that ask for an echo.
struct Tally: State, Equatable {
    var count = 0
    var log: [String] = []

    enum Event: Sendable, Equatable {
        case increment
        case add(Int)
        /// Leaves the state unchanged.
        case nothing
        /// Asks for an effect whose answer is `.add(amount)`.
        case request(id: Int, amount: Int)
        /// Asks for `hops` effects in a row, each answered by the next `.chain`.
        case chain(hops: Int)
        case note(String)
    }

    enum Effect: Sendable, Equatable {
        case fetch(id: Int, amount: Int)
        case hop(remaining: Int)
    }

    static var initialState: Tally { Tally() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .increment:
            count += 1
        case .add(let amount):
            count += amount
        case .nothing:
            break
        case .request(let id, let amount):
            return .fetch(id: id, amount: amount)
        case .chain(let hops):
            count += 1
            return hops > 0 ? .hop(remaining: hops - 1) : nil
        case .note(let text):
            log.append(text)
        }
        return nil
    }
}

/// Answers every effect through a promise the test controls, and records what it was asked and where.
final class ControlledEffects: EffectHandler, Sendable {
    private struct Record {
        var promises: [Promise<Tally.Event>] = []
        var effects: [Tally.Effect] = []
        var queues: [ObjectIdentifier?] = []
    }

    private let record = LockedBox.make(Record())
    /// Answer immediately with an already-resolved future instead of waiting for the test.
    let answersImmediately: Bool
    /// Called inside `handle(effect:)`, on the store's queue.
    let onHandle: (@Sendable (Tally.Effect) -> Void)?

    init(answersImmediately: Bool = false, onHandle: (@Sendable (Tally.Effect) -> Void)? = nil) {
        self.answersImmediately = answersImmediately
        self.onHandle = onHandle
    }

    func handle(effect: Tally.Effect) -> Future<Tally.Event>? {
        onHandle?(effect)
        let answer: Tally.Event
        switch effect {
        case .fetch(_, let amount): answer = .add(amount)
        case .hop(let remaining): answer = .chain(hops: remaining)
        }
        let queue = currentStoreQueue()
        record.withLock {
            $0.effects.append(effect)
            $0.queues.append(queue)
        }
        if answersImmediately { return Future(value: answer) }
        let promise = Promise<Tally.Event>()
        record.withLock { $0.promises.append(promise) }
        return promise.future.map { _ in answer }
    }

    var handledEffects: [Tally.Effect] { record.withLock { $0.effects } }

    var handledOnQueues: [ObjectIdentifier?] { record.withLock { $0.queues } }

    /// Answers the oldest unanswered effect, from the calling thread.
    func answerNext() {
        let promise = record.withLock { $0.promises.isEmpty ? nil : $0.promises.removeFirst() }
        promise?.resolve(.nothing)
    }

    var unanswered: Int { record.withLock { $0.promises.count } }
}

/// An event source that hands its `dispatch` function to the test.
final class ManualEvents: EventSource, Sendable {
    private struct Configuration {
        var dispatch: (@Sendable (Tally.Event) -> Void)?
        var count = 0
    }

    private let configuration = LockedBox.make(Configuration())
    /// Events to send synchronously from inside `configureEventSource`.
    let eventsDuringConfiguration: [Tally.Event]

    init(eventsDuringConfiguration: [Tally.Event] = []) {
        self.eventsDuringConfiguration = eventsDuringConfiguration
    }

    func configureEventSource(dispatch: @escaping @Sendable (Tally.Event) -> Void) {
        configuration.withLock {
            $0.count += 1
            $0.dispatch = dispatch
        }
        for event in eventsDuringConfiguration { dispatch(event) }
    }

    func send(_ event: Tally.Event) {
        configuration.withLock { $0.dispatch }?(event)
    }

    var timesConfigured: Int { configuration.withLock { $0.count } }
}

/// A state that is not Equatable: every transition is broadcast.
struct Opaque: State {
    var count = 0
    enum Event: Sendable { case touch, increment }
    typealias Effect = Never
    static var initialState: Opaque { Opaque() }
    mutating func handle(event: Event) -> Never? {
        if case .increment = event { count += 1 }
        return nil
    }
}

/// Runs `body` on `threads` threads at once and waits (bounded) until all have finished.
func runConcurrently(
    threads: Int,
    timeout: TimeInterval = 30,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: @escaping @Sendable (Int) -> Void
) {
    let group = DispatchGroup()
    for index in 0..<threads {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    XCTAssertEqual(group.wait(timeout: .now() + timeout), .success, "threads did not finish", file: file, line: line)
}

/// Waits (bounded) until `condition` holds, for conditions other threads make true. On the main thread the main run
/// loop keeps running in short slices meanwhile, so states delivered on the main queue arrive.
func waitUntil(
    timeout: TimeInterval = 5,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ condition: () -> Bool
) {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline {
            XCTFail("condition not met within \(timeout) s", file: file, line: line)
            return
        }
        if Thread.isMainThread {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        } else {
            usleep(1_000)
        }
    }
}

/// An effect handler that performs nothing and answers nothing: for stores whose tests are about something else than
/// their effects (a store with no handler at all is for states with no effects).
final class NoAnswers<Effect, Event: Sendable>: EffectHandler {
    func handle(effect: Effect) -> Future<Event>? { nil }
}
