import EffectStore

/// Creates the process-list store, wired to `service` and to the session.
///
/// ```swift
/// let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
/// let store = makeProcessStore(service: InMemoryProcessService(), sessionStore: sessionStore)
/// let state = await store.dispatch(event: .fetchProcesses).value   // .loaded(Process.examples)
/// ```
///
/// - Parameters:
///   - service: Fetches the processes for ``ProcessEffects``.
///   - sessionStore: The session ``ProcessEvents`` watches for log-outs.
///   - initialState: The state to start from; ``ProcessState/idle`` by default.
/// - Returns: A store that owns its ``ProcessEffects`` and ``ProcessEvents``.
public func makeProcessStore(
    service: any ProcessService,
    sessionStore: Store<SessionState>,
    initialState: ProcessState = .initialState
) -> Store<ProcessState> {
    Store(
        initialState: initialState,
        effectHandler: ProcessEffects(service: service),
        eventSource: ProcessEvents(sessionStore: sessionStore)
    )
}
