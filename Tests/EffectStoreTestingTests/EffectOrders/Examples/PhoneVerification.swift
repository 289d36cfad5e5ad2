import EffectStore
import EffectStoreTesting

/// A verification code sent to a phone number, with a countdown before it may be sent again. The bug: changing the
/// number cancels the countdown under an id built from the new number, which names nothing, so the old countdown
/// ticks on below zero. The fix: the cancellation names the number the countdown was started for.
struct PhoneVerification: State, Hashable {
    var fixed = false
    var phone = "555-0100"
    var secondsLeft = 0

    enum Event: Sendable, Hashable {
        case sendCodeTapped
        case phoneChanged(String)
        case ticked
    }

    enum Work: Sendable, Equatable { case tick }
    typealias Effect = Planned<Work>

    static var initialState: PhoneVerification { PhoneVerification() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .sendCodeTapped:
            secondsLeft = 2
            return Effect.work(.tick).delayed(by: .seconds(1), id: "countdown \(phone)")
        case .phoneChanged(let phone):
            let countdown = "countdown \(self.phone)"
            self.phone = phone
            secondsLeft = 0
            return .cancel(id: fixed ? countdown : "countdown \(self.phone)")
        case .ticked:
            secondsLeft -= 1
            guard secondsLeft > 0 else { return nil }
            return Effect.work(.tick).delayed(by: .seconds(1), id: "countdown \(phone)")
        }
    }

    static func explorer(fixed: Bool) -> StateExplorer<PhoneVerification> {
        StateExplorer(
            initialState: PhoneVerification(fixed: fixed), events: [.sendCodeTapped, .phoneChanged("555-0199")]
        )
        .invariant("the countdown never goes below zero") { $0.secondsLeft >= 0 }
        .answering { _ in [.later(.ticked)] }
    }
}

/// The test the explorer printed for the bug, pasted as printed: `explorer` is the buggy or the fixed feature's.
struct PastedPhoneVerificationTest {
    let explorer: StateExplorer<PhoneVerification>

    func test_effectOrder_theCountdownNeverGoesBelowZero() {
        // Effect order "e0 e1 t a0.0" broke "the countdown never goes below zero" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.sendCodeTapped),
            .send(.phoneChanged("555-0199")),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
        ])
    }
}
