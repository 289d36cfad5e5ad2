import Dispatch
import EffectStoreTesting
import XCTest

@testable import EffectStore

/// `EffectAnswer.run(catching:mapError:)` in a real store: one event (the value, or the mapped error), and when the
/// state cancels the effect, the work is told to stop and nothing it returns or throws afterwards reaches the state.
final class RunCatchingTests: XCTestCase {
    func test_anOperationThatReturns_sendsItsEvent_andTheDispatchResolves() {
        let service = SaveService()
        let store = Store<Saving>(effectHandler: SavingEffects(service: service))

        let dispatched = store.dispatch(event: .save("draft"))
        XCTAssertEqual(service.started.wait(timeout: .seconds(5)), "draft")
        service.finish("draft", with: .success("v1"))

        XCTAssertEqual(dispatched.wait(timeout: .seconds(5))?.log, ["saved draft as v1"])
    }

    func test_anOperationThatThrows_sendsTheMappedError() {
        let service = SaveService()
        let store = Store<Saving>(effectHandler: SavingEffects(service: service))

        let dispatched = store.dispatch(event: .save("draft"))
        XCTAssertEqual(service.started.wait(timeout: .seconds(5)), "draft")
        service.finish("draft", with: .failure(SaveError.offline))

        XCTAssertEqual(dispatched.wait(timeout: .seconds(5))?.log, ["failed: offline"])
    }

    func test_cancellingTheEffect_cancelsTheTask_andSendsNothing() {
        let service = SaveService()
        let store = Store<Saving>(effectHandler: SavingEffects(service: service))
        let saving = store.dispatch(event: .save("draft"))
        XCTAssertEqual(service.started.wait(timeout: .seconds(5)), "draft")

        store.dispatch(event: .cancelSave)

        XCTAssertEqual(service.stopped.wait(timeout: .seconds(5)), .cancelled, "the operation's task is cancelled")
        XCTAssertEqual(saving.wait(timeout: .seconds(5))?.log, [], "the CancellationError it threw is not sent")
        XCTAssertEqual(store.dispatch(event: .noop).wait(timeout: .seconds(5))?.log, [])
    }

    func test_anOperationThatIgnoresCancellation_andReturnsLate_sendsNothing() {
        let service = SaveService(ignoresCancellation: true)
        let store = Store<Saving>(effectHandler: SavingEffects(service: service))
        let saving = store.dispatch(event: .save("draft"))
        XCTAssertEqual(service.started.wait(timeout: .seconds(5)), "draft")

        store.dispatch(event: .cancelSave)
        XCTAssertEqual(saving.wait(timeout: .seconds(5))?.log, [], "the cancelled chain resolves at once")
        service.finish("draft", with: .success("v1"))

        XCTAssertEqual(service.stopped.wait(timeout: .seconds(5)), .returned)
        XCTAssertEqual(store.dispatch(event: .noop).wait(timeout: .seconds(5))?.log, [], "the late answer is dropped")
    }

    func test_anOperationThatThrowsAfterCancellation_sendsNothing() {
        let service = SaveService(ignoresCancellation: true)
        let store = Store<Saving>(effectHandler: SavingEffects(service: service))
        store.dispatch(event: .save("draft"))
        XCTAssertEqual(service.started.wait(timeout: .seconds(5)), "draft")

        store.dispatch(event: .cancelSave)
        service.finish("draft", with: .failure(SaveError.offline))

        XCTAssertEqual(service.stopped.wait(timeout: .seconds(5)), .threw)
        XCTAssertEqual(store.dispatch(event: .noop).wait(timeout: .seconds(5))?.log, [], "the late error is dropped")
    }

    func test_aNewSave_cancelsTheOneInFlight_andOnlyItsAnswerIsHandled() {
        let service = SaveService()
        let store = Store<Saving>(effectHandler: SavingEffects(service: service))
        store.dispatch(event: .save("first"))
        XCTAssertEqual(service.started.wait(timeout: .seconds(5)), "first")

        let second = store.dispatch(event: .save("second"))
        XCTAssertEqual(service.stopped.wait(timeout: .seconds(5)), .cancelled, "the first save stops")
        XCTAssertEqual(service.started.wait(timeout: .seconds(5)), "second")  // answered once it waits for it
        service.finish("second", with: .success("v2"))

        XCTAssertEqual(second.wait(timeout: .seconds(5))?.log, ["saved second as v2"])
    }

