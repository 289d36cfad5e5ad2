import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Promise 4: an effect goes to the effect handler, on the store's queue; the event its future resolves with is
/// dispatched back into the store; effects reach the handler in the order they were produced.
/// Promise 5: `dispatch(event:)` resolves after the whole chain of effects and events it started.
final class StoreEffectTests: XCTestCase {
    func test_effect_isHandledOnTheStoresQueue_andItsEventComesBack() {
        let effects = ControlledEffects()
        let store = Store<Tally>(effectHandler: effects).markedForTesting()
        store.dispatch(event: .request(id: 1, amount: 5))
        XCTAssertEqual(effects.handledEffects, [.fetch(id: 1, amount: 5)])
        XCTAssertEqual(effects.handledOnQueues, [ObjectIdentifier(store)])
        XCTAssertEqual(store.state.count, 0, "nothing comes back before the effect answers")
        effects.answerNext()
        XCTAssertEqual(store.state.count, 5)
    }

    func test_effect_answeredFromAnotherThread_isDispatchedBack() {
        let effects = ControlledEffects()
        let store = Store<Tally>(effectHandler: effects)
        let done = store.dispatch(event: .request(id: 1, amount: 2))
        DispatchQueue.global().async { effects.answerNext() }
        let expectation = expectation(description: "chain finished")
        done.onComplete { state in
            XCTAssertEqual(state.count, 2)
            expectation.fulfill()
        }
        wait(for: [expectation], timeout: 5)
    }

    func test_effects_reachTheHandlerInTheOrderTheyWereProduced() {
        let effects = ControlledEffects(answersImmediately: true)
        let store = Store<Tally>(effectHandler: effects)
        let ids = Recorder<Int>()
        let token = store.subscribe { _ in }
        runConcurrently(threads: 1) { _ in
            for id in 0..<1_000 { store.dispatch(event: .request(id: id, amount: 1)) }
        }
        for case .fetch(let id, _) in effects.handledEffects { ids.append(id) }
        XCTAssertEqual(ids.values, Array(0..<1_000))
        XCTAssertEqual(store.state.count, 1_000)
        token.cancel()
    }

    func test_effects_producedByReentrantEvents_keepTheirOrder() {
        let effects = ControlledEffects(answersImmediately: true)
        let store = Store<Tally>(effectHandler: effects)
        // Each answer (.add) triggers, from inside a subscriber of the count's changes, the next request: 1, 2, 3, …
        let token = store.map { $0 }.subscribe { state in
            if state.count > 0, state.count < 50 { store.dispatch(event: .request(id: state.count, amount: 1)) }
        }
        store.dispatch(event: .request(id: 0, amount: 1))
        XCTAssertEqual(effects.handledEffects.map { effect -> Int in
            if case .fetch(let id, _) = effect { return id }
            return -1
        }, Array(0..<50))
        token.cancel()
    }

    func test_effectHandlerReturningNil_sendsNothingBack() {
        final class Silent: EffectHandler {
            let calls = Recorder<Tally.Effect>()
            func handle(effect: Tally.Effect) -> Future<Tally.Event>? {
                calls.append(effect)
                return nil
            }
        }
        let handler = Silent()
        let store = Store<Tally>(effectHandler: handler)
        let future = store.dispatch(event: .request(id: 1, amount: 9))
        XCTAssertTrue(future.isResolved, "no future from the handler: the chain ends with the event")
        XCTAssertEqual(handler.calls.values, [.fetch(id: 1, amount: 9)])
        XCTAssertEqual(store.state.count, 0)
    }

    func test_storeWithoutEffectHandler_dropsEffects() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let future = store.dispatch(event: .request(id: 1, amount: 9))
        XCTAssertTrue(future.isResolved)
        XCTAssertEqual(store.state.count, 0)
    }

    // MARK: Promise 5

    func test_dispatch_withoutEffect_resolvesAtOnceWithTheStateAfterTheEvent() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let future = store.dispatch(event: .add(4))
        XCTAssertTrue(future.isResolved)
        let result = Recorder<Int>()
        future.onComplete { result.append($0.count) }
        XCTAssertEqual(result.values, [4])
    }

    func test_dispatch_resolvesOnlyAfterTheWholeChainHasFinished() {
        let effects = ControlledEffects()
        let store = Store<Tally>(effectHandler: effects)
        // chain(3) → hop → chain(2) → hop → chain(1) → hop → chain(0)
        let future = store.dispatch(event: .chain(hops: 3))
        for step in 1...3 {
            XCTAssertFalse(future.isResolved, "resolved before hop \(step) was answered")
            XCTAssertEqual(store.state.count, step)
            effects.answerNext()
        }
        XCTAssertTrue(future.isResolved)
        XCTAssertEqual(effects.unanswered, 0)
        let result = Recorder<Int>()
        future.onComplete { result.append($0.count) }
        XCTAssertEqual(result.values, [4], "the state right after the last event of the chain")
    }

    func test_dispatch_chainAnsweredImmediately_resolvesBeforeDispatchReturns() {
        let effects = ControlledEffects(answersImmediately: true)
        let store = Store<Tally>(effectHandler: effects)
        let future = store.dispatch(event: .chain(hops: 100))
        XCTAssertTrue(future.isResolved)
        XCTAssertEqual(store.state.count, 101)
    }

    func test_dispatch_awaitedFromAsyncCode_returnsTheFinalStateOfTheChain() async {
        let effects = ControlledEffects()
        let store = Store<Tally>(effectHandler: effects)
        let future = store.dispatch(event: .request(id: 1, amount: 7))
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { effects.answerNext() }
        let state = await future.value
        XCTAssertEqual(state.count, 7)
    }

    func test_dispatch_fromInsideASubscriber_returnsAFutureThatResolvesAfterItsChain() {
        let effects = ControlledEffects(answersImmediately: true)
        let store = Store<Tally>(effectHandler: effects)
        let inner = Recorder<Int>()
        let token = store.map { $0 }.subscribe { state in  // changes only: count 1 once
            guard state.count == 1 else { return }
            let future = store.dispatch(event: .request(id: 2, amount: 10))
            XCTAssertFalse(future.isResolved, "enqueued behind the current event")
            future.onComplete { inner.append($0.count) }
        }
        store.dispatch(event: .increment)
        XCTAssertEqual(inner.values, [11])
        token.cancel()
    }
}
