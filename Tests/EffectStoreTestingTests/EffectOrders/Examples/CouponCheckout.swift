import EffectStore
import EffectStoreTesting

/// A checkout that loads its price and validates a coupon, side by side. The bug: the price's answer replaces the
/// whole price, so a coupon validated before it is dropped. The fix: the answer sets the total alone.
struct CouponCheckout: State, Hashable {
    var fixed = false
    var price = Price()

    struct Price: Hashable {
        var total: Int?
        var coupon: String?
        var discount = 0
    }

    enum Event: Sendable, Hashable {
        case opened
        case couponEntered(String)
        case priceLoaded(total: Int)
        case couponValidated(String, discount: Int)
    }

    enum Work: Sendable, Equatable {
        case loadPrice
        case validate(coupon: String)
    }
    typealias Effect = Planned<Work>

    static var initialState: CouponCheckout { CouponCheckout() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .opened:
            return .work(.loadPrice)
        case .couponEntered(let code):
            return .work(.validate(coupon: code))
        case .priceLoaded(let total):
            if fixed {
                price.total = total
            } else {
                price = Price(total: total)
            }
        case .couponValidated(let code, let discount):
            price.coupon = code
            price.discount = discount
        }
        return nil
    }

    static func explorer(fixed: Bool) -> StateExplorer<CouponCheckout> {
        StateExplorer(initialState: CouponCheckout(fixed: fixed), events: [.opened, .couponEntered("SAVE10")])
            .transitionInvariant("a price answer keeps the coupon") { transition in
                guard case .priceLoaded = transition.event else { return true }
                return transition.to.price.coupon == transition.from.price.coupon
            }
            .answering { effect in
                switch effect {
                case .work(.loadPrice): return [.later(.priceLoaded(total: 100))]
                case .work(.validate(let code)): return [.later(.couponValidated(code, discount: 10))]
                case .plan: return []
                }
            }
    }
}

/// The test the explorer printed for the bug, pasted as printed: `explorer` is the buggy or the fixed feature's.
struct PastedCouponCheckoutTest {
    let explorer: StateExplorer<CouponCheckout>

    func test_effectOrder_aPriceAnswerKeepsTheCoupon() {
        // Effect order "e0 e1 a1.0 a0.0" broke "a price answer keeps the coupon" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.opened),
            .send(.couponEntered("SAVE10")),
            .answer(.work(.validate(coupon: "SAVE10")), with: .couponValidated("SAVE10", discount: 10)),
            .answer(.work(.loadPrice), with: .priceLoaded(total: 100)),
        ])
    }
}
