#if canImport(Observation)
    import EffectStore
    import EffectStoreObservation
    import Observation
    import XCTest

    // A Swift 6 main-actor client of `ObservableState`, as a SwiftUI view model or view would use it: it projects a
    // store and a derived state, reads properties under `withObservationTracking`, writes through a binding and by
    // sending, and lets a background thread dispatch. This compiling with no warnings, and running without isolation
    // traps, is the proof that the projection's surface fits main-actor code.

    struct Counter: State, Equatable {
        var title = "Counter"
        var value = 0

        enum Event: Sendable {
            case rename(String)
            case increment
        }

        static var initialState: Counter { Counter() }

        mutating func handle(event: Event) -> Never? {
            switch event {
            case .rename(let title): self.title = title
            case .increment: value += 1
            }
            return nil
        }
    }

    /// What a screen keeps: the projections, made and used on the main actor.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class CounterScreen {
        let model: ObservableState<Counter, Counter.Event>
        let caption: ObservableState<String, Counter.Event>
        let title: EventBinding<String>

        init(store: Store<Counter>) {
            model = ObservableState(store)
            caption = ObservableState(store.map { "\($0.title): \($0.value)" }, dispatchingTo: store)
            title = model.binding(\.title, to: Counter.Event.rename)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class ObservableStateClientTests: XCTestCase {
        func test_mainActorClient_readsWritesAndSeesBackgroundDispatches_withoutIsolationTraps() async {
            let store = Store<Counter>()
            let screen = CounterScreen(store: store)
            let changed = expectation(description: "the caption changes")
            withObservationTracking {
                _ = screen.caption.state
            } onChange: {
                changed.fulfill()
            }

            screen.title.wrappedValue = "Clicks"
            XCTAssertEqual(screen.model.title, "Clicks")
            screen.model.send(.increment)
            await Task.detached { _ = store.dispatch(event: .increment) }.value
            await fulfillment(of: [changed], timeout: 5)

            let deadline = Date().addingTimeInterval(5)
            while screen.caption.state != "Clicks: 2" && Date() < deadline {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
            XCTAssertEqual(screen.caption.state, "Clicks: 2")
            XCTAssertEqual(screen.model.value, 2)
        }
    }
#endif
