import RecruitmentProcess

/// Short, one-line descriptions for the demo's output: lists are shown as counts.
enum Describe {
    static func line(_ traced: Traced<ProcessState>) -> String {
        let event = traced.lastEvent.map(Describe.event) ?? "start"
        return "\(event) → \(state(traced.base)) → \(effect(traced.lastEffect))"
    }

    static func event(_ event: ProcessState.Event) -> String {
        switch event {
        case .fetchProcesses: return "fetchProcesses"
        case .load(let processes): return "load(\(count(processes)))"
        case .failed(let reason): return "failed(reason: \(String(reflecting: reason)))"
        case .userDidLogOut: return "userDidLogOut"
        }
    }

    static func state(_ state: ProcessState) -> String {
        switch state {
        case .idle: return "idle"
        case .loading: return "loading"
        case .loaded(let processes): return "loaded(\(count(processes)))"
        case .error(let message): return "error(\(String(reflecting: message)))"
        }
    }

    static func effect(_ effect: ProcessState.Effect?) -> String {
        switch effect {
        case .downloadProcesses: return "downloadProcesses"
        case nil: return "none"
        }
    }

    static func session(_ session: SessionState) -> String {
        switch session {
        case .loggedOut: return "loggedOut"
        case .loggedIn(let user): return "loggedIn(user: \(String(reflecting: user)))"
        }
    }

    private static func count<T>(_ items: [T]) -> String {
        items.count == 1 ? "1 process" : "\(items.count) processes"
    }
}
