import EffectStore
import EffectStoreTesting

/// An endless feed. The bug: scrolling to the bottom again while the next page loads asks for the same page twice,
/// and the feed shows it twice. The fix: a scroll while a page loads asks for nothing.
struct Feed: State, Hashable {
    var fixed = false
    var pages: [Int] = []
    var isLoading = false

    enum Event: Sendable, Hashable {
        case scrolledToBottom
        case loaded(page: Int)
    }

    enum Work: Sendable, Equatable { case load(page: Int) }
    typealias Effect = Planned<Work>

    static var initialState: Feed { Feed() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .scrolledToBottom:
            if fixed && isLoading { return nil }
            isLoading = true
            return .work(.load(page: pages.count + 1))
        case .loaded(let page):
            pages.append(page)
            isLoading = false
            return nil
        }
    }

    static func explorer(fixed: Bool) -> StateExplorer<Feed> {
        StateExplorer(initialState: Feed(fixed: fixed), events: [.scrolledToBottom, .scrolledToBottom])
            .invariant("each page is shown once") { Set($0.pages).count == $0.pages.count }
            .answering { effect in
                guard case .work(.load(let page)) = effect else { return [] }
                return [.later(.loaded(page: page))]
            }
    }
}

/// The test the explorer printed for the bug, pasted as printed: `explorer` is the buggy or the fixed feature's.
struct PastedFeedTest {
    let explorer: StateExplorer<Feed>

    func test_effectOrder_eachPageIsShownOnce() {
        // Effect order "e0 e1 a0.0 a1.0" broke "each page is shown once" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.scrolledToBottom),
            .send(.scrolledToBottom),
            .answer(.work(.load(page: 1)), with: .loaded(page: 1)),
            .answer(.work(.load(page: 1)), with: .loaded(page: 1)),
        ])
    }
}
