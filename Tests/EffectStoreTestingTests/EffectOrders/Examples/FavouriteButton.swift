import EffectStore
import EffectStoreTesting

/// A heart that saves at once and shows the change before the server answers. The bug: a failed save rolls back by
/// flipping the heart, which is the wrong value when another tap came since: once both saves have answered, the heart
/// no longer shows what the server holds. The fix: when the last save answers, the heart shows what the server
/// holds. An invariant at rest states it; an ordinary invariant would fail while a save is on its way, as it should.
struct FavouriteButton: State, Hashable {
    var fixed = false
    var isFavourite = false
    /// What the server holds, as its last answer said.
    var saved = false
    var savesInFlight = 0

    enum Event: Sendable, Hashable {
        case tapped
        case saved(Bool)
        case saveFailed
    }

    enum Work: Sendable, Equatable { case save(Bool) }
    typealias Effect = Planned<Work>

    static var initialState: FavouriteButton { FavouriteButton() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .tapped:
            isFavourite.toggle()
            savesInFlight += 1
            return .work(.save(isFavourite))
        case .saved(let value):
            saved = value
            savesInFlight -= 1
            if fixed && savesInFlight == 0 { isFavourite = saved }
        case .saveFailed:
            savesInFlight -= 1
            if !fixed {
                isFavourite.toggle()
            } else if savesInFlight == 0 {
                isFavourite = saved
            }
        }
        return nil
    }

    static func explorer(fixed: Bool) -> StateExplorer<FavouriteButton> {
        StateExplorer(initialState: FavouriteButton(fixed: fixed), events: [.tapped, .tapped])
            .invariantAtRest("at rest, the heart shows what the server holds") { $0.isFavourite == $0.saved }
            .answering { effect in
                guard case .work(.save(let value)) = effect else { return [] }
                return [.later(.saved(value)), .failing(.saveFailed)]
            }
    }
}

/// The test the explorer printed for the bug, pasted as printed: `explorer` is the buggy or the fixed feature's.
struct PastedFavouriteButtonTest {
    let explorer: StateExplorer<FavouriteButton>

    func test_effectOrder_atRestTheHeartShowsWhatTheServerHolds() {
        // Effect order "e0 e1 a0.1 a1.0" broke "at rest, the heart shows what the server holds" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.tapped),
            .send(.tapped),
            .answer(.work(.save(true)), with: .saveFailed),
            .answer(.work(.save(false)), with: .saved(false)),
        ])
    }
}
