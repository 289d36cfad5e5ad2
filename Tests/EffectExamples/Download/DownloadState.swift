import EffectStore
import Foundation

/// A download with a progress bar and a cancel button.
///
/// Starting returns a cancellable download; the effect handler performs it as a run that sends progress, then the
/// data. Cancelling returns ``ComposableEffect/cancel(id:)``: the store stops the run's task, and no progress it sends
/// afterwards is handled, so the bar never moves again after the button is tapped.
///
/// ```swift
/// var download = DownloadState()
/// download.handle(event: .start("report.pdf"))
/// // Effect.work(.download("report.pdf")).cancellable(id: DownloadID.transfer, cancelInFlight: true)
/// download.handle(event: .cancelTapped)   // .cancel(id: DownloadID.transfer)
/// ```
public struct DownloadState: State, Equatable {
    /// Where the download stands.
    public enum Status: Sendable, Equatable {
        /// Nothing downloads: at first, and after a cancel.
        case idle
        /// `file` downloads; `progress` goes from 0 to 1.
        case downloading(file: String, progress: Double)
        /// `file` has downloaded.
        case finished(file: String, data: Data)
    }

    /// Where the download stands.
    public var status = Status.idle

    /// What can happen to the download.
    public enum Event: Sendable, Equatable {
        /// The user asks for `file`; a download in flight is replaced.
        case start(String)
        /// The download has progressed to `fraction`, from 0 to 1.
        case progressed(Double)
        /// The download has finished with `data`.
        case finished(Data)
        /// The user taps the cancel button.
        case cancelTapped
    }

    /// What the download asks the outside world to do.
    public enum Work: Sendable, Equatable {
        /// Download `file`, sending ``Event/progressed(_:)`` events, then ``Event/finished(_:)``.
        case download(String)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// Nothing downloads.
    public static var initialState: DownloadState { DownloadState() }

    /// Creates a state in which nothing downloads.
    public init() {}

    /// Moves the download along, and returns the download to start or cancel.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: A cancellable download on start, a cancel on the button, otherwise `nil`.
    public mutating func handle(event: Event) -> Effect? {
        switch (status, event) {
        case (_, .start(let file)):
            status = .downloading(file: file, progress: 0)
            return Effect.work(.download(file)).cancellable(id: DownloadID.transfer, cancelInFlight: true)
        case (.downloading(let file, _), .progressed(let fraction)):
            status = .downloading(file: file, progress: fraction)
            return nil
        case (.downloading(let file, _), .finished(let data)):
            status = .finished(file: file, data: data)
            return nil
        case (.downloading, .cancelTapped):
            status = .idle
            return .cancel(id: DownloadID.transfer)
        case (_, .progressed), (_, .finished), (_, .cancelTapped):
            return nil  // nothing downloads: a second tap on cancel (a cancelled run's events never get here)
        }
    }
}

/// The ids the download's effects run under.
public enum DownloadID: Hashable, Sendable {
    /// The one transfer in flight.
    case transfer
}
