import EffectStore
import EffectStoreTesting

/// A signed-in session that refreshes its token when the app becomes active. The bug: logging out leaves the refresh
/// running, and its answer signs the user back in. The fix: logging out cancels the refresh (and the store drops an
/// answer that was already on its way).
struct Session: State, Hashable {
    var fixed = false
    var token: String? = "t0"

    var isSignedIn: Bool { token != nil }

    enum Event: Sendable, Hashable {
        case becameActive
        case refreshed(token: String)
        case logOutTapped
    }

    enum Work: Sendable, Equatable { case refreshToken }
    typealias Effect = Planned<Work>

    static var initialState: Session { Session() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .becameActive:
            guard isSignedIn else { return nil }
            return Effect.work(.refreshToken).cancellable(id: "refresh")
        case .refreshed(let token):
            self.token = token
            return nil
        case .logOutTapped:
            token = nil
            return fixed ? .cancel(id: "refresh") : nil
        }
    }

    static func explorer(fixed: Bool) -> StateExplorer<Session> {
        StateExplorer(initialState: Session(fixed: fixed), events: [.becameActive, .logOutTapped])
            .transitionInvariant("a logged-out user stays logged out") { $0.from.isSignedIn || !$0.to.isSignedIn }
            .answering { _ in [.later(.refreshed(token: "t1"))] }
    }
}

/// The test the explorer printed for the bug, pasted as printed: `explorer` is the buggy or the fixed feature's.
struct PastedSessionTest {
    let explorer: StateExplorer<Session>

    func test_effectOrder_aLoggedOutUserStaysLoggedOut() {
        // Effect order "e0 e1 a0.0" broke "a logged-out user stays logged out" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.becameActive),
            .send(.logOutTapped),
            .answer(.work(.refreshToken), with: .refreshed(token: "t1")),
        ])
    }
}
