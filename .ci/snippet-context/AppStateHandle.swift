// For the README's child-features snippet: a parent holding the recruitment example's session and process features.
struct AppState: State {
    var session = SessionState.initialState
    var process = ProcessState.initialState

    enum Event: Sendable { case session(SessionState.Event), process(ProcessState.Event) }
    enum Effect: Sendable { case session(SessionState.Effect), process(ProcessState.Effect) }

    static var initialState: AppState { AppState() }

// SNIPPET
}
