import EffectStore
import EffectStoreTesting
import XCTest

/// A state whose `handle(event:)` breaks the rule and uses its own store: the store it finds in `misusedStore`.
private struct SelfUsing: State {
    enum Event: Sendable { case readState, dispatch, other }
    typealias Effect = Never

    static var initialState: SelfUsing { SelfUsing() }

    mutating func handle(event: Event) -> Never? {
        guard let store = misusedStore.withLock({ $0 }) else { return nil }
        switch event {
        case .readState: _ = store.state
        case .dispatch: store.dispatch(event: .other)
        case .other: break
        }
        return nil
    }
}

private let misusedStore = LockedBox<Store<SelfUsing>?>.make(nil)

/// Using the store from inside `handle(event:)` is a programmer error that stops with a message saying how to fix it.
final class StoreMisuseTests: XCTestCase {
    func test_readingStateFromInsideHandle_stopsWithAMessage() {
        runInChildProcess(self, expectingCrashWith: "state was used from inside SelfUsing.handle(event:)") {
            let store = Store<SelfUsing>()
            misusedStore.withLock { $0 = store }
            store.dispatch(event: .readState)
        }
    }

    /// Was silently accepted: the event was queued and handled after the one that dispatched it.
    func test_dispatchingFromInsideHandle_stopsWithAMessage() {
        runInChildProcess(self, expectingCrashWith: "dispatch(event:) was used from inside SelfUsing.handle(event:)") {
            let store = Store<SelfUsing>()
            misusedStore.withLock { $0 = store }
            store.dispatch(event: .dispatch)
        }
    }
}
