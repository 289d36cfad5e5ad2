import EffectStore
import EffectStoreTesting
import XCTest

/// The rules "Coming from TCA or ReSwift" lists as working differently, each shown on a real store with a test clock.
final class RulesThatDifferTests: XCTestCase {
    typealias Effect = Planner.Effect

    func test_throttle_limitsStarts_notTheEventsARunSends() {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(), clock: clock)

        let run = store.dispatch(event: .start(Effect.ticks(count: 5).throttled(id: "t", for: .seconds(1))))

        XCTAssertEqual(run.wait(timeout: .seconds(5))?.ticks, 5, "every event the throttled run sent was handled")
    }

    func test_newThrottledEffect_afterTheInterval_doesNotCancelTheRunningOne() {
        let clock = TestClock()
        let effects = PlannerEffects()
        let store = Store<Planner>(effectHandler: effects, clock: clock)

        store.dispatch(event: .start(Effect.endless.throttled(id: "t", for: .seconds(1))))
        clock.advance(by: .seconds(1))
        store.dispatch(event: .start(Effect.endless.throttled(id: "t", for: .seconds(1))))

        XCTAssertEqual(effects.performedEffects, [.endless, .endless], "both started")
        XCTAssertEqual(effects.cancelledRunCount, 0, "the first was not cancelled by the second")
        store.dispatch(event: .start(.cancel(id: "t")))
        XCTAssertEqual(effects.cancelledRunCount, 2)
    }

    func test_debouncedForZero_stillWaitsForTheClock() {
        let clock = TestClock()
        let store = Store<Planner>(effectHandler: PlannerEffects(answersAtOnce: true), clock: clock)

        store.dispatch(event: .start(Effect.fetch("q").debounced(id: "d", for: .zero)))
        XCTAssertEqual(store.state.log, [], "not started in the transition that asked for it")

        clock.advance(by: .zero)
        XCTAssertEqual(store.state.log, ["q"])
    }

    /// Cancelling an effect answered with a plain future drops its answer, but its work runs to its end; a run's task
    /// is cancelled.
    func test_cancellingAPlainFuture_dropsItsAnswerButNotItsWork_whileARunsTaskIsCancelled() {
        let effects = GatedEffects()
        let store = Store<GatedWork>(effectHandler: effects)

        store.dispatch(event: .start)
        waitUntil { effects.started.count == 2 }
        XCTAssertNotNil(store.dispatch(event: .cancel).wait(timeout: .seconds(5)))
        effects.gate.resolve(())
        waitUntil { effects.ended.count == 2 }

        XCTAssertEqual(Set(effects.ended.values), ["the future's work: ran to its end", "the run's work: cancelled"])
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(5)))
        XCTAssertEqual(store.state.answers, 0, "the cancelled future's answer was dropped")
    }
}

/// Two pieces of work under one id, one answered with a plain future and one with a run, both waiting on a gate.
private struct GatedWork: State, Equatable {
    var answers = 0

    enum Event: Sendable { case start, cancel, answered }
    enum Work: Sendable, Equatable {
        case future, run
    }
    typealias Effect = Planned<Work>

    static var initialState: GatedWork { GatedWork() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start: return .all(Effect.work(.future).cancellable(id: "work"), Effect.work(.run).cancellable(id: "work"))
        case .cancel: return .cancel(id: "work")
        case .answered:
            answers += 1
            return nil
        }
    }
}

private final class GatedEffects: PlannedEffectHandler, Sendable {
    let gate = Promise<Void>()
    let started = Recorder<String>()
    let ended = Recorder<String>()

    func perform(_ work: GatedWork.Work) -> EffectAnswer<GatedWork.Event>? {
        switch work {
        case .future:
            return .future(Future { [gate, started, ended] in
                started.append("future")
                await gate.future.value
                ended.append("the future's work: " + (Task.isCancelled ? "cancelled" : "ran to its end"))
                return .answered
            })
        case .run:
            return .run { [gate, started, ended] send in
                started.append("run")
                await gate.future.value
                ended.append("the run's work: " + (Task.isCancelled ? "cancelled" : "ran to its end"))
                send(.answered)
            }
        }
    }
}
