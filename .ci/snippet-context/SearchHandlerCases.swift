// For the fragment of Effects in practice that is a case of the search example's effect handler.
final class SearchHandler: Sendable {
    let service = InMemorySearchService()

    func perform(_ work: SearchState.Work) -> EffectAnswer<SearchState.Event>? {
        switch work {
// SNIPPET
        }
    }
}
