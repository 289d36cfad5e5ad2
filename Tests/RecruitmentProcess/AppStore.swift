import EffectStore

/// The app-level effect handler: the process list's work goes to ``ProcessEffects``, and its answer comes back as
/// ``AppState/Event/process(_:)``, as ``AppState/process`` says.
///
/// ```swift
/// let effects = AppEffects(service: InMemoryProcessService())
/// effects.perform(.process(.downloadProcesses))   // a future of .process(.load(processes: …))
/// ```
///
/// The session has no effects, so it has no case here. `perform(_:)` runs on the store's queue; the answer resolves on
/// the thread the service answers on (for ``InMemoryProcessService``, its own queue).
public final class AppEffects: PlannedEffectHandler {
    private let process: ProcessEffects

    /// The app's effect handler.
    ///
    /// - Parameter service: Fetches the processes. Held strongly.
    public init(service: any ProcessService) {
        process = ProcessEffects(service: service)
    }

    /// Performs the process list's work.
    public func perform(_ work: AppState.Work) -> EffectAnswer<AppState.Event>? {
        switch work {
        case .process(let work): AppState.process.answer(work, by: process.perform)
        }
    }
}

/// Creates a store for the whole app: one state, one queue, one effect handler.
///
/// ```swift
/// let store = makeAppStore(service: InMemoryProcessService())
/// store.dispatch(event: .session(.logIn(user: "ana")))
/// let app = await store.dispatch(event: .process(.fetchProcesses)).value   // app.process == .loaded(…)
/// ```
///
/// Compare with ``makeProcessStore(service:sessionStore:initialState:)``: there the session and the process list
/// are two stores kept in sync by an event source; here they are two children of ``AppState``.
///
/// - Parameters:
///   - service: Fetches the processes.
///   - initialState: The state to start from; ``AppState/initialState`` (logged out, idle) by default.
/// - Returns: The store; it owns its effect handler.
public func makeAppStore(service: any ProcessService, initialState: AppState = .initialState) -> Store<AppState> {
    Store(initialState: initialState, effectHandler: AppEffects(service: service))
}
