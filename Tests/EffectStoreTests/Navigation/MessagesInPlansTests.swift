import EffectStore
import EffectStoreTesting
import XCTest

/// A message is for the parent in the transition that tells it: one inside a timed or cancellable plan is refused with
/// a message that says how to fix it, instead of reaching the effect handler as an ordinary effect.
final class MessagesInPlansTests: XCTestCase {
    struct Child: ChildState, Equatable {
        enum Event: Sendable { case tellNow, tellLater, tellCancellably }
        enum Message: Equatable, Sendable { case done }
        enum Work: Sendable, Equatable { case ping }
        typealias Effect = PlannedEffect<Work, Message>

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .tellNow: .all(.tell(.done), Effect.work(.ping).delayed(by: .seconds(1)))
            case .tellLater: Effect.tell(.done).delayed(by: .seconds(1))
            case .tellCancellably: .all(.work(.ping), Effect.all(.work(.ping), .tell(.done)).cancellable(id: "work"))
            }
        }
    }

    struct Parent: State, Equatable {
        var child = Child()
        var told = 0

        enum Event: Sendable { case child(Child.Event) }
        enum Work: Sendable, Equatable { case child(Child.Work) }
        typealias Effect = Planned<Work>

        static var initialState: Parent { Parent() }

        static let child = ChildPlace(\Parent.child, event: Event.child, work: Work.child)
        static let places: ChildPlaces<Parent> = [child]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .child(let event):
                route(event, to: Self.child) { state, _ in
                    state.told += 1
                    return nil
                }
            }
        }
    }

    /// A child in a property never leaves: its plan is not wrapped in a scope to cancel.
    func test_aMessageBesideATimedPlan_isDelivered_andThePlanKept() {
        var parent = Parent()
        XCTAssertEqual(
            parent.transition(on: .child(.tellNow)), Parent.Effect.work(.child(.ping)).delayed(by: .seconds(1)))
        XCTAssertEqual(parent.told, 1)
    }

    /// Was: the message reached the store inside the delay, as an effect for the handler.
    func test_aMessageInsideADelayedPlan_isRefusedWithAMessageSayingHowToFixIt() {
        runInChildProcess(self, expectingCrashWith: "is inside a plan") {
            var parent = Parent()
            _ = parent.transition(on: .child(.tellLater))
        }
    }

    /// Was: the message reached the store under the id, as an effect for the handler.
    func test_aMessageInsideACancellablePlan_isRefused() {
        runInChildProcess(self, expectingCrashWith: "To fix, return the message beside the plan") {
            var parent = Parent()
            _ = parent.transition(on: .child(.tellCancellably))
        }
    }
}
