// For the runs fragment of Effects in practice: an effect handler's `perform(_:)` for a download, a socket, a
// timer and an upload, with stand-ins for the four.
import EffectStore
import Foundation

struct Downloads: State {
    enum Event: Sendable { case progress(Double), downloaded(URL), received(String), tick, uploaded(URL), uploadFailed(String) }
    enum Work: Sendable { case download(URL), watch(String), startTimer, upload(URL) }
    typealias Effect = Planned<Work>
    static var initialState: Downloads { Downloads() }
    mutating func handle(event: Event) -> Effect? { nil }
}

struct Downloader: Sendable {
    func progress(of url: URL) -> AsyncStream<Double> { AsyncStream { $0.finish() } }
}

struct Socket: Sendable {
    func messages(on channel: String) -> AsyncStream<String> { AsyncStream { $0.finish() } }
}

struct Uploader: Sendable {
    func upload(_ file: URL) async throws -> URL { file }
}

final class RepeatingTimer: Sendable {
    init(interval: Double, _ fire: @escaping @Sendable () -> Void) {}
    func invalidate() {}
}

final class DownloadsEffects: PlannedEffectHandler, Sendable {
    typealias Work = Downloads.Work
    typealias Event = Downloads.Event
    let downloader = Downloader()
    let socket = Socket()
    let uploader = Uploader()

// SNIPPET
}
