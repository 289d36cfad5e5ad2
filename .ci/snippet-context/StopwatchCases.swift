// For the fragment of Effects in practice that is cases of the stopwatch example's `handle(event:)`.
extension StopwatchState {
    mutating func snippet(event: Event) -> Effect? {
        switch event {
// SNIPPET
        default: return nil
        }
    }
}
