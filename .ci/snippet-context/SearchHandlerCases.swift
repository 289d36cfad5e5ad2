// For the fragment of Effects in practice that is a case of the search example's effect handler.
final class SearchHandler: Sendable {
    let service = InMemorySearchService()

    func handle(effect: SearchState.Effect) -> EffectAnswer<SearchState.Event>? {
        switch effect {
// SNIPPET
        default: return nil
        }
    }
}
