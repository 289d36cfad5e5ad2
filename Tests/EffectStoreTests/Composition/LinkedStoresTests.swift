import Dispatch
import EffectStore
import EffectStoreTesting
import XCTest

/// Two stores that feed each other — a session and a feed — wired in either order with `addEventSource`, and
/// waited for with `waitUntilSettled`, without polling.
final class LinkedStoresTests: XCTestCase {
    struct Session: State, Equatable {
        var isLoggedIn = true
        enum Event: Sendable, Equatable { case logIn, logOut }
        typealias Effect = Never
        static var initialState: Session { Session() }
        mutating func handle(event: Event) -> Never? {
            isLoggedIn = event == .logIn
            return nil
        }
    }

    struct Feed: State, Equatable {
        var items: [String] = ["a", "b"]
        var tokenExpired = false
        enum Event: Sendable, Equatable { case tokenExpired, reset }
        typealias Effect = Never
        static var initialState: Feed { Feed() }
        mutating func handle(event: Event) -> Never? {
            switch event {
            case .tokenExpired: tokenExpired = true
            case .reset: self = Feed(items: [], tokenExpired: false)
            }
            return nil
        }
    }

    func test_storesLinkedBothWays_sessionFirst_anExpiredTokenLogsOutAndTheLogOutResetsTheFeed() {
        let session = Store<Session>()
        let feed = Store<Feed>(eventSource: StoreEventSource(session, whenChanged: \.isLoggedIn) { $0 ? nil : .reset })
        session.addEventSource(StoreEventSource(feed, whenChanged: \.tokenExpired) { $0 ? .logOut : nil })

        feed.dispatch(event: .tokenExpired)

        XCTAssertTrue(feed.waitUntilSettled(timeout: .seconds(5)))
        XCTAssertFalse(session.state.isLoggedIn)
        XCTAssertEqual(feed.state, Feed(items: [], tokenExpired: false))
    }

    func test_storesLinkedBothWays_feedFirst_workTheSame() {
        let feed = Store<Feed>()
        let session = Store<Session>(
            eventSource: StoreEventSource(feed, whenChanged: \.tokenExpired) { $0 ? .logOut : nil })
        feed.addEventSource(StoreEventSource(session, whenChanged: \.isLoggedIn) { $0 ? nil : .reset })

        feed.dispatch(event: .tokenExpired)

        XCTAssertTrue(session.waitUntilSettled(timeout: .seconds(5)), "settling follows the feed, which feeds it")
        XCTAssertFalse(session.state.isLoggedIn)
        XCTAssertEqual(feed.state.items, [])
    }

    func test_storesLinkedBothWays_keepNeitherAlive() {
        weak var weakSession: Store<Session>?
        weak var weakFeed: Store<Feed>?
        do {
            let session = Store<Session>()
            let feed = Store<Feed>(
                eventSource: StoreEventSource(session, whenChanged: \.isLoggedIn) { $0 ? nil : .reset })
            session.addEventSource(StoreEventSource(feed, whenChanged: \.tokenExpired) { $0 ? .logOut : nil })
            weakSession = session
            weakFeed = feed
        }
        XCTAssertNil(weakSession)
        XCTAssertNil(weakFeed)
    }

    func test_addedEventSource_isHeldByTheStore_andItsEventsComeWithTheEventSourceOrigin() {
        let session = Store<Session>()
        let feed = Store<Feed>()
        let origins = Recorder<TransitionOrigin>()
        let observation = feed.observeTransitions { origins.append($0.origin) }
        feed.addEventSource(StoreEventSource(session, whenChanged: \.isLoggedIn) { $0 ? nil : .reset })
        session.dispatch(event: .logOut)
        XCTAssertTrue(feed.waitUntilSettled())
        XCTAssertEqual(origins.values, [.eventSource])
        observation.cancel()
    }

    // MARK: Mirroring one value (BuildingAnAppFromFeatures, "Links that end")

    /// A value both stores hold and edit. Only the user's own edits are sent to the other store; the other's value
    /// arrives as `.peerSet`, which is not sent back — so no change echoes.
    struct Mirror: State, Equatable {
        struct LocalEdit: Equatable, Sendable {
            var number: Int
            var value: Int
        }

        var value = 0
        var lastLocalEdit: LocalEdit?
        enum Event: Sendable, Equatable { case set(Int), peerSet(Int) }
        typealias Effect = Never
        static var initialState: Mirror { Mirror() }
        mutating func handle(event: Event) -> Never? {
            switch event {
            case .set(let value):
                self.value = value
                lastLocalEdit = LocalEdit(number: (lastLocalEdit?.number ?? 0) + 1, value: value)
            case .peerSet(let value):
                self.value = value
            }
            return nil
        }
    }

