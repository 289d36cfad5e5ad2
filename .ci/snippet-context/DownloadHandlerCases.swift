// For the fragment of Effects in practice that is a case of the download example's effect handler.
final class DownloadHandler: Sendable {
    let downloader = InMemoryDownloader()

    func handle(effect: DownloadState.Effect) -> EffectAnswer<DownloadState.Event>? {
        switch effect {
// SNIPPET
        default: return nil
        }
    }
}
