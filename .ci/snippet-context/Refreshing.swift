// For the Threading article's subscriber snippets: a state that sometimes needs a refresh.
import EffectStore

struct Screen: State, Equatable {
    var needsRefresh = false
    enum Event: Sendable { case refresh, stale }
    typealias Effect = Never
    static var initialState: Screen { Screen() }
    mutating func handle(event: Event) -> Never? {
        needsRefresh = event == .stale
        return nil
    }
}

let store = Store<Screen>()
