// For the EventBinding snippet of the EffectStoreSwiftUI article: the search example's model, and a text field
// of a UI kit.
import EffectExamples

final class TextField {
    var text = ""
}

let model = ObservableState(Store<SearchState>(effectHandler: SearchEffects(service: InMemorySearchService())))
let searchField = TextField()
