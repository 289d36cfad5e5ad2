import Dispatch
import EffectStoreTesting
import XCTest

@testable import EffectStore

/// `EffectAnswer`: what a handler that answers with runs returns. Each kind reaches a real store the way the same answer
/// as a `Future` would, and a `Future` stays one value.
final class EffectAnswerTests: XCTestCase {
    func test_anEventAnswer_isHandledInTheSameDispatch_beforeItReturns() {
        let store = Store<Planner>(effectHandler: AnswerKinds())

        store.dispatch(event: .start(.fetch("at once")))

        XCTAssertEqual(store.state.log, ["event: at once"])
    }

    func test_aFutureAnswer_isHandledWhenItResolves_andTheDispatchWaitsForIt() {
        let handler = AnswerKinds()
        let store = Store<Planner>(effectHandler: handler)

        let dispatched = store.dispatch(event: .start(.fetch("later")))
        XCTAssertFalse(dispatched.isResolved, "the chain waits for the future")
        handler.resolveLater()

        XCTAssertEqual(dispatched.wait(timeout: .seconds(5))?.log, ["future: later"])
    }

    func test_aRunAnswer_deliversEveryEvent_thenTheDispatchResolves() {
        let store = Store<Planner>(effectHandler: AnswerKinds())

        let state = store.dispatch(event: .start(.ticks(count: 3))).wait(timeout: .seconds(5))

        XCTAssertEqual(state?.ticks, 3)
        XCTAssertEqual(state?.log, ["finished"])
    }

    func test_map_ofEachKind_transformsItsEvents() async {
        let ready = EffectAnswer<Int>.event(2).map { $0 * 10 }
        let future = EffectAnswer<Int>.future(Future(value: 3)).map { $0 * 10 }
        let run = EffectAnswer<Int>.run { send in
            send(4)
            send(5)
        }.map { $0 * 10 }

        let readyValue = await ready.firstEvent().value
        let futureValue = await future.firstEvent().value
        let runValue = await run.firstEvent().value
        XCTAssertEqual([readyValue, futureValue, runValue], [20, 30, 40])
    }

    func test_aFutureWrappedAsAnAnswer_isThatFuture() {
        let promise = Promise<Int>()

        let answer = EffectAnswer.future(promise.future)

        guard case .future(let future) = answer.kind else { return XCTFail("expected a future, got \(answer.kind)") }
        XCTAssertTrue(future === promise.future)
    }
}

/// Answers `Planner`'s effects with each kind of `EffectAnswer`: `.fetch("at once")` with an event, another fetch with
/// a future the test resolves, `.ticks` with a run.
private final class AnswerKinds: EffectHandler, Sendable {
    private let later = Promise<Planner.Event>()

    func handle(effect: Planner.Effect) -> EffectAnswer<Planner.Event>? {
        switch effect {
        case .fetch("at once"):
            return .event(.got("event: at once"))
        case .fetch(let text):
            return .future(later.future.map { _ in .got("future: \(text)") })
        case .ticks(let count):
            return .run { send in
                for _ in 0..<count { send(.tick) }
                send(.finishedRun)
            }
        case .endless, .plan:
            return nil
        }
    }

    func resolveLater() { later.resolve(.tick) }
}
