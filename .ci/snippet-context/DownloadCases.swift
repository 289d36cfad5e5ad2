// For the fragment of Effects in practice that is cases of the download example's `handle(event:)`.
extension DownloadState {
    mutating func snippet(event: Event) -> Effect? {
        switch (status, event) {
// SNIPPET
        default: return nil
        }
    }
}