    /// Links `left` and `right` the safe way: each sends the other its own edits only.
    private func mirrored() -> (left: Store<Mirror>, right: Store<Mirror>) {
        let left = Store<Mirror>()
        let right = Store<Mirror>(
            eventSource: StoreEventSource(left, whenChanged: \.lastLocalEdit) { $0.map { .peerSet($0.value) } })
        left.addEventSource(StoreEventSource(right, whenChanged: \.lastLocalEdit) { $0.map { .peerSet($0.value) } })
        return (left, right)
    }

    /// The form that echoes forever — each store sending every change of `value` back as `.set` — made 431,000
    /// events in 5 s after 20 rapid sets. This one hands each edit over once.
    func test_mirroredValue_rapidEditsOnOneSide_settleWithBothHoldingTheLast_andNothingEchoes() {
        let (left, right) = mirrored()
        let rightEvents = Recorder<Mirror.Event>()
        let leftEvents = Recorder<Mirror.Event>()
        let observations = [
            right.observeTransitions { if let event = $0.event { rightEvents.append(event) } },
            left.observeTransitions { if let event = $0.event { leftEvents.append(event) } },
        ]

        for value in 1...20 { left.dispatch(event: .set(value)) }

        XCTAssertTrue(left.waitUntilSettled(timeout: .seconds(5)))
        XCTAssertEqual(left.state.value, 20)
        XCTAssertEqual(right.state.value, 20)
        XCTAssertEqual(rightEvents.values, (1...20).map { .peerSet($0) }, "each edit arrives once, in order")
        XCTAssertEqual(leftEvents.values, (1...20).map { .set($0) }, "nothing comes back")
        observations.forEach { $0.cancel() }
    }

    func test_mirroredValue_editsOnBothSides_eachReachesTheOther() {
        let (left, right) = mirrored()

        left.dispatch(event: .set(1))
        XCTAssertTrue(left.waitUntilSettled(timeout: .seconds(5)))
        right.dispatch(event: .set(2))
        XCTAssertTrue(right.waitUntilSettled(timeout: .seconds(5)))

        XCTAssertEqual(left.state.value, 2)
        XCTAssertEqual(right.state.value, 2)
        XCTAssertEqual(left.state.lastLocalEdit, Mirror.LocalEdit(number: 1, value: 1))
        XCTAssertEqual(right.state.lastLocalEdit, Mirror.LocalEdit(number: 1, value: 2))
    }

    // MARK: Settling

