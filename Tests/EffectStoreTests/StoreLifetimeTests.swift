import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Promise 7: no retain cycles. A store nobody holds is released with its handler and source, also with a token
/// still alive and with an effect in flight; a late effect result then does nothing, and a dispatch future
/// waiting on that effect resolves with the last state the store committed.
final class StoreLifetimeTests: XCTestCase {
    func test_releasedStore_releasesItsEffectHandlerAndEventSource() {
        weak var weakStore: Store<Tally>?
        weak var weakEffects: ControlledEffects?
        weak var weakSource: ManualEvents?
        do {
            let effects = ControlledEffects(answersImmediately: true)
            let source = ManualEvents()
            let store = Store<Tally>(effectHandler: effects, eventSource: source)
            weakStore = store
            weakEffects = effects
            weakSource = source
            store.dispatch(event: .request(id: 1, amount: 1))
            source.send(.increment)
        }
        XCTAssertNil(weakStore)
        XCTAssertNil(weakEffects)
        XCTAssertNil(weakSource)
    }

    func test_releasedStore_isReleasedWhileATokenIsStillAlive_andTheTokenStaysHarmless() {
        weak var weakStore: Store<Tally>?
        var token: SubscriptionToken?
        do {
            let store = Store<Tally>(effectHandler: NoAnswers())
            weakStore = store
            token = store.subscribe { _ in }
        }
        XCTAssertNil(weakStore, "a token must not keep its store alive")
        token?.cancel()
        token = nil
    }

    func test_releasedStore_withAnEffectInFlight_isReleased_theLateAnswerDoesNothing_andTheFutureResolves() {
        let effects = ControlledEffects()
        weak var weakStore: Store<Tally>?
        var future: Future<Tally>?
        do {
            let store = Store<Tally>(effectHandler: effects)
            weakStore = store
            store.dispatch(event: .add(2))
            future = store.dispatch(event: .request(id: 1, amount: 40))
            XCTAssertEqual(future?.isResolved, false)
        }
        XCTAssertNil(weakStore, "an effect in flight must not keep its store alive")
        let result = Recorder<Int>()
        future?.onComplete { result.append($0.count) }
        XCTAssertEqual(result.values, [2], "the waiting future resolves with the last committed state")
        effects.answerNext()  // the late answer finds no store: nothing happens, nothing crashes
        XCTAssertEqual(effects.unanswered, 0)
    }

    func test_subscriberCapturingTheStoreWeakly_doesNotKeepItAlive() {
        weak var weakStore: Store<Tally>?
        var token: SubscriptionToken?
        do {
            let store = Store<Tally>(effectHandler: NoAnswers())
            weakStore = store
            token = store.subscribe { [weak store] _ in _ = store?.state }
            store.dispatch(event: .increment)
        }
        XCTAssertNil(weakStore)
        XCTAssertNotNil(token)
    }

    func test_storesCreatedAndReleasedOnManyThreads_leaveNothingBehind() {
        let released = Recorder<Bool>()
        runConcurrently(threads: 4) { _ in
            for _ in 0..<250 {
                weak var weakStore: Store<Tally>?
                do {
                    let source = ManualEvents()
                    let effects = ControlledEffects(answersImmediately: true)
                    let store = Store<Tally>(effectHandler: effects, eventSource: source)
                    weakStore = store
                    let token = store.subscribe { _ in }
                    store.dispatch(event: .request(id: 0, amount: 1))
                    source.send(.increment)
                    token.cancel()
                }
                released.append(weakStore == nil)
            }
        }
        XCTAssertEqual(released.values.filter { !$0 }.count, 0)
        XCTAssertEqual(released.count, 1_000)
    }
}
