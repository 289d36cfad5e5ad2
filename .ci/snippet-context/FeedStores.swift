// For the linked-stores test snippet of Building an app from features: the feed example's stores and service.
import EffectExamples
import EffectStore

let service = InMemoryFeedService()
let sessionStore = Store<UserSession>(initialState: .loggedIn(user: "ana"))
let feedStore = makeFeedStore(service: service, sessionStore: sessionStore)
