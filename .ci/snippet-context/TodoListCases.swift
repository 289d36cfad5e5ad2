// For the README's row snippet: cases of the todo example's `handle(event:)`.
extension TodoList {
    mutating func snippet(event: Event) -> Effect? {
        switch event {
// SNIPPET
        default: return nil
        }
    }
}