    func test_waitUntilSettled_waitsForAnEffectInFlight_andForTheBlocksItsAnswerStarts() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        store.dispatch(event: .start(.all(.fetch("a"), .fetch("b"))))
        XCTAssertFalse(store.waitUntilSettled(timeout: .milliseconds(50)), "two fetches are in flight")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            effects.answerNext()
            effects.answerNext()
        }
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(5)))
        XCTAssertEqual(store.state.log, ["a", "b"])
    }

    /// Was: the wait held the feeding store until its own timeout (the feeder was freed at 5 s instead of at once),
    /// and then returned `false` because of an effect the released feeder had abandoned.
    func test_waitUntilSettled_keepsNoReleasedFeederAlive_andItsAbandonedEffectDoesNotHoldTheWait() {
        let effects = PlannerEffects()  // holds every answer until told: this one is never answered
        var feeder: Store<Planner>? = Store<Planner>(effectHandler: effects)
        weak let weakFeeder = feeder
        let fed = Store<Feed>(eventSource: StoreEventSource(feeder!, whenChanged: \.log.count) { _ in nil })
        feeder!.dispatch(event: .start(.fetch("never answered")))
        let settled = Recorder<Bool>()
        let waiter = Thread { settled.append(fed.waitUntilSettled(timeout: .seconds(5))) }
        waiter.start()
        Thread.sleep(forTimeInterval: 0.1)  // the waiting thread is now waiting for the feeder's effect
        XCTAssertEqual(settled.values, [], "the feeder's effect is in flight")

        feeder = nil

        let released = Date()
        waitUntil(timeout: 2) { weakFeeder == nil }
        waitUntil(timeout: 2) { !settled.values.isEmpty }
        XCTAssertLessThan(Date().timeIntervalSince(released), 2, "freed at once, not when the wait times out")
        XCTAssertEqual(settled.values, [true], "a released store has nothing left in flight")
    }

    /// Performs `Planner`'s endless ticking as an async run that, once cancelled, cleans up until the test opens
    /// `cleanupGate`, then sends one more tick.
    final class SlowCleanupTicking: EffectHandler, Sendable {
        let cleanupGate: DispatchSemaphore
        let cleanedUp: DispatchSemaphore
        init(cleanupGate: DispatchSemaphore, cleanedUp: DispatchSemaphore) {
            self.cleanupGate = cleanupGate
            self.cleanedUp = cleanedUp
        }
        func handle(effect: Planner.Effect) -> EffectAnswer<Planner.Event>? {
            let (cleanupGate, cleanedUp) = (self.cleanupGate, self.cleanedUp)
            return .run { send in
                while !Task.isCancelled {
                    send(.tick)
                    try? await Task.sleep(nanoseconds: 1_000_000)
                }
                cleanupGate.wait()  // cleaning up, on its own thread, until the test says
                send(.tick)
                cleanedUp.signal()
            }
        }
    }

    /// "Settled" is about what can still reach the store (Store.waitUntilSettled's doc): a cancelled run counts at
    /// once, although its task may still be winding down, and what it sends meanwhile is not handled.
    func test_waitUntilSettled_doesNotWaitForACancelledRunsCleanup_whoseLateEventsAreNotHandled() {
        let cleanupGate = DispatchSemaphore(value: 0)
        let cleanedUp = DispatchSemaphore(value: 0)
        let store = Store<Planner>(effectHandler: SlowCleanupTicking(cleanupGate: cleanupGate, cleanedUp: cleanedUp))
        store.dispatch(event: .start(Planner.Effect.endless.cancellable(id: "ticking")))
        waitUntil { store.state.ticks > 0 }

        store.dispatch(event: .start(.cancel(id: "ticking")))

        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(5)), "settled while the run still cleans up")
        let ticks = store.state.ticks
        cleanupGate.signal()
        XCTAssertEqual(cleanedUp.wait(timeout: .now() + 5), .success)
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(5)))
        XCTAssertEqual(store.state.ticks, ticks, "the cancelled run's late tick is not handled")
    }

    func test_waitUntilSettled_onAnIdleStore_returnsAtOnce() {
        XCTAssertTrue(Store<Planner>(effectHandler: NoAnswers()).waitUntilSettled(timeout: .zero))
    }

    func test_settled_async_waitsForARun() async {
        let store = Store<Planner>(effectHandler: PlannerEffects())
        store.dispatch(event: .start(.ticks(count: 1_000)))
        let settled = await store.settled(timeout: .seconds(5))
        XCTAssertTrue(settled)
        XCTAssertEqual(store.state.ticks, 1_000)
    }

    func test_waitUntilSettled_withADebounceWaitingForATestClock_timesOutUntilTheClockMoves() {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(answersAtOnce: true), clock: clock)
        store.dispatch(event: .start(Planner.Effect.fetch("q").debounced(id: "d", for: .seconds(1))))
        XCTAssertFalse(store.waitUntilSettled(timeout: .milliseconds(20)))
        clock.advance(by: .seconds(1))
        XCTAssertTrue(store.waitUntilSettled(timeout: .zero))
    }

    /// What `waitUntilSettled(timeout:)` documents: a delay pending on a `TestClock` holds the wait for its whole
    /// timeout, since only the test can move the clock; once advanced past the delay, the store settles.
    func test_waitUntilSettled_withADelayPendingOnATestClock_waitsOutTheWholeTimeout_andSettlesOnceAdvanced() {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(answersAtOnce: true), clock: clock)
        store.dispatch(event: .start(Planner.Effect.fetch("later").delayed(by: .seconds(1))))

        let start = DispatchTime.now().uptimeNanoseconds
        XCTAssertFalse(store.waitUntilSettled(timeout: .milliseconds(200)))
        let waited = DispatchTime.now().uptimeNanoseconds - start

        XCTAssertGreaterThanOrEqual(waited, 200_000_000, "the whole timeout")
        XCTAssertEqual(clock.elapsed, .zero, "waiting does not move the test clock")
        XCTAssertEqual(store.state.log, [])

        clock.advance(by: .seconds(1))
        XCTAssertTrue(store.waitUntilSettled(timeout: .milliseconds(200)))
        XCTAssertEqual(store.state.log, ["later"])
    }

    func test_settled_async_withADelayPendingOnATestClock_isFalse_untilTheClockIsAdvanced() async {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(answersAtOnce: true), clock: clock)
        store.dispatch(event: .start(Planner.Effect.fetch("later").delayed(by: .seconds(1))))

        let before = await store.settled(timeout: .milliseconds(200))
        clock.advance(by: .seconds(1))
        let after = await store.settled(timeout: .milliseconds(200))

        XCTAssertFalse(before)
        XCTAssertTrue(after)
        XCTAssertEqual(store.state.log, ["later"])
    }
}
