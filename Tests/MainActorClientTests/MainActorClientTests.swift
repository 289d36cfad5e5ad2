import Dispatch
import EffectStore
import XCTest

// A Swift 6 client whose main-actor code subscribes, maps and awaits. Without `@Sendable` on the library's
// callback parameters, these closures would be inferred as main-actor-isolated; the store and the futures call
// them from other threads, and the Swift runtime would trap on the isolation check. This target compiling with
// no warnings, and its tests passing, is the proof that they are not.

enum Light: State, Equatable {
    case off
    case on(brightness: Int)

    enum Event: Sendable { case toggle, dim, dimmed(Int) }
    enum Effect: Sendable, Equatable { case dim(from: Int) }

    static var initialState: Light { .off }

    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.off, .toggle):
            self = .on(brightness: 100)
        case (.on, .toggle):
            self = .off
        case (.on(let brightness), .dim):
            return .dim(from: brightness)
        case (.on, .dimmed(let brightness)):
            self = .on(brightness: brightness)
        default:
            break
        }
        return nil
    }
}

/// Answers from a background queue, so every continuation runs off the main thread.
final class Dimmer: EffectHandler {
    func handle(effect: Light.Effect) -> Future<Light.Event>? {
        switch effect {
        case .dim(let brightness):
            return Future { resolve in
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { resolve(.dimmed(brightness / 2)) }
            }
        }
    }
}

/// Main-actor state the test's callbacks hop back to.
@MainActor
final class Screen {
    var rendered: [Light] = []
}

@MainActor
final class MainActorClientTests: XCTestCase {
    func test_mainActorCode_subscribesMapsAndAwaits_withoutIsolationTraps() async {
        let store = Store<Light>(effectHandler: Dimmer())
        let screen = Screen()
        let offMain = LockedBox.make(0)

        // A closure written in main-actor code, called on the store's queue.
        let token = store.map { $0 }.subscribe { state in  // `map` skips states equal to the last one
            if !Thread.isMainThread { offMain.withLock { $0 += 1 } }
            DispatchQueue.main.async { MainActor.assumeIsolated { screen.rendered.append(state) } }
        }

        store.dispatch(event: .toggle)
        // `map` and `flatMap` transforms written here run on the thread that resolves the effect's future.
        let brightness = store.dispatch(event: .dim)
            .map { state -> Int in
                if !Thread.isMainThread { offMain.withLock { $0 += 1 } }
                if case .on(let brightness) = state { return brightness }
                return -1
            }
            .flatMap { value in Future(value: value * 2) }
        let doubled = await brightness.value
        XCTAssertEqual(doubled, 100)

        // `onComplete` from main-actor code, resolved on a background queue.
        let expectation = expectation(description: "onComplete ran")
        store.dispatch(event: .dim).onComplete { _ in
            if !Thread.isMainThread { offMain.withLock { $0 += 1 } }
            expectation.fulfill()
        }
        await fulfillment(of: [expectation], timeout: 5)

        let final = await store.dispatch(event: .toggle).value
        XCTAssertEqual(final, .off)
        XCTAssertGreaterThan(offMain.withLock { $0 }, 0)

        // Let the main-actor hops run, then check what the "screen" rendered, in order.
        for _ in 0..<100 where screen.rendered.count < 5 { try? await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertEqual(screen.rendered, [.off, .on(brightness: 100), .on(brightness: 50), .on(brightness: 25), .off])
        token.cancel()
    }

    func test_mainActorCode_eventSourceDispatch_isCallableFromAnyThread() async {
        final class Switch: EventSource, @unchecked Sendable {
            // Safe because: written once in `configureEventSource`, before any other thread can see it.
            var dispatch: (@Sendable (Light.Event) -> Void)?
            func configureEventSource(dispatch: @escaping @Sendable (Light.Event) -> Void) {
                self.dispatch = dispatch
            }
        }
        let source = Switch()
        let store = Store<Light>(effectHandler: Dimmer(), eventSource: source)
        let send = source.dispatch
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                send?(.toggle)
                continuation.resume()
            }
        }
        XCTAssertEqual(store.state, .on(brightness: 100))
    }
}
