import EffectStore
import EffectStoreTesting

/// A list refreshed by pulling, at most once every two seconds. The bug: a pull within the two seconds turns the
/// spinner on, but the throttle drops its load (`latest: false`): once the first load has answered, nothing is left
/// to turn the spinner off. The fix: the throttle keeps the latest pull's load for the end of the two seconds.
struct PullToRefresh: State, Hashable {
    var fixed = false
    var isRefreshing = false
    var items: [String] = []

    enum Event: Sendable, Hashable {
        case pulled
        case loaded([String])
    }

    enum Work: Sendable, Equatable { case load }
    typealias Effect = Planned<Work>

    static var initialState: PullToRefresh { PullToRefresh() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .pulled:
            isRefreshing = true
            return Effect.work(.load).throttled(id: "refresh", for: .seconds(2), latest: fixed)
        case .loaded(let items):
            self.items = items
            isRefreshing = false
            return nil
        }
    }

    static func explorer(fixed: Bool) -> StateExplorer<PullToRefresh> {
        StateExplorer(initialState: PullToRefresh(fixed: fixed), events: [.pulled, .pulled])
            .eventually("the spinner stops") { !$0.isRefreshing }
            .answering { _ in [.later(.loaded(["news"]))] }
    }
}

/// The test the explorer printed for the bug, pasted as printed: `explorer` is the buggy or the fixed feature's.
struct PastedPullToRefreshTest {
    let explorer: StateExplorer<PullToRefresh>

    func test_effectOrder_theSpinnerStops() {
        // Effect order "e0 a0.0 e1 t" broke "the spinner stops" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.pulled),
            .answer(.work(.load), with: .loaded(["news"])),
            .send(.pulled),
            .advance(by: .seconds(2)),
        ])
    }
}