    func test_releasingTheStore_cancelsTheTask() {
        let service = SaveService()
        var store: Store<Saving>? = Store<Saving>(effectHandler: SavingEffects(service: service))
        store?.dispatch(event: .save("draft"))
        XCTAssertEqual(service.started.wait(timeout: .seconds(5)), "draft")

        store = nil

        XCTAssertEqual(service.stopped.wait(timeout: .seconds(5)), .cancelled)
    }
}

/// A form that saves under one id: a new save replaces the one in flight, `.cancelSave` stops it.
private struct Saving: State, Equatable {
    var log: [String] = []

    enum Event: Sendable, Equatable {
        case save(String)
        case cancelSave
        case saved(String, version: String)
        case failed(String)
        case noop
    }

    enum Work: Sendable, Equatable {
        case save(String)
    }
    typealias Effect = Planned<Work>

    static var initialState: Saving { Saving() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .save(let text):
            return Effect.work(.save(text)).cancellable(id: "save", cancelInFlight: true)
        case .cancelSave:
            return .cancel(id: "save")
        case .saved(let text, let version):
            log.append("saved \(text) as \(version)")
        case .failed(let reason):
            log.append("failed: \(reason)")
        case .noop:
            break
        }
        return nil
    }
}

private enum SaveError: Error { case offline }

private final class SavingEffects: PlannedEffectHandler, Sendable {
    let service: SaveService

    init(service: SaveService) { self.service = service }

    func perform(_ work: Saving.Work) -> EffectAnswer<Saving.Event>? {
        switch work {
        case .save(let text):
            return .run(
                catching: { [service] in .saved(text, version: try await service.save(text)) },
                mapError: { .failed("\($0)") })
        }
    }
}

/// A save the test finishes by hand. Each save says when it starts, and how its operation ended: cancelled while it
/// waited, or, when it ignores cancellation, returned or threw.
private final class SaveService: Sendable {
    enum Ending: Equatable, Sendable { case cancelled, returned, threw }

    private let answers = LockedBox.make([String: Promise<Result<String, SaveError>?>]())
    private let starts = Handoff<String>()
    private let endings = Handoff<Ending>()
    let ignoresCancellation: Bool

    init(ignoresCancellation: Bool = false) { self.ignoresCancellation = ignoresCancellation }

    /// The text of the next save to start (in order, each once).
    var started: Future<String> { starts.next() }
    /// How the next save to end ended (in order, each once).
    var stopped: Future<Ending> { endings.next() }

    func save(_ text: String) async throws -> String {
        // `nil`: cancelled while waiting for the test's answer.
        let answer = Promise<Result<String, SaveError>?>()
        answers.withLock { $0[text] = answer }
        starts.put(text)
        let result = await withTaskCancellationHandler {
            await answer.future.value
        } onCancel: { [ignoresCancellation] in
            if !ignoresCancellation { answer.resolve(nil) }
        }
        switch result {
        case nil:
            endings.put(.cancelled)
            throw CancellationError()
        case .success(let version)?:
            endings.put(.returned)
            return version
        case .failure(let error)?:
            endings.put(.threw)
            throw error
        }
    }

    /// Answers the save of `text`.
    func finish(_ text: String, with result: Result<String, SaveError>) {
        let answer = answers.withLock { $0.removeValue(forKey: text) }
        answer?.resolve(result)
    }
}

/// Values handed from the saves' tasks to the test, in order: each `next()` is the next value put, now or later.
private final class Handoff<Value: Sendable>: Sendable {
    private struct Queue {
        var values: [Value] = []
        var waiting: [Promise<Value>] = []
    }

    private let queue = LockedBox.make(Queue())

    func put(_ value: Value) {
        let waiter = queue.withLock { queue -> Promise<Value>? in
            if queue.waiting.isEmpty {
                queue.values.append(value)
                return nil
            }
            return queue.waiting.removeFirst()
        }
        waiter?.resolve(value)
    }

    func next() -> Future<Value> {
        queue.withLock { queue in
            if !queue.values.isEmpty { return Future(value: queue.values.removeFirst()) }
            let promise = Promise<Value>()
            queue.waiting.append(promise)
            return promise.future
        }
    }
}
