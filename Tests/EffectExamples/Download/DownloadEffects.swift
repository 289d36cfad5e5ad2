import EffectStore
import Foundation

/// Performs ``DownloadState``'s download as an async run: one event per progress update, then the data.
///
/// ```swift
/// let store = Store<DownloadState>(effectHandler: DownloadEffects(downloader: downloader))
/// store.dispatch(event: .start("report.pdf"))   // .progressed(…) events, then .finished(data)
/// ```
///
/// `perform(_:)` runs on the store's queue; the run's loop runs in a task of its own. When the state cancels the
/// download, the store cancels that task, which ends the `for await` loop and with it the downloader's stream.
public final class DownloadEffects: PlannedEffectHandler, Sendable {
    private let downloader: InMemoryDownloader

    /// Creates the handler.
    ///
    /// - Parameter downloader: Performs the transfers.
    public init(downloader: InMemoryDownloader) { self.downloader = downloader }

    /// Starts the download `work` asks for.
    ///
    /// - Parameter work: The work of an effect ``DownloadState/handle(event:)`` returned.
    /// - Returns: A run that sends the progress and the data, then finishes.
    public func perform(_ work: DownloadState.Work) -> EffectAnswer<DownloadState.Event>? {
        switch work {
        case .download(let file):
            return .run { [downloader] send in
                for await update in downloader.download(file) {
                    switch update {
                    case .progress(let fraction): send(.progressed(fraction))
                    case .finished(let data): send(.finished(data))
                    }
                }
            }
        }
    }
}

/// A downloader whose transfers move when the test says, and which records the transfers that were cancelled.
///
/// ```swift
/// let downloader = InMemoryDownloader()
/// let updates = downloader.download("report.pdf")   // for await update in updates { … }
/// downloader.send(.progress(0.5), to: "report.pdf")
/// downloader.send(.finished(Data([1, 2, 3])), to: "report.pdf")   // the stream ends after the data
/// ```
///
/// Safe from any thread.
public final class InMemoryDownloader: Sendable {
    private struct Transfers {
        var open: [String: AsyncStream<Update>.Continuation] = [:]
        var stopped: [String] = []
    }

    /// Continuations are yielded to outside the lock.
    private let transfers = LockedBox.make(Transfers())

    /// One step of a transfer.
    public enum Update: Sendable, Equatable {
        /// The transfer has progressed to `fraction`.
        case progress(Double)
        /// The transfer has finished with `data`; the stream ends.
        case finished(Data)
    }

    /// Creates a downloader with no transfer.
    public init() {}

    /// The files whose transfer was stopped by its reader before it finished (its task was cancelled), in order.
    public var cancelledFiles: [String] { transfers.withLock { $0.stopped } }

    /// Whether a transfer of `file` has started and is still open.
    public func isTransferring(_ file: String) -> Bool { transfers.withLock { $0.open[file] != nil } }

    /// Starts a transfer of `file`: its updates, as the test sends them.
    ///
    /// - Parameter file: The file to download.
    /// - Returns: The transfer's updates; the stream ends after ``Update/finished(_:)``.
    public func download(_ file: String) -> AsyncStream<Update> {
        let (updates, continuation) = AsyncStream<Update>.makeStream()
        continuation.onTermination = { [transfers] termination in
            transfers.withLock {
                $0.open[file] = nil
                if case .cancelled = termination { $0.stopped.append(file) }
            }
        }
        transfers.withLock { $0.open[file] = continuation }
        return updates
    }

    /// Sends `update` to the open transfer of `file`; does nothing if there is none.
    ///
    /// - Parameters:
    ///   - update: What happened.
    ///   - file: The transfer.
    public func send(_ update: Update, to file: String) {
        guard let continuation = transfers.withLock({ $0.open[file] }) else { return }
        continuation.yield(update)
        if case .finished = update { continuation.finish() }
    }
}
