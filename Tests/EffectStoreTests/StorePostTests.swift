import Dispatch
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// `Store.post(_:)`, the library's `dispatch(event:)` for callers that never read the future (an observable
/// projection's `send`): handled the same way, with no future or promise made.
final class StorePostTests: XCTestCase {
    func test_post_fromOutside_isHandledBeforeItReturns_andNotifiesSubscribers() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let seen = Recorder<Int>()
        let token = store.subscribe { seen.append($0.count) }
        store.post(.increment)
        store.post(.add(4))
        XCTAssertEqual(store.state.count, 5)
        XCTAssertEqual(seen.values, [0, 1, 5])
        token.cancel()
    }

    func test_post_ofAnEventWhoseEffectAnswersLater_goesOnWhenTheAnswerComes_andTheStoreSettles() {
        let effects = ControlledEffects()
        let store = Store<Tally>(effectHandler: effects)
        store.post(.request(id: 1, amount: 3))
        XCTAssertEqual(effects.handledEffects, [.fetch(id: 1, amount: 3)])
        XCTAssertFalse(store.waitUntilSettled(timeout: .zero), "the effect is still in flight")
        DispatchQueue.global().async { effects.answerNext() }
        XCTAssertTrue(store.waitUntilSettled(timeout: .seconds(5)))
        XCTAssertEqual(store.state.count, 3)
    }

    func test_post_fromInsideTheStoresOwnLoop_isHandledAfterTheCurrentEvent() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        let seen = Recorder<Int>()
        let token = store.subscribe { state in
            seen.append(state.count)
            if state.count == 1 { store.post(.add(10)) }
        }
        store.dispatch(event: .increment)
        XCTAssertEqual(store.state.count, 11)
        XCTAssertEqual(seen.values, [0, 1, 11])
        token.cancel()
    }
}
