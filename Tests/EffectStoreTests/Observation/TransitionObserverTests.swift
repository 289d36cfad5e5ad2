import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Part 1 of issue 6: every handled event is one transition, seen by observers on the store's queue, in order.
final class TransitionObserverTests: XCTestCase {
    func test_observeTransitions_seesEveryEventWithItsOriginStatesAndEffect_inOrder() {
        let effects = ControlledEffects()
        let source = ManualEvents()
        let store = Store<Tally>(effectHandler: effects, eventSource: source).markedForTesting()
        let seen = Recorder<StoreTransition<Tally>>()
        let onQueue = Recorder<Bool>()
        let token = store.observeTransitions { transition in
            seen.append(transition)
            onQueue.append(currentStoreQueue() == ObjectIdentifier(store))
        }

        store.dispatch(event: .increment)
        let chain = store.dispatch(event: .request(id: 1, amount: 5))
        source.send(.nothing)
        effects.answerNext()  // .add(5), from another thread than the queue's
        XCTAssertEqual(chain.wait(timeout: .seconds(5))?.count, 6)

        let transitions = seen.values
        XCTAssertEqual(transitions.map(\.sequenceNumber), [1, 2, 3, 4])
        XCTAssertEqual(transitions.map(\.origin), [.dispatch, .dispatch, .eventSource, .effect])
        XCTAssertEqual(transitions.map(\.event), [.increment, .request(id: 1, amount: 5), .nothing, .add(5)])
        XCTAssertEqual(transitions.map(\.from.count), [0, 1, 1, 1])
        XCTAssertEqual(transitions.map(\.to.count), [1, 1, 1, 6])
        XCTAssertEqual(transitions.map(\.effect), [nil, .fetch(id: 1, amount: 5), nil, nil])
        XCTAssertEqual(transitions.map(\.changedState), [true, false, false, true])
        XCTAssertEqual(onQueue.values, [true, true, true, true])
        XCTAssertTrue(zip(transitions, transitions.dropFirst()).allSatisfy { $0.time <= $1.time })
        token.cancel()
    }

    func test_observeTransitions_answersFollowedInline_areEffectTransitions() {
        let store = Store<Tally>(effectHandler: ControlledEffects(answersImmediately: true))
        let seen = Recorder<StoreTransition<Tally>>()
        let token = store.observeTransitions { seen.append($0) }

        store.dispatch(event: .chain(hops: 2))

        XCTAssertEqual(seen.values.map(\.origin), [.dispatch, .effect, .effect])
        XCTAssertEqual(seen.values.map(\.to.count), [1, 2, 3])
        XCTAssertEqual(seen.values.map(\.effect), [.hop(remaining: 1), .hop(remaining: 0), nil])
        token.cancel()
    }

    func test_observers_areCalledBeforeSubscribers_forEveryEvent() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let calls = Recorder<String>()
        let subscription = store.subscribe { calls.append("subscriber \($0.count)") }
        let observation = store.observeTransitions { calls.append("observer \($0.to.count)") }

        store.dispatch(event: .increment)
        store.dispatch(event: .nothing)

        XCTAssertEqual(calls.values, ["subscriber 0", "observer 1", "subscriber 1", "observer 1", "subscriber 1"])
        subscription.cancel()
        observation.cancel()
    }

    func test_observer_mayReadStateAndDispatch_withoutDeadlock_andItsEventIsHandledNext() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let seen = Recorder<String>()
        let token = store.observeTransitions { [weak store] transition in
            guard let store else { return }
            seen.append("\(transition.event.map { "\($0)" } ?? "-") state=\(store.state.count)")
            if transition.event == .increment { store.dispatch(event: .note("after \(transition.to.count)")) }
        }

        store.dispatch(event: .increment)

        XCTAssertEqual(seen.values, ["increment state=1", "note(\"after 1\") state=1"])
        XCTAssertEqual(store.state.log, ["after 1"])
        token.cancel()
    }

    func test_cancellingTheLastObserver_turnsObservationOff_andSequenceNumbersContinue() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        XCTAssertFalse(store.needsTransitions)
        let first = Recorder<UInt64>()
        var token: SubscriptionToken? = store.observeTransitions { first.append($0.sequenceNumber) }
        XCTAssertTrue(store.needsTransitions)
        store.dispatch(event: .increment)
        token = nil
        XCTAssertFalse(store.needsTransitions, "no observer left: the loop must be back on its fast path")
        store.dispatch(event: .increment)  // not observed, not numbered

        let second = Recorder<UInt64>()
        token = store.observeTransitions { second.append($0.sequenceNumber) }
        store.dispatch(event: .increment)

        XCTAssertEqual(first.values, [1])
        XCTAssertEqual(second.values, [2])
        XCTAssertEqual(store.state.count, 3)
        withExtendedLifetime(token) {}
    }

    func test_observer_cancelledFromInsideItsOwnCall_isNotCalledAgain() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let calls = Recorder<UInt64>()
        let holder = LockedBox<SubscriptionToken?>.make(nil)
        let token = store.observeTransitions { transition in
            calls.append(transition.sequenceNumber)
            holder.withLock { $0 }?.cancel()
        }
        holder.withLock { $0 = token }

        store.dispatch(event: .increment)
        store.dispatch(event: .increment)

        XCTAssertEqual(calls.values, [1])
    }

    func test_observerToken_doesNotKeepTheStoreAlive() {
        weak var weakStore: Store<Tally>?
        var token: SubscriptionToken?
        do {
            let store = Store<Tally>(effectHandler: NoAnswers())
            weakStore = store
            token = store.observeTransitions { _ in }
            store.dispatch(event: .increment)
        }
        XCTAssertNil(weakStore, "an observer must not keep its store alive")
        token?.cancel()
    }

    func test_observer_withDispatchesFromManyThreads_seesEveryTransitionOnce_inOrder_neverConcurrently() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let seen = Recorder<StoreTransition<Tally>>()
        let overlap = LockedBox.make(Overlaps())
        let token = store.observeTransitions { transition in
            overlap.withLock { $0.enter() }
            seen.append(transition)
            overlap.withLock { $0.leave() }
        }
        let threads = 4
        let perThread = 250

        runConcurrently(threads: threads) { _ in
            for _ in 0..<perThread { store.dispatch(event: .increment) }
        }

        let transitions = seen.values
        XCTAssertEqual(transitions.count, threads * perThread)
        XCTAssertEqual(transitions.map(\.sequenceNumber), Array(1...UInt64(threads * perThread)))
        XCTAssertTrue(transitions.allSatisfy { $0.to.count == Int($0.sequenceNumber) && $0.from.count == $0.to.count - 1 })
        XCTAssertEqual(overlap.withLock { $0.count }, 0)
        token.cancel()
    }
}

