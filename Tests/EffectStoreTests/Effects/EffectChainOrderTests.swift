import Dispatch
import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// A pager: each page's answer loads the next one, under one id, replacing whatever is in flight.
private struct Pager: State, Equatable {
    var pages: [Int] = []
    var log: [String] = []

    enum Event: Sendable, Equatable {
        case refresh
        case loaded(Int)
        case start(Effect)
        case got(String)
    }

    enum Work: Sendable, Equatable {
        case load(Int)
        case fetch(String)
        case fireAndForget(String)
        case endless
    }
    typealias Effect = Planned<Work>

    static var initialState: Pager { Pager() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .refresh:
            pages = []
            return Effect.work(.load(1)).cancellable(id: "load", cancelInFlight: true)
        case .loaded(let page):
            pages.append(page)
            guard page < 3 else { return nil }
            return Effect.work(.load(page + 1)).cancellable(id: "load", cancelInFlight: true)
        case .start(let effect):
            return effect
        case .got(let text):
            log.append(text)
            if text == "c" { return .cancel(id: "b") }  // c's answer cancels b
            if text == "c2" { return .cancel(id: "run") }
            if text == "c3" { return .cancel(id: "x") }
            return nil
        }
    }
}

private final class PagerEffects: EffectHandler, Sendable {
    private let pending = LockedBox.make([String: Promise<Pager.Event>]())
    let performed = LockedBox.make([String]())

    func handle(effect: Pager.Effect) -> EffectAnswer<Pager.Event>? {
        switch effect {
        case .work(.load(let page)):
            let promise = Promise<Pager.Event>()
            pending.withLock { $0["load\(page)"] = promise }
            return .future(promise.future)
        case .work(.fetch(let text)):
            performed.withLock { $0.append(text) }
            if text == "c" || text == "c2" || text == "c3" { return .future(Future(value: .got(text))) }  // at once
            let promise = Promise<Pager.Event>()
            pending.withLock { $0[text] = promise }
            return .future(promise.future)
        case .work(.fireAndForget(let text)):
            performed.withLock { $0.append(text) }
            return nil
        case .work(.endless):
            performed.withLock { $0.append("endless") }
            return .callbackRun { [performed] send in
                performed.withLock { $0.append("run started") }
                return { performed.withLock { $0.append("run stopped") } }
            }
        case .plan:
            preconditionFailure("plans never reach the handler")
        }
    }

    func answer(_ key: String, with event: Pager.Event) {
        let promise = pending.withLock { $0.removeValue(forKey: key) }
        XCTAssertNotNil(promise, "nothing waits for \(key)")
        promise?.resolve(event)
    }
}

final class EffectChainOrderTests: XCTestCase {
    // (A) An answer whose event re-issues a cancelInFlight effect under its own id cancels its own (answered) job,
    // which releases the chain to zero: the dispatch future resolves after page 1 instead of after page 3.
    func test_pager_dispatchFutureWaitsForTheWholeChain() {
        let effects = PagerEffects()
        let store = Store<Pager>(effectHandler: effects)
        let future = store.dispatch(event: .refresh)
        effects.answer("load1", with: .loaded(1))
        XCTAssertFalse(future.isResolved, "page 2 is still loading: the chain has not finished")
        effects.answer("load2", with: .loaded(2))
        XCTAssertFalse(future.isResolved, "page 3 is still loading: the chain has not finished")
        effects.answer("load3", with: .loaded(3))
        XCTAssertEqual(future.wait(timeout: .seconds(5))?.pages, [1, 2, 3])
    }

    // (B) `.all(a.queued(q), c.queued(q), b)`: a's handler returns nil, so c starts from inside the outer carryOut,
    // and c's immediate answer is handled inline *before b is performed*; c's answer cancels b, which then
    // starts anyway, and its answer reaches handle(event:) after the cancel was committed.
    func test_all_everyEffectStartsBeforeAnyAnswerIsHandled() {
        let effects = PagerEffects()
        let store = Store<Pager>(effectHandler: effects)
        let token = store.subscribe { state in effects.performed.withLock { $0.append("state \(state.log)") } }
        defer { token.cancel() }
        typealias E = Pager.Effect
        store.dispatch(
            event: .start(
                .all(
                    E.work(.fireAndForget("a")).queued(id: "q"),
                    E.work(.fetch("c")).queued(id: "q"),
                    E.work(.fetch("b")).cancellable(id: "b")
                )))
        XCTAssertEqual(store.state.log, ["c"])
        if effects.performed.withLock({ $0 }).contains("b") {
            effects.answer("b", with: .got("b"))
        }
        XCTAssertEqual(store.state.log, ["c"], "b was started by an event committed before c's cancel(id: b)")
    }

