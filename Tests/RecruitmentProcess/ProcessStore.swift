import EffectStore

/// Creates the process-list store, wired to `service` and to the session.
///
/// ```swift
/// let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
/// let store = makeProcessStore(service: InMemoryProcessService(), sessionStore: sessionStore)
/// let state = await store.dispatch(event: .fetchProcesses).value   // .loaded(Process.examples)
/// ```
///
/// The store hears about log-outs through ``logOutEvents(of:)``: the same events as ``ProcessEvents``, with
/// `StoreEventSource` doing the subscribing.
///
/// - Parameters:
///   - service: Fetches the processes for ``ProcessEffects``.
///   - sessionStore: The session to watch for log-outs. Not kept alive by the process store.
///   - initialState: The state to start from; ``ProcessState/idle`` by default.
/// - Returns: A store that owns its ``ProcessEffects`` and its log-out event source.
public func makeProcessStore(
    service: any ProcessService,
    sessionStore: Store<SessionState>,
    initialState: ProcessState = .initialState
) -> Store<ProcessState> {
    Store(
        initialState: initialState,
        effectHandler: ProcessEffects(service: service),
        eventSource: logOutEvents(of: sessionStore)
    )
}

/// Sends ``ProcessState/Event/userDidLogOut`` each time `sessionStore` goes from logged in to logged out: the
/// hand-written ``ProcessEvents``, in one line with `StoreEventSource`.
///
/// ```swift
/// let processStore = Store<ProcessState>(
///     effectHandler: ProcessEffects(service: service),
///     eventSource: logOutEvents(of: sessionStore)
/// )
/// sessionStore.dispatch(event: .logOut)   // the process store soon handles .userDidLogOut, once
/// ```
///
/// `StoreEventSource(_:whenChanged:event:)` watches `isLoggedIn` and calls the function only when it changes, so a
/// log-out is sent once however many logged-out states follow, and a session that is already logged out when the
/// process store is created sends nothing: what ``ProcessEvents`` counts as a log-out.
///
/// ## Threading and lifetime
///
/// The function runs on the session store's serial queue; the event reaches the process store asynchronously, on
/// its own queue. The event source keeps neither store alive.
///
/// - Parameter sessionStore: The session to watch.
/// - Returns: An event source for one process store.
public func logOutEvents(of sessionStore: Store<SessionState>) -> StoreEventSource<ProcessState.Event> {
    StoreEventSource(sessionStore, whenChanged: \.isLoggedIn) { $0 ? nil : .userDidLogOut }
}
