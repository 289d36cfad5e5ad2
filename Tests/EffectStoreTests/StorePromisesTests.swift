import Dispatch
import EffectStore
import EffectStoreTesting
import XCTest

/// Promises the store's loop keeps at scale and at its edges: no repeated delivery to a subscriber made by an
/// observer, cancelling any number of subscribers in linear time, and no per-event copy of a large state.
final class StorePromisesTests: XCTestCase {
    // MARK: A subscriber made inside a transition observer

    func test_subscriberMadeInsideAnObserver_receivesEachStateOnce() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let received = Recorder<Int>()
        let tokens = Recorder<SubscriptionToken>()
        let observation = store.observeTransitions { [weak store] _ in
            guard tokens.values.isEmpty, let store else { return }
            tokens.append(store.subscribe { received.append($0.count) })
        }
        store.dispatch(event: .increment)
        store.dispatch(event: .increment)
        XCTAssertEqual(received.values, [1, 2], "the state it was attached with, then each later one once")
        observation.cancel()
    }

    func test_subscriberMadeInsideAnObserverDuringUndo_receivesTheRestoredStateOnce() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo()
        store.dispatch(event: .increment)
        store.dispatch(event: .increment)
        let received = Recorder<Int>()
        let tokens = Recorder<SubscriptionToken>()
        let observation = store.observeTransitions { [weak store] transition in
            guard transition.origin == .undo, tokens.values.isEmpty, let store else { return }
            tokens.append(store.subscribe { received.append($0.count) })
        }
        store.undo()
        store.dispatch(event: .add(10))
        XCTAssertEqual(received.values, [1, 11])
        observation.cancel()
    }

    // MARK: Cancelling many subscribers

    /// Cancelling takes time linear in the number of subscribers, in any order: ten times the subscribers take about
    /// ten times as long (quadratic removal took a hundred times as long). The larger run stops early, and fails,
    /// once it is clearly not linear, so the test stays bounded either way.
    func test_cancellingSubscribers_inAnyOrder_takesLinearTime() {
        for order in [CancelOrder.shuffled] {
            let small = (0..<3).compactMap { _ in cancellingTime(subscribers: 10_000, order: order, giveUpAfter: nil) }
                .sorted()[1]
            let limit = max(small, 0.000_5) * 40
            guard let large = cancellingTime(subscribers: 100_000, order: order, giveUpAfter: limit) else {
                return XCTFail(
                    "cancelling 100,000 subscribers (\(order)) took over 40 × the time of 10,000 (\(small) s)")
            }
            XCTAssertLessThan(
                large / max(small, 0.000_5), 40, "\(order): \(large) s for 100,000, \(small) s for 10,000")
        }
    }

    /// Shuffled: the old removal scanned from the front and shifted what followed, so both front and back cost.
    private enum CancelOrder { case reverse, shuffled }

    /// Seconds to cancel `subscribers` subscribers in `order`, or `nil` once `giveUpAfter` seconds have passed.
    private func cancellingTime(subscribers: Int, order: CancelOrder, giveUpAfter limit: Double?) -> Double? {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let tokens = (0..<subscribers).map { _ in store.subscribe { _ in } }
        var generator = SplitMix(seed: 42)
        let indices = order == .reverse ? Array(tokens.indices.reversed()) : tokens.indices.shuffled(using: &generator)
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        for (done, index) in indices.enumerated() {
            tokens[index].cancel()
            if let limit, done % 1_000 == 0, elapsed() > limit { return nil }
        }
        let seconds = elapsed()
        store.dispatch(event: .increment)  // still works, with no subscriber left
        XCTAssertEqual(store.state.count, 1)
        return seconds
    }

    // MARK: A large Equatable state with a subscriber

    /// The state is mutated in place, not copied per event, also when it is `Equatable` and has a subscriber.
    func test_largeEquatableState_withASubscriber_isNotCopiedPerEvent() {
        let store = Store<Big>()
        let token = store.subscribe { state in _ = state.values[0] }
        let copiesBefore = CopyCountingStorage.copies.count
        for _ in 0..<100 { store.dispatch(event: .bump(3)) }
        XCTAssertEqual(store.state.values[3], 100)
        XCTAssertEqual(CopyCountingStorage.copies.count - copiesBefore, 0, "the state's storage was copied")
        token.cancel()
    }
}

/// A state whose storage counts how often copy-on-write had to copy it.
private struct Big: State, Equatable {
    var storage = CopyCountingStorage(count: 1_000)
    var values: [Int] { storage.values }

    enum Event: Sendable { case bump(Int) }
    typealias Effect = Never

    static var initialState: Big { Big() }

    mutating func handle(event: Event) -> Never? {
        switch event {
        case .bump(let index):
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            storage.values[index] += 1
        }
        return nil
    }

    static func == (lhs: Big, rhs: Big) -> Bool { lhs.storage === rhs.storage || lhs.values == rhs.values }
}

private final class CopyCountingStorage: @unchecked Sendable {
    // Safe because: a store mutates its state's storage only on its queue, after making it unique.
    static let copies = Recorder<Int>()
    var values: [Int]

    init(count: Int) { values = Array(repeating: 0, count: count) }
    private init(values: [Int]) { self.values = values }

    func copy() -> CopyCountingStorage {
        Self.copies.append(1)
        return CopyCountingStorage(values: values)
    }
}
