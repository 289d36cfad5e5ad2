import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Promise 3: `subscribe` delivers the current state first, then every later state, in order, none skipped or
/// repeated, never concurrently with itself, also a state equal to the previous one (`map` skips those);
/// subscribing and cancelling work from any thread, also from inside a block.
final class StoreSubscriptionTests: XCTestCase {
    func test_subscribe_deliversCurrentStateFirst_thenEveryLaterStateInOrder() {
        let store = Store<Tally>(initialState: Tally(count: 3), effectHandler: NoAnswers())
        let received = Recorder<Int>()
        let token = store.subscribe { received.append($0.count) }
        XCTAssertEqual(received.values, [3], "the current state arrives before subscribe returns")
        for _ in 0..<5 { store.dispatch(event: .increment) }
        XCTAssertEqual(received.values, [3, 4, 5, 6, 7, 8])
        token.cancel()
    }

    func test_subscribe_runsBlocksOnTheStoresQueue() {
        let store = Store<Tally>(effectHandler: NoAnswers()).markedForTesting()
        let queues = Recorder<ObjectIdentifier?>()
        let token = store.subscribe { _ in queues.append(currentStoreQueue()) }
        store.dispatch(event: .increment)
        DispatchQueue.global().sync { _ = store.dispatch(event: .increment) }
        XCTAssertEqual(queues.values, [ObjectIdentifier(store), ObjectIdentifier(store), ObjectIdentifier(store)])
        token.cancel()
    }

