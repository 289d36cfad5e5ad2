// For the feed snippet of Effects in practice: what the feed example's store is made from.
import EffectExamples
import EffectStore
import EffectStoreTesting

let service = InMemoryFeedService()
let sessionStore = Store<UserSession>(initialState: .loggedIn(user: "ana"))
let clock = TestClock()
