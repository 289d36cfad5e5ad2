// For the fragment of Effects in practice that is a case of the download example's effect handler.
final class DownloadHandler: Sendable {
    let downloader = InMemoryDownloader()

    func perform(_ work: DownloadState.Work) -> EffectAnswer<DownloadState.Event>? {
        switch work {
// SNIPPET
        }
    }
}
