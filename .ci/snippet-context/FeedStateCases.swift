// For the feed snippet of Effects in practice: cases of the feed example's `handle(event:)`.
extension FeedState {
    mutating func snippet(event: Event) -> Effect? {
        switch event {
// SNIPPET
        default: return nil
        }
    }
}
