import Dispatch
import Foundation
import EffectStore
import EffectStoreTesting
import XCTest

/// A catalog effect handler whose answer arrives the way the test chooses.
private final class CatalogEffects: EffectHandler {
    enum Delivery {
        case immediately
        case fromABackgroundQueue
        case onTheMainQueue
        case never
        case noFuture
    }

    private let delivery: Delivery
    private let processes: [Process]
    /// Kept so a future that never resolves is not resolved by the promise's release either.
    private var unresolved: [Promise<Catalog.Event>] = []

    init(_ delivery: Delivery, processes: [Process]) {
        self.delivery = delivery
        self.processes = processes
    }

    func handle(effect: Catalog.Effect) -> Future<Catalog.Event>? {
        let answer = Catalog.Event.load(processes)
        switch delivery {
        case .immediately:
            return Future(value: answer)
        case .fromABackgroundQueue:
            return Future { resolve in DispatchQueue.global().async { resolve(answer) } }
        case .onTheMainQueue:
            return Future { resolve in DispatchQueue.main.async { resolve(answer) } }
        case .never:
            let promise = Promise<Catalog.Event>()
            unresolved.append(promise)
            return promise.future
        case .noFuture:
            return nil
        }
    }
}

final class EffectHandlerCheckTests: XCTestCase {
    private let ios = [Process(id: 1, title: "iOS")]

    func test_assertEffect_passesForAnAnswerThatIsAlreadyThere() {
        let failures = TestFailureCollector()

        assertEffect(.download, on: CatalogEffects(.immediately, processes: ios), produces: .load(ios),
                     reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [])
    }

    func test_assertEffect_passesForAnAnswerFromAnotherThread() {
        let failures = TestFailureCollector()

        for _ in 0..<20 {
            assertEffect(.download, on: CatalogEffects(.fromABackgroundQueue, processes: ios), produces: .load(ios),
                         reporter: failures.reporter)
        }

        XCTAssertEqual(failures.messages, [])
    }

    func test_assertEffect_passesForAnAnswerOnTheMainQueue() {
        let failures = TestFailureCollector()

        assertEffect(.download, on: CatalogEffects(.onTheMainQueue, processes: ios), produces: .load(ios),
                     reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [])
    }

    func test_assertEffect_failsForADifferentEvent_showingADiff() {
        let failures = TestFailureCollector()
        let android = [Process(id: 1, title: "Android")]

        let line: UInt = #line + 1
        assertEffect(.download, on: CatalogEffects(.fromABackgroundQueue, processes: android), produces: .load(ios),
                     reporter: failures.reporter)

        XCTAssertEqual(failures.failures, [
            TestFailureCollector.Failure(
                message: """
                    CatalogEffects answered .download with a different event:
                      .load[0].title: expected "iOS", actual "Android"
                    """,
                file: "\(#filePath)", line: line),
        ])
    }

    func test_assertEffect_failsWithinTheBoundWhenTheFutureNeverResolves() {
        let failures = TestFailureCollector()
        let start = DispatchTime.now()

        assertEffect(.download, on: CatalogEffects(.never, processes: ios), produces: .load(ios),
                     within: .milliseconds(50), reporter: failures.reporter)

        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        XCTAssertLessThan(elapsed, 5, "the wait is bounded")
        XCTAssertEqual(failures.messages, [
            """
            CatalogEffects did not answer .download within 50 ms: its future is still pending.
            To fix, make sure every path of handle(effect:) resolves the future it returns (check the fakes it \
            calls), or pass a longer `within:` if the work is legitimately slow.
            """,
        ])
    }