    func test_subscribe_underConcurrentDispatch_seesEveryStateOnceInOrder_neverConcurrently() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let detector = LockedBox.make(Overlaps())
        let received = Recorder<Int>()
        let token = store.subscribe { state in
            detector.withLock { $0.enter() }
            received.append(state.count)
            detector.withLock { $0.leave() }
        }
        runConcurrently(threads: 4) { _ in
            for _ in 0..<5_000 { store.dispatch(event: .increment) }
        }
        XCTAssertEqual(received.values, Array(0...20_000))
        XCTAssertEqual(detector.withLock { $0.count }, 0)
        token.cancel()
    }

    func test_subscribe_whileOtherThreadsDispatch_startsAtTheCurrentStateWithNoGapOrRepeat() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let late = Recorder<Int>()
        let tokens = Recorder<SubscriptionToken>()
        runConcurrently(threads: 3) { thread in
            if thread == 2 {
                usleep(500)
                tokens.append(store.subscribe { late.append($0.count) })
            } else {
                for _ in 0..<5_000 { store.dispatch(event: .increment) }
            }
        }
        let values = late.values
        XCTAssertFalse(values.isEmpty)
        if let first = values.first {
            XCTAssertEqual(values, Array(first...10_000), "a state was skipped or repeated")
        }
    }

    func test_subscribe_deliversTheStateAfterEveryEvent_evenAnUnchangedOne() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let received = Recorder<Int>()
        let token = store.subscribe { received.append($0.count) }
        store.dispatch(event: .nothing)
        store.dispatch(event: .add(0))
        store.dispatch(event: .increment)
        store.dispatch(event: .nothing)
        XCTAssertEqual(received.values, [0, 0, 0, 1, 1])
        token.cancel()
    }

    func test_subscribe_throughMap_skipsEqualStates() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let received = Recorder<Int>()
        let token = store.map { $0 }.subscribe { received.append($0.count) }
        store.dispatch(event: .nothing)
        store.dispatch(event: .add(0))
        store.dispatch(event: .increment)
        store.dispatch(event: .nothing)
        XCTAssertEqual(received.values, [0, 1])
        token.cancel()
    }

    /// `Opaque` is not `Equatable`: the rule is the same as for `Tally`, every handled event delivers its state.
    func test_subscribe_deliversTheStateAfterEveryEvent_whetherOrNotTheStateIsEquatable() {
        let store = Store<Opaque>()
        let received = Recorder<Int>()
        let token = store.subscribe { received.append($0.count) }
        store.dispatch(event: .touch)
        store.dispatch(event: .touch)
        store.dispatch(event: .increment)
        XCTAssertEqual(received.values, [0, 0, 0, 1])
        token.cancel()
    }

    func test_cancel_fromOutside_stopsDeliveryBeforeItReturns() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let received = Recorder<Int>()
        let token = store.subscribe { received.append($0.count) }
        store.dispatch(event: .increment)
        token.cancel()
        token.cancel()  // a second cancel does nothing
        store.dispatch(event: .increment)
        XCTAssertEqual(received.values, [0, 1])
    }

    func test_cancel_fromOutside_anEventSentWhileTheBlockIsReleased_isHandledWithoutDeadlock() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        // Released with the block, on the store's queue: its `deinit` dispatches, which must not wait for that queue.
        final class DispatchesWhenReleased: Sendable {
            let store: Store<Tally>
            init(store: Store<Tally>) { self.store = store }
            deinit { store.dispatch(event: .add(10)) }
        }
        let token = Self.subscribe(to: store, holding: DispatchesWhenReleased(store: store))
        XCTAssertEqual(store.state.count, 0)
        token.cancel()
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(5)))
        XCTAssertEqual(store.state.count, 10, "the event sent while the block was released is handled")
    }

    func test_cancel_fromAnotherStoresCallback_anEventSentWhileTheBlockIsReleased_isHandledWithoutDeadlock() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let driver = Store<Tally>(effectHandler: NoAnswers())
        final class DispatchesWhenReleased: Sendable {
            let store: Store<Tally>
            init(store: Store<Tally>) { self.store = store }
            deinit { store.dispatch(event: .add(10)) }
        }
        let token = LockedBox<SubscriptionToken?>.make(
            Self.subscribe(to: store, holding: DispatchesWhenReleased(store: store)))
        let driving = driver.subscribe { state in
            if state.count == 1 { token.withLock { $0 }?.cancel() }  // inside another store's loop: asynchronous
        }
        driver.dispatch(event: .increment)
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(5)))
        XCTAssertEqual(store.state.count, 10, "the event sent while the block was released is handled")
        driving.cancel()
    }

    func test_subscribersCancelledFromOutside_stayListedUntilTheNextEvent_whichCompactsThemAway() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let received = Recorder<Int>()
        let tokens = (0..<10).map { index in store.subscribe { _ in received.append(index) } }
        for token in tokens.prefix(6) { token.cancel() }
        XCTAssertEqual(Self.listedSubscribers(of: store), 10, "cancelling from outside only clears the block")
        store.dispatch(event: .increment)
        XCTAssertEqual(Self.listedSubscribers(of: store), 4, "the event skipped six of ten: compacted")
        XCTAssertEqual(received.values.suffix(4), [6, 7, 8, 9], "only the live subscribers heard the event")
        withExtendedLifetime(tokens) {}
    }

    func test_subscribersCancelledFromOutside_areDroppedWhenTheListWouldGrow_orTheOnlyOneIsReplaced() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let first = store.subscribe { _ in }
        first.cancel()
        let second = store.subscribe { _ in }
        XCTAssertEqual(Self.listedSubscribers(of: store), 1, "a cancelled only subscriber is replaced")
        var tokens = [second]
        while Self.listedSubscribers(of: store) < 8 { tokens.append(store.subscribe { _ in }) }
        for token in tokens { token.cancel() }
        // Appending until the array would grow drops the cancelled ones instead of growing it.
        var live: [SubscriptionToken] = []
        for _ in 0..<20 { live.append(store.subscribe { _ in }) }
        XCTAssertEqual(Self.listedSubscribers(of: store, cancelledOnly: true), 0, "the eight cancelled are gone")
        XCTAssertEqual(Self.listedSubscribers(of: store), live.count)
        withExtendedLifetime(live) {}
    }

    /// How many subscribers `store` lists (only the cancelled ones, if asked), read on its queue.
    private static func listedSubscribers(of store: Store<Tally>, cancelledOnly: Bool = false) -> Int {
        let count = LockedBox.make(0)
        store.schedule(
            .call { store in
                let list = store.subscribers
                let all = (list.only.map { [$0] } ?? []) + Array(list.many)
                count.withLock { $0 = all.filter { !cancelledOnly || $0.block == nil }.count }
            })
        return count.withLock { $0 }
    }

    /// Subscribes with a block that is the only holder of `object`.
    private static func subscribe(to store: Store<Tally>, holding object: some Sendable) -> SubscriptionToken {
        store.subscribe { _ in _ = object }
    }

    func test_storeAndToken_releasedConcurrentlyInEitherOrder_neitherCrashesNorKeepsTheStoreAlive() {
        struct Pair: @unchecked Sendable {
            // Safe because: each field is taken by one thread only (stores by thread 0, tokens by thread 1).
            var stores: [Store<Tally>?]
            var tokens: [SubscriptionToken?]
        }
        let count = 300
        var made = Pair(stores: [], tokens: [])
        var weakStores: [() -> Store<Tally>?] = []
        for _ in 0..<count {
            let store = Store<Tally>(effectHandler: NoAnswers())
            made.tokens.append(store.subscribe { _ in })
            made.stores.append(store)
            weakStores.append { [weak store] in store }
        }
        let pairs = LockedBox.make(made)
        made = Pair(stores: [], tokens: [])
        runConcurrently(threads: 2) { thread in
            for index in 0..<count {
                if thread == 0 {
                    let store = pairs.withLock { pair -> Store<Tally>? in
                        defer { pair.stores[index] = nil }
                        return pair.stores[index]
                    }
                    store?.dispatch(event: .increment)  // then released here, maybe before its token
                } else {
                    let token = pairs.withLock { pair -> SubscriptionToken? in
                        defer { pair.tokens[index] = nil }
                        return pair.tokens[index]
                    }
                    if index.isMultiple(of: 2) { token?.cancel() }  // else cancelled by its release
                }
            }
        }
        XCTAssertEqual(weakStores.filter { $0() != nil }.count, 0, "no token keeps its store alive")
    }

    func test_cancel_fromAnotherThreadDuringDelivery_noCallStartsAfterCancelReturns() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let afterCancel = Recorder<Int>()
        let cancelled = LockedBox.make(false)
        let token = store.subscribe { state in
            if cancelled.withLock({ $0 }) { afterCancel.append(state.count) }
        }
        runConcurrently(threads: 2) { thread in
            if thread == 0 {
                for _ in 0..<3_000 { store.dispatch(event: .increment) }
            } else {
                usleep(1_000)
                token.cancel()
                cancelled.withLock { $0 = true }
            }
        }
        XCTAssertEqual(afterCancel.values, [])
    }

    func test_releasingTheToken_cancelsTheSubscription() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let received = Recorder<Int>()
        var token: SubscriptionToken? = store.subscribe { received.append($0.count) }
        store.dispatch(event: .increment)
        XCTAssertNotNil(token)
        token = nil
        store.dispatch(event: .increment)
        XCTAssertEqual(received.values, [0, 1])
    }

    func test_subscribeAndCancel_fromInsideABlock_takeEffectAtOnce() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let inner = Recorder<Int>()
        let innerToken = Recorder<SubscriptionToken>()
        let outer = store.subscribe { state in
            if state.count == 1 {
                // Subscribing from inside a block delivers the current state at once, then later states.
                innerToken.append(store.subscribe { inner.append($0.count) })
            }
            if state.count == 3 {
                innerToken.values.first?.cancel()
            }
        }
        for _ in 0..<5 { store.dispatch(event: .increment) }
        XCTAssertEqual(inner.values, [1, 2], "the inner subscriber gets 1 (current), 2, then is cancelled at 3")
        outer.cancel()
    }

    func test_cancel_fromInsideItsOwnBlock_stopsFurtherDelivery() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let received = Recorder<Int>()
        let holder = LockedBox<SubscriptionToken?>.make(nil)
        let token = store.subscribe { state in
            received.append(state.count)
            if state.count == 2 { holder.withLock { $0 }?.cancel() }
        }
        holder.withLock { $0 = token }
        for _ in 0..<5 { store.dispatch(event: .increment) }
        XCTAssertEqual(received.values, [0, 1, 2])
    }

    func test_subscribeAndCancel_fromAnotherStoresCallbacks_doNotDeadlock() {
        let driver = Store<Tally>(effectHandler: NoAnswers())
        let observed = Store<Tally>(initialState: Tally(count: 100), effectHandler: NoAnswers())
        let received = Recorder<Int>()
        let holder = LockedBox<SubscriptionToken?>.make(nil)
        let driverToken = driver.subscribe { state in
            if state.count == 1 {
                let token = observed.subscribe { received.append($0.count) }
                holder.withLock { $0 = token }
            }
            if state.count == 3 { holder.withLock { $0 }?.cancel() }
        }
        driver.dispatch(event: .increment)
        waitUntil { received.count == 1 }
        observed.dispatch(event: .increment)
        driver.dispatch(event: .increment)
        driver.dispatch(event: .increment)
        // The cancellation was queued on `observed`'s queue; once it has run, nothing more arrives.
        observed.dispatch(event: .nothing)
        observed.dispatch(event: .increment)
        XCTAssertEqual(received.values, [100, 101])
        driverToken.cancel()
    }
}
