import EffectStore
import EffectStoreTesting
import RecruitmentProcess

/// The explorer setup shared by the invariant tests and the README's diagram: small, concrete events, the feature's
/// invariants, and short labels.
enum ProcessExploration {
    /// Two processes: enough to tell a loaded list from an empty one, short enough for a label.
    static let processes = Array(Process.examples.prefix(2))

    /// Every kind of event, each with one small payload.
    static let events: [ProcessState.Event] = [
        .fetchProcesses,
        .load(processes: processes),
        .failed(reason: "Offline"),
        .userDidLogOut,
    ]

    /// The explorer for `ProcessState` from `.idle`, with every invariant of the feature.
    static func explorer() -> StateExplorer<ProcessState> {
        withInvariants(StateExplorer(initialState: ProcessState.idle, events: events)) { $0 }
    }

    /// Adds the feature's invariants to an explorer of `ProcessState` or of a variant that wraps one, so a broken
    /// variant is checked against exactly the same rules.
    ///
    /// - Parameters:
    ///   - explorer: The explorer to add the invariants to.
    ///   - process: The `ProcessState` inside a state of the explored type.
    static func withInvariants<S: State>(
        _ explorer: StateExplorer<S>,
        process: @escaping (S) -> ProcessState
    ) -> StateExplorer<S> where S.Event == ProcessState.Event, S.Effect == ProcessState.Effect {
        explorer
            .invariant("the queries agree with the case") { wrapped in
                let state = process(wrapped)
                var isError = false
                if case .error = state { isError = true }
                var isLoaded = false
                if case .loaded = state { isLoaded = true }
                return state.isLoading == (state == .loading)
                    && (state.errorMessage != nil) == isError
                    && (state.processes.isEmpty || isLoaded)
            }
            .transitionInvariant("never loaded without having been loading") { transition in
                let (from, to) = (process(transition.from), process(transition.to))
                guard case .loaded = to, from != to else { return true }
                return from == .loading
            }
            .transitionInvariant("startDownload is produced exactly when a download starts") { transition in
                let (from, to) = (process(transition.from), process(transition.to))
                let startsDownload = to == .loading && from != .loading
                return (transition.effect == .startDownload) == startsDownload
            }
            .transitionInvariant("cancelDownload is produced exactly when a download is interrupted") { transition in
                let (from, to) = (process(transition.from), process(transition.to))
                let interrupts = from == .loading && to == .idle
                return (transition.effect == .cancelDownload) == interrupts
            }
            .transitionInvariant("an answer nobody waits for changes nothing") { transition in
                switch transition.event {
                case .load, .failed:
                    let from = process(transition.from)
                    return from == .loading || (process(transition.to) == from && transition.effect == nil)
                case .fetchProcesses, .userDidLogOut:
                    return true
                }
            }
            .transitionInvariant("userDidLogOut always lands in idle, starting nothing") { transition in
                guard transition.event == .userDidLogOut else { return true }
                return process(transition.to) == .idle && transition.effect != .startDownload
            }
    }

    /// Short, stable labels: `loaded(2)` rather than the processes themselves.
    static var diagramStyle: DiagramStyle<ProcessState> {
        DiagramStyle(
            stateLabel: { state in
                switch state {
                case .idle: return "idle"
                case .loading: return "loading"
                case .loaded(let processes): return "loaded(\(processes.count))"
                case .error(let reason): return "error(\(reason))"
                }
            },
            eventLabel: { event in
                switch event {
                case .fetchProcesses: return "fetchProcesses"
                case .load(let processes): return "load(\(processes.count))"
                case .failed(let reason): return "failed(\(reason))"
                case .userDidLogOut: return "userDidLogOut"
                }
            },
            effectLabel: { effect in
                switch effect {
                case .startDownload: return "startDownload"
                case .cancelDownload: return "cancelDownload"
                default: return "\(effect)"
                }
            }
        )
    }
}
