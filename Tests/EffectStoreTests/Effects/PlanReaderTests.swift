import EffectStore
import XCTest

/// A store reads plans the one way, through the effect's ``ComposableEffect/plan``, on every path: an effect type whose
/// `plan` says it carries none gets the same interpretation for a cancellable plan as for any other.
final class PlanReaderTests: XCTestCase {
    struct Opaque: State {
        enum Event: Sendable { case start(Effect), got(String) }
        enum Effect: ComposableEffect, Equatable {
            case fetch(String)
            case plan(EffectPlan<Effect>)
            /// This type's plans are not for the store: its handler performs them itself.
            var plan: EffectPlan<Effect>? { nil }
        }
        var log: [String] = []
        static var initialState: Opaque { Opaque() }
        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .start(let effect): return effect
            case .got(let text): log.append(text); return nil
            }
        }
    }

    /// Records what it is asked to perform, and answers at once.
    final class Handler: EffectHandler, Sendable {
        private let record = LockedBox.make([Opaque.Effect]())
        var performed: [Opaque.Effect] { record.withLock { $0 } }

        func handle(effect: Opaque.Effect) -> Future<Opaque.Event>? {
            record.withLock { $0.append(effect) }
            return Future(value: .got("done"))
        }
    }

    func test_thePlanProperty_decidesForEveryPlan_cancellableOnesToo() {
        let handler = Handler()
        let store = Store<Opaque>(effectHandler: handler)
        let all = Opaque.Effect.all(.fetch("a"), .fetch("b"))
        let cancellable = Opaque.Effect.fetch("c").cancellable(id: "c")
        XCTAssertNotNil(store.dispatch(event: .start(all)).wait(timeout: .seconds(5)))
        XCTAssertNotNil(store.dispatch(event: .start(cancellable)).wait(timeout: .seconds(5)))
        XCTAssertEqual(handler.performed, [all, cancellable], "plan says neither carries a plan")
    }
}
