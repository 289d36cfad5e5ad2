import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Promise 6: `configureEventSource` is called exactly once, while the store is created; its `dispatch` is safe
/// from any thread at any time: during creation (no deadlock), and after the store is gone (no-op).
final class EventSourceTests: XCTestCase {
    func test_configureEventSource_isCalledExactlyOnce_duringCreation() {
        let source = ManualEvents()
        let store = Store<Tally>(effectHandler: NoAnswers(), eventSource: source)
        XCTAssertEqual(source.timesConfigured, 1)
        store.dispatch(event: .increment)
        _ = store.subscribe { _ in }
        XCTAssertEqual(source.timesConfigured, 1)
    }

    func test_dispatchDuringCreation_isHandledWithoutDeadlock() {
        let source = ManualEvents(eventsDuringConfiguration: [.add(2), .add(3)])
        let store = Store<Tally>(effectHandler: NoAnswers(), eventSource: source)
        XCTAssertEqual(store.state.count, 5)
    }

    func test_dispatchDuringCreationInsideAnotherStoresCallback_isHandled() {
        let outer = Store<Tally>(effectHandler: NoAnswers())
        let created = Recorder<Store<Tally>>()
        let token = outer.subscribe { _ in
            created.append(Store<Tally>(effectHandler: NoAnswers(), eventSource: ManualEvents(eventsDuringConfiguration: [.add(4)])))
        }
        waitUntil { created.values.first?.state.count == 4 }
        token.cancel()
    }

    func test_dispatch_fromManyThreads_deliversEveryEvent() {
        let source = ManualEvents()
        let store = Store<Tally>(effectHandler: NoAnswers(), eventSource: source)
        runConcurrently(threads: 4) { _ in
            for _ in 0..<2_500 { source.send(.increment) }
        }
        XCTAssertEqual(store.state.count, 10_000)
    }

    func test_dispatch_afterTheStoreIsGone_doesNothing() {
        let source = ManualEvents()
        weak var weakStore: Store<Tally>?
        do {
            let store = Store<Tally>(effectHandler: NoAnswers(), eventSource: source)
            weakStore = store
            source.send(.increment)
            XCTAssertEqual(store.state.count, 1)
        }
        XCTAssertNil(weakStore)
        source.send(.increment)  // must not crash or resurrect anything
        runConcurrently(threads: 2) { _ in source.send(.increment) }
    }

    func test_eventSource_combinedWithEffectHandler_bothWork() {
        let source = ManualEvents()
        let effects = ControlledEffects(answersImmediately: true)
        let store = Store<Tally>(effectHandler: effects, eventSource: source)
        source.send(.request(id: 1, amount: 3))
        XCTAssertEqual(store.state.count, 3)
        XCTAssertEqual(effects.handledEffects, [.fetch(id: 1, amount: 3)])
    }
}