    // (B2) As (B), with b a run: c's inline answer cancels b's job before the store has performed it; the store then
    // performs it anyway, starting a run whose job is dead — it is never stopped (its stop function never runs).
    func test_all_aRunCancelledBeforeItIsPerformed_isNeverStartedOrIsStopped() {
        let effects = PagerEffects()
        let store = Store<Pager>(effectHandler: effects)
        typealias E = Pager.Effect
        store.dispatch(
            event: .start(
                .all(
                    E.work(.fireAndForget("a")).queued(id: "q"),
                    E.work(.fetch("c2")).queued(id: "q"),
                    E.work(.endless).cancellable(id: "run")
                )))
        let log = effects.performed.withLock { $0 }
        XCTAssertTrue(
            !log.contains("run started") || log.contains("run stopped"),
            "a run whose job was cancelled was started and never stopped: \(log)")
    }

    // (C) The cancellable fast path in followChain: cancelInFlight stops j, which lets the queue start c3, whose answer
    // (there at once) is handled inline *before* `late` is performed. c3's answer cancels "x", but `late` has no job
    // yet, so it escapes: its answer is handled after the cancel(id: "x") was committed. Through the scheduler (no
    // fast path), `late` is started first and the cancel drops it.
    func test_cancellableFastPath_isEquivalentToTheScheduler() {
        let effects = PagerEffects()
        let store = Store<Pager>(effectHandler: effects)
        let token = store.subscribe { state in effects.performed.withLock { $0.append("state \(state.log)") } }
        defer { token.cancel() }
        typealias E = Pager.Effect
        // "hold" keeps j's chain waiting, so that cancelling j emits no `.finish` after c3's `.perform`.
        store.dispatch(
            event: .start(.all(E.work(.fetch("j")).cancellable(id: "x").queued(id: "q"), E.work(.fetch("hold")))))
        store.dispatch(event: .start(E.work(.fetch("c3")).queued(id: "q")))
        store.dispatch(event: .start(E.work(.fetch("late")).cancellable(id: "x", cancelInFlight: true)))
        XCTAssertEqual(store.state.log, ["c3"])
        effects.answer("late", with: .got("late"))
        XCTAssertEqual(store.state.log, ["c3"], "late was started by an event committed before c3's cancel(id: x)")
    }

    // (C') The same through the scheduler: `.all` makes it take the plan path; `late` is cancelled.
    func test_cancellableThroughTheScheduler_dropsLate() {
        let effects = PagerEffects()
        let store = Store<Pager>(effectHandler: effects)
        typealias E = Pager.Effect
        store.dispatch(
            event: .start(.all(E.work(.fetch("j")).cancellable(id: "x").queued(id: "q"), E.work(.fetch("hold")))))
        store.dispatch(event: .start(E.work(.fetch("c3")).queued(id: "q")))
        store.dispatch(event: .start(.all(E.work(.fetch("late")).cancellable(id: "x", cancelInFlight: true))))
        XCTAssertEqual(store.state.log, ["c3"])
        if effects.performed.withLock({ $0 }).contains("late") { effects.answer("late", with: .got("late")) }
        XCTAssertEqual(store.state.log, ["c3"])
    }

    // (D) A queue of fire-and-forget effects (the handler returns nil) behind one that waits: when it ends, each next
    // one starts while the previous one's actions are carried out — with recursion, a stack frame per queued effect.
    // 20,000 of them drain on a 512 KiB thread (a secondary thread's stack on Apple platforms); the scenario runs in
    // a child process, so that a stack overflow fails this test rather than the run.
    func test_queueOfFireAndForgetEffects_drainsInBoundedStackDepth() {
        runInChildProcess(self) {
            let count = 20_000
            let effects = PagerEffects()
            let store = Store<Pager>(effectHandler: effects)
            typealias E = Pager.Effect
            let rest = (0..<count).map { E.work(.fireAndForget("\($0)")).queued(id: "q") }
            store.dispatch(event: .start(.all([E.work(.fetch("first")).queued(id: "q")] + rest)))
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                effects.answer("first", with: .got("first"))
                done.signal()
            }
            thread.stackSize = 512 * 1024
            thread.start()
            XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
            XCTAssertEqual(effects.performed.withLock { $0.count }, count + 1)
        }
    }
}
