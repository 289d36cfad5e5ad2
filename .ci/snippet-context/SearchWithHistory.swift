// For the search fragment of the README and of Effects in practice: a search state that also keeps a history. The
// snippet is its `Effect` type and its `handle(event:)`.
import EffectStore

enum SearchID: Hashable, Sendable { case request, history }

struct SearchState: State {
    var query = ""
    var history: [String] = []
    enum Event: Sendable { case queryChanged(String) }
    static var initialState: SearchState { SearchState() }

// SNIPPET
}
