import EffectStore
import EffectStoreTesting
import XCTest

/// A parent with a child's effects and effects of its own: a list whose rows ping, and that saves itself.
private struct Shelf: State, Equatable {
    var saved: [Int] = []
    var pings = 0

    enum Event: Sendable, Equatable { case save(Int), saved(Int), ping, pinged, forget }
    enum Effect: Sendable, Equatable { case row(RowEffect), write(Int), forgotten }
    enum RowEffect: Sendable, Equatable { case ping }

    static var initialState: Shelf { Shelf() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .save(let value): return .write(value)
        case .saved(let value): saved.append(value); return nil
        case .ping: return .row(.ping)
        case .pinged: pings += 1; return nil
        case .forget: return .forgotten
        }
    }
}

/// The parent's own handler: `.write` is its own; the rows' effects are claimed before they reach it.
private final class ShelfEffects: EffectHandler {
    func handle(effect: Shelf.Effect) -> Future<Shelf.Event>? {
        switch effect {
        case .write(let value): return Future(value: .saved(value))
        case .row, .forgotten: return nil
        }
    }
}

extension EnumCase where Root == Shelf.Effect, Value == Shelf.RowEffect {
    fileprivate static var row: Self { EnumCase(Shelf.Effect.row) { if case .row(let effect) = $0 { effect } else { nil } } }
}

private func rows() -> ChildEffectHandler<Shelf> {
    .child(effect: .row, event: { (_: Bool) in Shelf.Event.pinged }) { _ in Future(value: true) }
}

final class ComposedEffectHandlerOwnTests: XCTestCase {
    func test_own_performsTheParentsOwnEffects_andChildrenClaimTheirsFirst() {
        let store = Store<Shelf>(effectHandler: ComposedEffectHandler(rows(), .own(ShelfEffects())))
        store.dispatch(event: .save(3))
        store.dispatch(event: .ping)
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(10)))
        XCTAssertEqual(store.state, Shelf(saved: [3], pings: 1))
    }

    func test_own_answersTheEffectThroughTheParentsHandlerAlone() {
        assertEffect(.write(7), on: ComposedEffectHandler(rows(), .own(ShelfEffects())), produces: .saved(7))
        assertEffect(.row(.ping), on: ComposedEffectHandler(rows(), .own(ShelfEffects())), produces: .pinged)
    }

    /// An effect that no part claims used to be dropped in silence; it is a programmer error with a message now.
    func test_anEffectNoPartClaims_stopsWithAMessageNamingIt() {
        runInChildProcess(self, expectingCrashWith: "ComposedEffectHandler<Shelf>: no part claims effect .write(1)") {
            _ = ComposedEffectHandler<Shelf>(rows()).handle(effect: .write(1))
        }
    }
}
