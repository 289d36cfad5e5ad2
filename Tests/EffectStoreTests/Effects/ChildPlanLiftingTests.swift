import EffectStore
import Foundation
import XCTest

/// A child whose effects are composable: a cancellable fetch, and its cancellation.
private struct Child: State, Equatable {
    var log: [String] = []

    enum Event: Sendable, Equatable { case start, stop, got(String) }

    enum Work: Sendable, Equatable {
        case fetch
    }
    typealias Effect = Planned<Work>

    static var initialState: Child { Child() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start: return Effect.work(.fetch).cancellable(id: "fetch")
        case .stop: return .cancel(id: "fetch")
        case .got(let text):
            log.append(text)
            return nil
        }
    }
}

/// A parent that delegates to the child the way the composition API shows: `handle(_:in:effect:)` with the case.
private struct Parent: State, Equatable {
    var child = Child()

    enum Event: Sendable, Equatable { case child(Child.Event) }

    enum Work: Sendable, Equatable {
        case child(Child.Effect)
    }
    typealias Effect = Planned<Work>

    static var initialState: Parent { Parent() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .child(let event): return handle(event, in: \.child, effect: { .work(.child($0)) })
        }
    }
}

/// Performs the child's fetch; answers when the test says. Counts the plans it is (wrongly) handed.
private final class ChildEffects: EffectHandler, @unchecked Sendable {
    // Safe because: every stored var is only touched under `lock`.
    private let lock = NSLock()
    private var promises: [Promise<Child.Event>] = []
    private var plans = 0

    var fetchCount: Int { lock.withLock { promises.count } }
    var plansHandedOver: Int { lock.withLock { plans } }

    func handle(effect: Child.Effect) -> Future<Child.Event>? {
        switch effect {
        case .work(.fetch):
            let promise = Promise<Child.Event>()
            lock.withLock { promises.append(promise) }
            return promise.future
        case .plan:
            lock.withLock { plans += 1 }
            return nil
        }
    }

    func answerFirst(_ text: String) { lock.withLock { promises.first }?.resolve(.got(text)) }
}

extension EnumCase where Root == Parent.Effect, Value == Child.Effect {
    fileprivate static var child: Self {
        EnumCase({ .work(.child($0)) }) { if case .work(.child(let effect)) = $0 { effect } else { nil } }
    }
}

/// A child's plan, lifted into its parent's effect with `handle(_:in:effect:)` and the case, stays a plan the store
/// carries out: the child's fetch starts, and its cancellation cancels it. (Embedded with the case alone, the plan
/// reached the effect handler as a plain effect, and neither happened.)
final class ChildPlanLiftingTests: XCTestCase {
    func test_childPlan_liftedByTheParent_isCarriedOutByTheStore() {
        let childEffects = ChildEffects()
        let store = Store<Parent>(
            effectHandler: ComposedEffectHandler<Parent>(
                .child(effect: .child, event: Parent.Event.child, perform: childEffects.handle)))

        store.dispatch(event: .child(.start))
        XCTAssertEqual(childEffects.plansHandedOver, 0, "the effect handler was handed the child's plan")
        XCTAssertEqual(childEffects.fetchCount, 1, "the child's cancellable fetch starts")

        store.dispatch(event: .child(.stop))
        childEffects.answerFirst("late")
        XCTAssertEqual(store.state.child.log, [], "the cancelled fetch's answer is never handled")
    }
}

extension ChildPlanLiftingTests {
    func test_lifting_keepsThePlanAndEmbedsItsEffects_dataInDataOut() {
        var parent = Parent()
        XCTAssertEqual(
            parent.handle(event: .child(.start)),
            .plan(.cancellable(.work(.child(.work(.fetch))), id: EffectID("fetch"), cancelInFlight: false)))
        XCTAssertEqual(parent.handle(event: .child(.stop)), .plan(.cancel(EffectID("fetch"))))
    }
}
