// For the fragments of Effects in practice that are cases of the search example's `handle(event:)`.
extension SearchState {
    mutating func snippet(event: Event) -> Effect? {
        switch event {
// SNIPPET
        default: return nil
        }
    }
}
