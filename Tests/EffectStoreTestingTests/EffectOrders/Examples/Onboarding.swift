import EffectStore
import EffectStoreTesting

/// An onboarding that asks for notifications, and may be skipped. The bug: the permission's answer moves the
/// onboarding to its last page even when the user skipped while the system asked, which reopens it. An explorer that
/// forgets to answer the permission request — answering only the save — used to pass: the request ended at once
/// with no answer, and the bug behind it went unexplored. Now that is a failure naming the request. The fix: the
/// answer moves on to the last page from the notifications page only; after a skip it records the permission alone.
struct Onboarding: State, Hashable {
    var fixed = false
    var page = Page.welcome
    var notificationsAllowed: Bool?

    enum Page: Hashable { case welcome, notifications, allSet, done }

    enum Event: Sendable, Hashable {
        case continueTapped
        case skipTapped
        case permissionAnswered(allowed: Bool)
    }

    enum Work: Sendable, Equatable {
        case requestNotificationPermission
        case saveOnboardingDone
    }
    typealias Effect = Planned<Work>

    static var initialState: Onboarding { Onboarding() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .continueTapped:
            guard page == .welcome else { return nil }
            page = .notifications
            return .work(.requestNotificationPermission)
        case .skipTapped:
            page = .done
            return .work(.saveOnboardingDone)
        case .permissionAnswered(let allowed):
            notificationsAllowed = allowed
            if !fixed || page == .notifications { page = .allSet }
            return nil
        }
    }

    /// The explorer, answering the save; `answeringPermission` is what the explorer that forgot it leaves out.
    static func explorer(fixed: Bool, answeringPermission: Bool = true) -> StateExplorer<Onboarding> {
        StateExplorer(initialState: Onboarding(fixed: fixed), events: [.continueTapped, .skipTapped])
            .transitionInvariant("a skipped onboarding stays done") { $0.from.page != .done || $0.to.page == .done }
            .answering { effect in
                switch effect {
                case .work(.saveOnboardingDone): return [.finishes]
                case .work(.requestNotificationPermission) where answeringPermission:
                    return [.later(.permissionAnswered(allowed: true))]
                default: return []
                }
            }
    }
}

/// The test the explorer printed for the bug, pasted as printed: `explorer` is the buggy or the fixed feature's.
struct PastedOnboardingTest {
    let explorer: StateExplorer<Onboarding>

    func test_effectOrder_aSkippedOnboardingStaysDone() {
        // Effect order "e0 e1 a0.0" broke "a skipped onboarding stays done" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.continueTapped),
            .send(.skipTapped),
            .answer(.work(.requestNotificationPermission), with: .permissionAnswered(allowed: true)),
        ])
    }
}
