import XCTest

@testable import EffectStore

/// `EffectAnswer.map` of a run, as `ChildPlace.answer(_:by:)` does to a child's answer: it
/// must stay a run, with every event mapped, that the store can cancel.
final class MappedRunTests: XCTestCase {
    func test_map_ofARun_deliversEveryEventMapped_andFinishes() async {
        let store = Store<Planner>(effectHandler: MappingHandler())

        let state = await store.dispatch(event: .start(.ticks(count: 3))).value

        XCTAssertEqual(state.log, ["mapped 0", "mapped 1", "mapped 2"])
    }

    func test_map_ofARun_isStoppedWhenItsEffectIsCancelled() async {
        let handler = MappingHandler()
        let store = Store<Planner>(effectHandler: handler)
        store.dispatch(event: .start(Planner.Effect.endless.cancellable(id: "endless")))

        _ = await store.dispatch(event: .start(.cancel(id: "endless"))).value

        XCTAssertEqual(handler.stopCount, 1)
    }

    func test_aRunAnswer_isOneValueWhenCheckedAlone_theFirstEvent_andTheRunIsStopped() async {
        let stopped = LockedBox.make(false)
        let answer = EffectAnswer<Int>.callbackRun { send in
            send(1)
            send(2)
            return { stopped.withLock { $0 = true } }
        }

        let value = await answer.firstEvent().value

        XCTAssertEqual(value, 1)
        XCTAssertTrue(stopped.withLock { $0 }, "the run goes on after its first event")
    }

    func test_aRunLookedAtAlone_thenMapped_givesItsFirstEventMapped_andAStoreTakenRunMappedFinishes() async {
        // Looked at as one value, a run has started: its map can only pass on the first event it kept.
        let looked = EffectAnswer<Int>.callbackRun { send in
            send(1)
            return {}
        }
        let first = await looked.firstEvent().value
        let mapped = await looked.map { $0 * 10 }.firstEvent().value
        XCTAssertEqual([first, mapped], [1, 10])

        // Taken by a store, a run has no first event to keep: its map, started later, finishes with no event
        // instead of waiting forever.
        let taken = EffectAnswer<Planner.Event>.callbackRun { _ in {} }
        let store = Store<Planner>(effectHandler: AnsweringHandler(taken))
        store.dispatch(event: .start(.endless))
        _ = taken.firstEvent()  // looked at as one value after a store took it: still not started as a future
        let finished = LockedBox.make(false)
        guard case .run(let run) = taken.map({ $0 }).kind else { return XCTFail("a run's map is a run") }
        run.connect { signal in
            if case .finished = signal { finished.withLock { $0 = true } }
        }
        XCTAssertTrue(finished.withLock { $0 })
    }
}

/// Answers every effect with one answer, whatever the effect.
private final class AnsweringHandler: EffectHandler {
    private let answer: EffectAnswer<Planner.Event>
    init(_ answer: EffectAnswer<Planner.Event>) { self.answer = answer }
    func handle(effect: Planner.Effect) -> EffectAnswer<Planner.Event>? { answer }
}

/// Answers `.ticks` and `.endless` with runs whose events are mapped with `Future.map`.
private final class MappingHandler: EffectHandler, @unchecked Sendable {
    // Safe because: `stops` is only touched under `lock`.
    private let lock = NSLock()
    private var stops = 0

    var stopCount: Int { lock.withLock { stops } }

    func handle(effect: Planner.Effect) -> EffectAnswer<Planner.Event>? {
        switch effect {
        case .ticks(let count):
            return EffectAnswer<Int>.run { send in
                for index in 0..<count { send(index) }
            }.map { Planner.Event.got("mapped \($0)") }
        case .endless:
            return EffectAnswer<Int>.callbackRun { _ in
                { [self] in lock.withLock { stops += 1 } }
            }.map { Planner.Event.got("mapped \($0)") }
        case .fetch, .plan:
            return nil
        }
    }
}
