import EffectStore

/// The list of recruitment processes a candidate can apply to: the functional core of the feature.
///
/// All of the feature's decisions live here, in ``handle(event:)``: when to download, what to do with an answer, and
/// which events mean nothing right now. Nothing here performs I/O; ``ProcessEffects`` does that.
///
/// ```swift
/// var state = ProcessState.initialState           // .idle
/// let effect = state.handle(event: .fetchProcesses)
/// // state == .loading, effect == .startDownload: .downloadProcesses, cancellable
/// _ = state.handle(event: .load(processes: Process.examples))
/// // state == .loaded(Process.examples), state.processes.count == 3
/// ```
///
/// Read it through the queries (``isLoading``, ``processes``, ``errorMessage``) rather than by switching over the
/// cases, so that adding a case later changes a few queries instead of every screen.
///
/// ## Transitions
///
/// ```
///  state \ event | fetchProcesses               | load(p)     | failed(r)  | userDidLogOut
///  --------------+------------------------------+-------------+------------+-----------------------
///  idle          | loading + startDownload      | ignored     | ignored    | idle
///  loading       | ignored (no second download) | loaded(p)   | error(r)   | idle + cancelDownload
///  loaded        | loading + startDownload      | ignored     | ignored    | idle
///  error         | loading + startDownload      | ignored     | ignored    | idle
/// ```
///
/// "Ignored" means: the state stays as it is and no effect is returned. An answer (`load`/`failed`) counts only
/// while `loading`, so a download that finishes after the user logged out cannot bring the list back.
///
/// The download is cancellable (`Effect.startDownload`), and a log-out while loading cancels it
/// (`Effect.cancelDownload`). Once the store has committed the log-out, no answer of that download is handled: it
/// can no longer arrive during the next fetch and be taken for that one's.
///
/// It is `Hashable`, so `EffectStoreTesting`'s `StateExplorer` can visit every state it can reach; the README's
/// state diagram is generated that way.
public enum ProcessState: State, Hashable {
    /// Nothing loaded and nothing in flight: the initial state, and the state after log-out.
    case idle
    /// A download is in flight.
    case loading
    /// The processes from the last successful download.
    case loaded([Process])
    /// The last download failed; the associated value says why, in words for the user.
    case error(String)

    /// What can happen to the process list.
    public enum Event: Sendable, Hashable {
        /// The user asks for the processes: first load, refresh, or retry after an error.
        case fetchProcesses
        /// The download succeeded with these processes.
        case load(processes: [Process])
        /// The download failed; `reason` is a message for the user.
        case failed(reason: String)
        /// The session ended; forget everything.
        case userDidLogOut
    }

    /// What the process list asks the outside world to do.
    public enum Work: Sendable, Hashable {
        /// Fetch the processes and answer with ``Event/load(processes:)`` or ``Event/failed(reason:)``.
        case downloadProcesses
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// ``idle``.
    public static var initialState: ProcessState { .idle }

    /// Moves to the next state for `event` (see "Transitions" above) and returns the effect to perform, if any.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: `Effect.startDownload` when a download should start, `Effect.cancelDownload` when a log-out
    ///   interrupts one, otherwise `nil`.
    public mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.loading, .fetchProcesses):
            return nil  // a download is already in flight
        case (.idle, .fetchProcesses), (.loaded, .fetchProcesses), (.error, .fetchProcesses):
            self = .loading
            return .startDownload
        case (.loading, .load(let processes)):
            self = .loaded(processes)
            return nil
        case (.loading, .failed(let reason)):
            self = .error(reason)
            return nil
        case (_, .load), (_, .failed):
            return nil  // an answer nobody waits for any more, e.g. after log-out
        case (.loading, .userDidLogOut):
            self = .idle
            return .cancelDownload
        case (_, .userDidLogOut):
            self = .idle
            return nil
        }
    }
}

extension Planned<ProcessState.Work> {
    /// The download, under ``ProcessEffectID/download`` so that a log-out can cancel it.
    public static var startDownload: Planned {
        Planned.work(.downloadProcesses).cancellable(id: ProcessEffectID.download)
    }

    /// Cancels the download in flight: its answer is never handled, and its dispatch's future resolves.
    public static var cancelDownload: Planned { .cancel(id: ProcessEffectID.download) }
}

/// The ids the process list's effects run under. `Codable`, so that a recorded session's plans can be compared in a
/// replay (see `ProcessState+Codable.swift`).
public enum ProcessEffectID: Hashable, Sendable, Codable {
    /// The download in flight.
    case download
}

extension ProcessState {
    /// Whether a download is in flight.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The loaded processes; empty unless the state is ``loaded(_:)``.
    public var processes: [Process] {
        if case .loaded(let processes) = self { return processes }
        return []
    }

    /// The reason the last download failed, or `nil` unless the state is ``error(_:)``.
    public var errorMessage: String? {
        if case .error(let message) = self { return message }
        return nil
    }
}
