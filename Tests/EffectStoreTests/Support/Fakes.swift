import Foundation
import XCTest

@testable import EffectStore

/// A thread-safe list, for recording what callbacks saw from any thread.
final class Recorder<Element: Sendable>: @unchecked Sendable {
    // Safe because: `items` is only touched under `lock`.
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ element: Element) {
        lock.lock()
        items.append(element)
        lock.unlock()
    }

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    var count: Int { values.count }
}

/// A thread-safe counter that also detects overlapping calls (`enter`/`leave` pairs running at the same time).
final class OverlapDetector: @unchecked Sendable {
    // Safe because: both counters are only touched under `lock`.
    private let lock = NSLock()
    private var active = 0
    private var overlaps = 0

    func enter() {
        lock.lock()
        active += 1
        if active > 1 { overlaps += 1 }
        lock.unlock()
    }

    func leave() {
        lock.lock()
        active -= 1
        lock.unlock()
    }

    var overlapCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return overlaps
    }
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
final class ControlledEffects: EffectHandler, @unchecked Sendable {
    typealias S = Tally
    // Safe because: every `var` is only touched under `lock`; the `let`s are immutable.
    private let lock = NSLock()
    private var promises: [Promise<Tally.Event>] = []
    private var effects: [Tally.Effect] = []
    private var queues: [ObjectIdentifier?] = []
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
        lock.lock()
        effects.append(effect)
        queues.append(currentStoreQueue())
        lock.unlock()
        if answersImmediately { return Future(value: answer) }
        let promise = Promise<Tally.Event>()
        lock.lock()
        promises.append(promise)
        lock.unlock()
        return promise.future.map { _ in answer }
    }

    var handledEffects: [Tally.Effect] {
        lock.lock()
        defer { lock.unlock() }
        return effects
    }

    var handledOnQueues: [ObjectIdentifier?] {
        lock.lock()
        defer { lock.unlock() }
        return queues
    }

    /// Answers the oldest unanswered effect, from the calling thread.
    func answerNext() {
        lock.lock()
        let promise = promises.isEmpty ? nil : promises.removeFirst()
        lock.unlock()
        promise?.resolve(.nothing)
    }

    var unanswered: Int {
        lock.lock()
        defer { lock.unlock() }
        return promises.count
    }
}

/// An event source that hands its `dispatch` function to the test.
final class ManualEvents: EventSource, @unchecked Sendable {
    typealias S = Tally
    // Safe because: every `var` is only touched under `lock`.
    private let lock = NSLock()
    private var dispatchFunction: (@Sendable (Tally.Event) -> Void)?
    private var configureCount = 0
    /// Events to send synchronously from inside `configureEventSource`.
    let eventsDuringConfiguration: [Tally.Event]

    init(eventsDuringConfiguration: [Tally.Event] = []) {
        self.eventsDuringConfiguration = eventsDuringConfiguration
    }

    func configureEventSource(dispatch: @escaping @Sendable (Tally.Event) -> Void) {
        lock.lock()
        configureCount += 1
        dispatchFunction = dispatch
        lock.unlock()
        for event in eventsDuringConfiguration { dispatch(event) }
    }

    func send(_ event: Tally.Event) {
        lock.lock()
        let dispatch = dispatchFunction
        lock.unlock()
        dispatch?(event)
    }

    var timesConfigured: Int {
        lock.lock()
        defer { lock.unlock() }
        return configureCount
    }
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

/// Waits (bounded) until `condition` holds, servicing nothing: for conditions other threads make true.
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
        usleep(1_000)
    }
}