    func test_assertEffect_failsWhenTheHandlerReturnsNoFuture() {
        let failures = TestFailureCollector()

        assertEffect(.download, on: CatalogEffects(.noFuture, processes: ios), produces: .load(ios),
                     reporter: failures.reporter)

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages[0].hasPrefix(
            "CatalogEffects returned no future for .download, so it produces no event.\nTo fix, "),
            failures.messages[0])
    }

    func test_assertEffectProducesNoEvent_passesWhenTheHandlerReturnsNil() {
        let failures = TestFailureCollector()

        assertEffectProducesNoEvent(.download, on: CatalogEffects(.noFuture, processes: ios),
                                    reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [])
    }

    func test_assertEffectProducesNoEvent_failsWhenTheHandlerReturnsAFuture() {
        let failures = TestFailureCollector()

        assertEffectProducesNoEvent(.download, on: CatalogEffects(.immediately, processes: []),
                                    reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [
            """
            CatalogEffects returned a future for .download, but the test expected no event (it answers .load([])).
            To fix, return nil from handle(effect:) for an effect with no answer, or assert the event with \
            `assertEffect(_:on:produces:)`.
            """,
        ])
    }

    func test_eventProduced_returnsTheEventForACloserLook() {
        let failures = TestFailureCollector()

        let event = eventProduced(by: .download, on: CatalogEffects(.fromABackgroundQueue, processes: ios),
                                  reporter: failures.reporter)

        XCTAssertEqual(event, .load(ios))
        XCTAssertEqual(failures.messages, [])
    }

    func test_eventProduced_worksOffTheMainThreadToo() {
        let failures = TestFailureCollector()
        let done = expectation(description: "checked on a background thread")
        let processes = ios

        DispatchQueue.global().async {
            assertEffect(.download, on: CatalogEffects(.fromABackgroundQueue, processes: processes),
                         produces: .load(processes), reporter: failures.reporter)
            assertEffect(.download, on: CatalogEffects(.never, processes: processes), produces: .load(processes),
                         within: .milliseconds(20), reporter: failures.reporter)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.contains("within 20 ms") ?? false)
    }
}

/// A catalog effect handler that answers with runs, counting the runs it started.
private final class StreamingCatalogEffects: EffectHandler, @unchecked Sendable {
    // Safe because: `started` is a lock-guarded box.
    let started = LockedCount()

    func handle(effect: Catalog.Effect) -> EffectAnswer<Catalog.Event>? {
        .callbackRun { [started] send in
            started.increment()
            send(.load([]))
            send(.load([]))
            return {}
        }
    }
}

/// A count behind a lock.
private final class LockedCount: @unchecked Sendable {
    // Safe because: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

final class EffectHandlerRunCheckTests: XCTestCase {
    func test_assertEffectProducesNoEvent_namesARun_andDoesNotStartIt() {
        let failures = TestFailureCollector()
        let effects = StreamingCatalogEffects()

        assertEffectProducesNoEvent(.download, on: effects, reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [
            """
            StreamingCatalogEffects returned a run for .download, but the test expected no event.
            To fix, return nil from handle(effect:) for an effect with no answer, or assert the event with \
            `assertEffect(_:on:produces:)`.
            """,
        ])
        XCTAssertEqual(effects.started.value, 0, "the check started the run")
    }

    func test_eventProduced_ofARun_isItsFirstEvent() {
        let failures = TestFailureCollector()

        let event = eventProduced(by: .download, on: StreamingCatalogEffects(), reporter: failures.reporter)

        XCTAssertEqual(event, .load([]))
        XCTAssertEqual(failures.messages, [])
    }

    /// A handler of `Planned` work is written as `perform(_:)`: the messages name that method, not the
    /// `handle(effect:)` the protocol writes for it. (They named `handle(effect:)` before.)
    func test_theMessages_nameWhatAPlannedHandlerWrites_perform() {
        let failures = TestFailureCollector()

        assertEffectProducesNoEvent(.work(.find("swift")), on: Lookups(answers: true), reporter: failures.reporter)
        assertEffect(
            .work(.find("swift")), on: Lookups(answers: false), produces: "found", reporter: failures.reporter)

        guard failures.messages.count == 2 else { return XCTFail("two failures: \(failures.messages)") }
        let (producedOne, producedNone) = (failures.messages[0], failures.messages[1])
        XCTAssertTrue(producedOne.contains("To fix, return nil from perform(_:) for an effect"), producedOne)
        XCTAssertTrue(producedNone.contains("from perform(_:), or use `assertEffectProducesNoEvent`"), producedNone)
        XCTAssertFalse(failures.messages.joined().contains("handle(effect:)"))
    }
}

/// Finds things, as `Planned` work: an answer at once, or none.
private final class Lookups: PlannedEffectHandler {
    enum Work: Sendable, Equatable { case find(String) }

    private let answers: Bool

    init(answers: Bool) { self.answers = answers }

    func perform(_ work: Work) -> Future<String>? {
        answers ? Future(value: "found") : nil
    }
}
