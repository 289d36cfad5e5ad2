import EffectStore
import XCTest

/// A store reads plans the way ``ComposableEffect/planReader`` says, on every path: an effect type that implements the
/// requirement itself gets the same interpretation for a cancellable plan as for any other.
final class PlanReaderTests: XCTestCase {
    struct Opaque: State {
        enum Event: Sendable { case start(Effect), got(String) }
        enum Effect: ComposableEffect, Equatable {
            case fetch(String)
            case plan(EffectPlan<Effect>)
            var plan: EffectPlan<Effect>? { if case .plan(let plan) = self { plan } else { nil } }
            /// This type's plans are not for the store: its handler performs them itself.
            static var planReader: @Sendable (Effect) -> EffectPlan<Effect>? { { _ in nil } }
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
        typealias S = Opaque
        private let record = LockedBox.make([Opaque.Effect]())
        var performed: [Opaque.Effect] { record.withLock { $0 } }

        func handle(effect: Opaque.Effect) -> Future<Opaque.Event>? {
            record.withLock { $0.append(effect) }
            return Future(value: .got("done"))
        }
    }

    func test_aCustomPlanReader_decidesForEveryPlan_cancellableOnesToo() {
        let handler = Handler()
        let store = Store<Opaque>(effectHandler: handler)
        let all = Opaque.Effect.all(.fetch("a"), .fetch("b"))
        let cancellable = Opaque.Effect.fetch("c").cancellable(id: "c")
        XCTAssertNotNil(store.dispatch(event: .start(all)).wait(timeout: .seconds(5)))
        XCTAssertNotNil(store.dispatch(event: .start(cancellable)).wait(timeout: .seconds(5)))
        XCTAssertEqual(handler.performed, [all, cancellable], "planReader says neither carries a plan")
    }
}
