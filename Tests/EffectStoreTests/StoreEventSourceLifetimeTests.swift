import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// The event source given at creation shares the state box's one optional slot with the store's extras (a memory
/// layout choice): it must still live exactly as long as the store, and settling must still see it first.
final class StoreEventSourceLifetimeTests: XCTestCase {
    func test_eventSource_outlivesNothing_evenWhenADerivedStateKeepsTheStoresBox() {
        weak var weakStore: Store<Tally>?
        weak var weakSource: ManualEvents?
        var derived: DerivedState<Int>?
        do {
            let source = ManualEvents()
            let store = Store<Tally>(effectHandler: NoAnswers(), eventSource: source)
            weakStore = store
            weakSource = source
            derived = store.map(\.count)
            source.send(.add(2))
            XCTAssertEqual(derived?.state, 2)
        }
        XCTAssertNil(weakStore)
        XCTAssertNil(weakSource, "the derived state keeps the box for the last state, not the event source")
        XCTAssertEqual(derived?.state, 2)
    }

    func test_eventSource_isReleasedWithTheStore_whileSomethingStillHoldsTheStateBox() {
        weak var weakSource: ManualEvents?
        var box: LockedBox<Store<Tally>.Committed>?
        do {
            let source = ManualEvents()
            let store = Store<Tally>(effectHandler: NoAnswers(), eventSource: source)
            weakSource = source
            box = store.stateBox  // as a derived state does, without making the extras
            XCTAssertFalse(store.stateBox.withLock { $0.extras != nil })
            source.send(.increment)
        }
        XCTAssertNil(weakSource, "a store with no extras still drops its event source from the box when released")
        XCTAssertEqual(box?.withLock { $0.state.count }, 1)
    }

    func test_eventSource_isKeptWhenTheExtrasAreMade_andStaysFirstAmongTheSources() {
        weak var weakSource: ManualEvents?
        let store: Store<Tally>
        do {
            let source = ManualEvents()
            weakSource = source
            store = Store<Tally>(effectHandler: NoAnswers(), eventSource: source)
        }
        XCTAssertNotNil(weakSource, "the store keeps its event source")
        let added = ManualEvents()
        store.addEventSource(added)  // makes the extras, which take over the first source
        let token = store.observeTransitions { _ in }
        XCTAssertNotNil(weakSource, "still kept once the extras hold it")
        XCTAssertEqual(store.allEventSources.count, 2)
        XCTAssertTrue(store.allEventSources.first === weakSource)
        XCTAssertTrue(store.allEventSources.last === added)
        weakSource?.send(.increment)
        added.send(.add(10))
        XCTAssertEqual(store.state.count, 11)
        token.cancel()
    }

    func test_storeWithoutAnEventSource_hasNone() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        XCTAssertTrue(store.allEventSources.isEmpty)
        _ = store.extras  // made on demand: still no source
        XCTAssertTrue(store.allEventSources.isEmpty)
    }
}
