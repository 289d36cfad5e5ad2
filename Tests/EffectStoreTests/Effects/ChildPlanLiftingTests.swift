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

/// A parent that routes to the child at its place, the way the composition API shows.
private struct Parent: State, Equatable {
    var child = Child()

    enum Event: Sendable, Equatable { case child(Child.Event) }

    enum Work: Sendable, Equatable {
        case child(Child.Work)
    }
    typealias Effect = Planned<Work>

    static var initialState: Parent { Parent() }

    static let child = ChildPlace(\Parent.child, event: Event.child, work: Work.child)
    static let places: ChildPlaces<Parent> = [child]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .child(let event): return route(event, to: Self.child)
        }
    }
}

/// Performs the child's fetch; answers when the test says.
private final class ChildEffects: PlannedEffectHandler, @unchecked Sendable {
    // Safe because: every stored var is only touched under `lock`.
    private let lock = NSLock()
    private var promises: [Promise<Child.Event>] = []

    var fetchCount: Int { lock.withLock { promises.count } }

    func perform(_ work: Child.Work) -> Future<Child.Event>? {
        switch work {
        case .fetch:
            let promise = Promise<Child.Event>()
            lock.withLock { promises.append(promise) }
            return promise.future
        }
    }

    func answerFirst(_ text: String) { lock.withLock { promises.first }?.resolve(.got(text)) }
}

/// The parent's handler, written against the whole effect so that it sees whatever the store hands it: it hands the
/// child's work to the child's handler through the place, and counts the plans it is (wrongly) handed.
private final class ParentEffects: EffectHandler, @unchecked Sendable {
    // Safe because: `plans` is only touched under `lock`.
    private let lock = NSLock()
    private var plans = 0
    let child = ChildEffects()

    var plansHandedOver: Int { lock.withLock { plans } }

    func handle(effect: Parent.Effect) -> EffectAnswer<Parent.Event>? {
        switch effect {
        case .work(.child(let work)):
            return Parent.child.answer(work, by: child.perform)
        case .plan:
            lock.withLock { plans += 1 }
            return nil
        }
    }
}

/// A child's plan, lifted into its parent's effect by routing to its place, stays a plan the store carries out: the
/// child's fetch starts, and its cancellation cancels it. (Embedded with the case alone, the plan reached the effect
/// handler as a plain effect, and neither happened.)
final class ChildPlanLiftingTests: XCTestCase {
    func test_childPlan_liftedByTheParent_isCarriedOutByTheStore() {
        let effects = ParentEffects()
        let store = Store<Parent>(effectHandler: effects)

        store.dispatch(event: .child(.start))
        XCTAssertEqual(effects.plansHandedOver, 0, "the effect handler was handed the child's plan")
        XCTAssertEqual(effects.child.fetchCount, 1, "the child's cancellable fetch starts")

        store.dispatch(event: .child(.stop))
        effects.child.answerFirst("late")
        XCTAssertEqual(store.state.child.log, [], "the cancelled fetch's answer is never handled")
    }
}

extension ChildPlanLiftingTests {
    /// The plan is kept, its work embedded, and its id made the child's own — a child in a property too (issue 52) —
    /// the same in the start and in the stop.
    func test_lifting_keepsThePlanAndEmbedsItsWork_underAnIDOfTheChildsOwn_dataInDataOut() {
        var parent = Parent()

        let start = parent.transition(on: .child(.start))
        let stop = parent.transition(on: .child(.stop))

        XCTAssertEqual(start, Parent.child.lift(Child.Effect.work(.fetch).cancellable(id: "fetch")))
        XCTAssertEqual(stop, Parent.child.lift(.cancel(id: "fetch")))
        guard case .cancellable(let work, let started, false)? = start?.plan, case .cancel(let stopped)? = stop?.plan
        else { return XCTFail("\(String(describing: start)), \(String(describing: stop)): not a plan and its cancel") }
        XCTAssertEqual(work, .work(.child(.fetch)))
        XCTAssertEqual(started, stopped)
        XCTAssertNotEqual(started, EffectID("fetch"), "the child's id is its own")
    }
}
