import Dispatch
import EffectStore
import EffectStoreTesting
import XCTest

/// Plans carried out by a real store, on its queue: several effects, cancellation, queues, time and runs.
final class EffectPlanStoreTests: XCTestCase {
    typealias Effect = Planner.Effect

    // MARK: Several effects

    func test_all_startsEveryEffectInOrder_andTheDispatchFutureWaitsForEveryChain() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        let future = store.dispatch(event: .start(.all(.fetch("a"), .fetch("b"), .fetch("c"))))
        XCTAssertEqual(effects.performedEffects, [.fetch("a"), .fetch("b"), .fetch("c")])
        effects.answer("b")
        effects.answer("a")
        XCTAssertFalse(future.isResolved, "c is still in flight")
        effects.answer("c")
        XCTAssertEqual(future.wait(timeout: .seconds(5))?.log, ["b", "a", "c"])
    }

    func test_all_withAnswersAtOnce_finishesBeforeDispatchReturns() {
        let store = Store<Planner>(effectHandler: PlannerEffects(answersAtOnce: true))
        let future = store.dispatch(event: .start(.all(.fetch("a"), .fetch("b"))))
        XCTAssertTrue(future.isResolved)
        XCTAssertEqual(store.state.log, ["a", "b"])
    }

    // MARK: Cancellation

    func test_cancel_dropsTheAnswerThatComesLater_andResolvesTheCancelledChainsFuture() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        let search = store.dispatch(event: .start(Effect.fetch("old").cancellable(id: "search")))
        store.dispatch(event: .start(.cancel(id: "search")))
        XCTAssertTrue(search.isResolved, "the cancelled chain's future resolves with the state at cancellation")
        effects.answer("old")
        XCTAssertEqual(store.state.log, [], "the late answer of a cancelled effect is never handled")
    }

    func test_cancelInFlight_replacesTheOlderSearch_soItsAnswerIsNeverShown() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        store.dispatch(event: .start(Effect.fetch("sw").cancellable(id: "search", cancelInFlight: true)))
        let newer = store.dispatch(event: .start(Effect.fetch("swift").cancellable(id: "search", cancelInFlight: true)))
        effects.answer("swift")
        effects.answer("sw")
        XCTAssertEqual(newer.wait(timeout: .seconds(5))?.log, ["swift"])
        XCTAssertEqual(store.state.log, ["swift"])
    }

    func test_cancel_stopsARun_itsOnCancelRuns_andNoLaterEventIsHandled() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        let run = store.dispatch(event: .start(Effect.endless.cancellable(id: "ticks")))
        waitUntil { store.state.ticks > 10 }
        store.dispatch(event: .start(.cancel(id: "ticks")))
        let ticksAtCancel = store.state.ticks
        XCTAssertEqual(run.wait(timeout: .seconds(5))?.ticks, ticksAtCancel)
        XCTAssertEqual(effects.cancelledRunCount, 1)
        Thread.sleep(forTimeInterval: 0.02)
        XCTAssertEqual(store.state.ticks, ticksAtCancel, "no event of the cancelled run is handled after the cancel")
    }

    /// 1,000 start/stop cycles of a run that sends from its own thread while the test dispatches from others: once
    /// the stop is committed, not one tick of the stopped run is handled.
    func test_startStopCycles_fromSeveralThreads_handleNoEventOfACancelledRunAfterItsCancel() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        let lateTicks = Recorder<Int>()
        let stopped = Recorder<Bool>()
        let observation = store.observeTransitions { transition in
            if case .start(let effect) = transition.event, effect == .cancel(id: "ticks") { stopped.append(true) }
            if case .start(let effect) = transition.event, effect == Effect.endless.cancellable(id: "ticks") {
                stopped.append(false)
            }
            if transition.event == .tick, stopped.values.last == true { lateTicks.append(1) }
        }
        runConcurrently(threads: 2) { thread in
            for _ in 0..<500 {
                store.dispatch(event: .start(Effect.endless.cancellable(id: "ticks")))
                store.dispatch(event: .start(.cancel(id: "ticks")))
                if thread == 0 { store.dispatch(event: .got("x")) }
            }
        }
        XCTAssertEqual(lateTicks.count, 0, "ticks handled after their run's cancel")
        XCTAssertEqual(effects.cancelledRunCount, 1_000)
        observation.cancel()
    }

    // MARK: Queues

    func test_queued_startsEachEffectAfterThePreviousOneFinished() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        store.dispatch(event: .start(Effect.fetch("1").queued(id: "save")))
        let last = store.dispatch(event: .start(Effect.fetch("2").queued(id: "save")))
        XCTAssertEqual(effects.performedEffects, [.fetch("1")], "the second waits for the first")
        effects.answerNext()
        XCTAssertEqual(effects.performedEffects, [.fetch("1"), .fetch("2")])
        effects.answerNext()
        XCTAssertEqual(last.wait(timeout: .seconds(5))?.log, ["1", "2"])
    }

    func test_queuedKeepingOnlyLatest_replacesTheOneWaiting_latestSaveWins() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        store.dispatch(event: .start(Effect.fetch("1").queued(id: "save", keepingOnlyLatest: true)))
        let replaced = store.dispatch(event: .start(Effect.fetch("2").queued(id: "save", keepingOnlyLatest: true)))
        store.dispatch(event: .start(Effect.fetch("3").queued(id: "save", keepingOnlyLatest: true)))
        XCTAssertTrue(replaced.isResolved, "a replaced effect never starts; its future does not wait for it")
        effects.answerNext()
        effects.answerNext()
        XCTAssertEqual(effects.performedEffects, [.fetch("1"), .fetch("3")])
        XCTAssertEqual(store.state.log, ["1", "3"])
    }

    // MARK: Time

    func test_debounced_startsOnlyTheLastEffect_onceTheIntervalPassesQuietly() {
        let clock = TestClock()
        let effects = PlannerEffects(answersAtOnce: true)
        let store = Store<Planner>(effectHandler: effects, clock: clock)
        for query in ["s", "sw", "swi"] {
            store.dispatch(event: .start(Effect.fetch(query).debounced(id: "search", for: .milliseconds(300))))
            clock.advance(by: .milliseconds(100))
        }
        XCTAssertEqual(effects.performedEffects, [])
        clock.advance(by: .milliseconds(200))
        XCTAssertEqual(effects.performedEffects, [.fetch("swi")])
        XCTAssertEqual(store.state.log, ["swi"])
    }

    func test_throttled_startsTheFirstAtOnce_andTheLatestAtTheEndOfTheInterval() {
        let clock = TestClock()
        let effects = PlannerEffects(answersAtOnce: true)
        let store = Store<Planner>(effectHandler: effects, clock: clock)
        for position in ["1", "2", "3"] {
            store.dispatch(event: .start(Effect.fetch(position).throttled(id: "scroll", for: .milliseconds(500))))
        }
        XCTAssertEqual(store.state.log, ["1"])
        clock.advance(by: .milliseconds(500))
        XCTAssertEqual(store.state.log, ["1", "3"])
        clock.advance(by: .milliseconds(500))
        XCTAssertEqual(clock.scheduledCount, 0, "the throttle closes when an interval passes with nothing new")
    }

    func test_throttledWithoutLatest_dropsWhatComesInDuringTheInterval() {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(answersAtOnce: true), clock: clock)
        for position in ["1", "2"] {
            store.dispatch(
                event: .start(Effect.fetch(position).throttled(id: "t", for: .milliseconds(500), latest: false)))
        }
        clock.advance(by: .seconds(1))
        XCTAssertEqual(store.state.log, ["1"])
    }

    func test_delayed_startsAfterTheDelay_andACancelMeanwhileDropsIt() {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(answersAtOnce: true), clock: clock)
        let delayed = store.dispatch(event: .start(Effect.fetch("later").delayed(by: .seconds(1))))
        let cancelled = store.dispatch(event: .start(Effect.fetch("never").delayed(by: .seconds(1), id: "toast")))
        store.dispatch(event: .start(.cancel(id: "toast")))
        XCTAssertTrue(cancelled.isResolved)
        XCTAssertFalse(delayed.isResolved)
        clock.advance(by: .seconds(1))
        XCTAssertEqual(delayed.wait(timeout: .seconds(5))?.log, ["later"])
        XCTAssertEqual(store.state.log, ["later"])
    }

    // MARK: Runs

    func test_run_handlesEveryEventInOrder_andTheDispatchFutureResolvesWhenItFinishes() {
        let store = Store<Planner>(effectHandler: PlannerEffects())
        let state = store.dispatch(event: .start(.ticks(count: 100))).wait(timeout: .seconds(5))
        XCTAssertEqual(state?.ticks, 100)
        XCTAssertEqual(state?.log, ["finished"])
    }

    func test_releasingTheStore_cancelsEveryRun() {
        let effects = PlannerEffects()
        var store: Store<Planner>? = Store<Planner>(effectHandler: effects)
        let run = store!.dispatch(event: .start(.endless))
        waitUntil { (store?.state.ticks ?? 0) > 0 }
        store = nil
        XCTAssertNotNil(run.wait(timeout: .seconds(5)), "the waiting dispatch future resolves with the last state")
        XCTAssertEqual(effects.cancelledRunCount, 1)
    }

    // MARK: No leaks

    func test_anEffectWhosePromiseIsReleasedUnanswered_endsItsChain_andReleasesItsFuture() {
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects)
        weak var weakFuture: Future<Planner>?
        let resolved = Recorder<Planner>()
        do {
            let future = store.dispatch(event: .start(.fetch("lost")))
            weakFuture = future
            future.onComplete { resolved.append($0) }
            effects.dropAll()  // the handler gives up: nothing will ever answer
        }
        waitUntil { resolved.count == 1 }
        XCTAssertEqual(resolved.values, [Planner()], "the chain ends as 'no answer', with the state then")
        waitUntil { weakFuture == nil }
    }
}
