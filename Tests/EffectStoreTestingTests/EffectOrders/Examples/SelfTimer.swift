import EffectStore
import EffectStoreTesting

/// A camera's ten-second self-timer, with a button that takes the photo at once. The bug: taking the photo at once
/// leaves the timer running, and at zero it takes a second one. The shortest order that shows it takes 22 choices
/// — two taps, then ten ticks, each a timer and its answer — past the default depth bound of 12, which cuts it and
/// says so. The fix: taking the photo stops the timer.
struct SelfTimer: State, Hashable {
    var fixed = false
    var secondsLeft = 0
    var photos = 0

    enum Event: Sendable, Hashable {
        case timerTapped
        case takeNowTapped
        case ticked
    }

    enum Work: Sendable, Equatable { case tick }
    typealias Effect = Planned<Work>

    static var initialState: SelfTimer { SelfTimer() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .timerTapped:
            secondsLeft = 10
            return Effect.work(.tick).delayed(by: .seconds(1), id: "self-timer")
        case .takeNowTapped:
            guard secondsLeft > 0 else { return nil }
            photos += 1
            guard fixed else { return nil }
            secondsLeft = 0
            return .cancel(id: "self-timer")
        case .ticked:
            secondsLeft -= 1
            guard secondsLeft == 0 else { return Effect.work(.tick).delayed(by: .seconds(1), id: "self-timer") }
            photos += 1
            return nil
        }
    }

    static func explorer(fixed: Bool) -> StateExplorer<SelfTimer> {
        StateExplorer(initialState: SelfTimer(fixed: fixed), events: [.timerTapped, .takeNowTapped])
            .invariant("one photo per timer") { $0.photos <= 1 }
            .answering { _ in [.later(.ticked)] }
    }
}

/// The test the explorer printed for the bug, pasted as printed: `explorer` is the buggy or the fixed feature's.
struct PastedSelfTimerTest {
    let explorer: StateExplorer<SelfTimer>

    func test_effectOrder_onePhotoPerTimer() {
        // Effect order "e0 e1 t a0.0 t a1.0 t a2.0 t a3.0 t a4.0 t a5.0 t a6.0 t a7.0 t a8.0 t a9.0" broke "one photo per timer" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.timerTapped),
            .send(.takeNowTapped),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
        ])
    }
}
