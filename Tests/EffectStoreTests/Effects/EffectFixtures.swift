import Dispatch
import EffectStore
import Foundation

/// A state whose effects exercise every plan: a log of what it handled, decided purely.
struct Planner: State, Equatable {
    var log: [String] = []
    var ticks = 0

    enum Event: Sendable, Equatable {
        /// Start the effects given, as the state's answer.
        case start(Effect)
        case got(String)
        case tick
        case finishedRun
    }

    enum Effect: ComposableEffect, Equatable {
        case fetch(String)
        case ticks(count: Int)
        case endless
        case plan(EffectPlan<Effect>)

        var plan: EffectPlan<Effect>? { if case .plan(let plan) = self { plan } else { nil } }
    }

    static var initialState: Planner { Planner() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start(let effect):
            return effect
        case .got(let text):
            log.append(text)
            return nil
        case .tick:
            ticks += 1
            return nil
        case .finishedRun:
            log.append("finished")
            return nil
        }
    }
}

/// Performs `Planner`'s effects: fetches answer when the test says, runs send ticks from a thread of their own.
final class PlannerEffects: EffectHandler, Sendable {
    private struct Record {
        var pending: [(String, Promise<Planner.Event>)] = []
        var performed: [Planner.Effect] = []
        var cancelledRuns = 0
    }

    private let record = LockedBox.make(Record())
    let answersAtOnce: Bool

    init(answersAtOnce: Bool = false) { self.answersAtOnce = answersAtOnce }

    var performedEffects: [Planner.Effect] { record.withLock { $0.performed } }
    var cancelledRunCount: Int { record.withLock { $0.cancelledRuns } }
    var pendingCount: Int { record.withLock { $0.pending.count } }

    func handle(effect: Planner.Effect) -> EffectAnswer<Planner.Event>? {
        record.withLock { $0.performed.append(effect) }
        switch effect {
        case .fetch(let text):
            if answersAtOnce { return .future(Future(value: .got(text))) }
            let promise = Promise<Planner.Event>()
            record.withLock { $0.pending.append((text, promise)) }
            return .future(promise.future)
        case .ticks(let count):
            return .run { send in
                for _ in 0..<count { send(.tick) }
                send(.finishedRun)
            }
        case .endless:
            return .callbackRun { [self] send in
                let thread = Thread {
                    while !send.isCancelled { send(.tick) }
                }
                thread.start()
                return { self.record.withLock { $0.cancelledRuns += 1 } }
            }
        case .plan:
            preconditionFailure("the store never hands a plan to the effect handler")
        }
    }

    /// Answers the oldest fetch that waits.
    func answerNext() {
        let next = record.withLock { $0.pending.isEmpty ? nil : $0.pending.removeFirst() }
        next?.1.resolve(.got(next!.0))
    }

    /// Answers the fetch for `text`.
    func answer(_ text: String) {
        let match = record.withLock { record -> Promise<Planner.Event>? in
            guard let index = record.pending.firstIndex(where: { $0.0 == text }) else { return nil }
            return record.pending.remove(at: index).1
        }
        match?.resolve(.got(text))
    }

    /// Forgets every waiting fetch without answering it.
    func dropAll() { record.withLock { $0.pending = [] } }
}
