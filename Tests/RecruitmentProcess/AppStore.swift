import EffectStore

/// Creates the app-level effect handler: ``ProcessEffects`` lifted into ``AppState``'s effect and event types.
///
/// ```swift
/// let effects = makeAppEffects(service: InMemoryProcessService())
/// effects.handle(effect: .process(.downloadProcesses))   // a future of .process(.load(processes: …))
/// ```
///
/// `ComposedEffectHandler` takes ``AppState/Effect/process(_:)`` apart, gives the ``ProcessState/Effect`` to
/// ``ProcessEffects``, and wraps its answer in ``AppState/Event/process(_:)``. The session has no effects, so it
/// has no handler here. `handle(effect:)` runs on the store's queue; the answer resolves on the thread the service
/// answers on (for ``InMemoryProcessService``, its own queue).
///
/// - Parameter service: Fetches the processes. Held strongly by the returned handler.
/// - Returns: The app's effect handler.
public func makeAppEffects(service: any ProcessService) -> ComposedEffectHandler<AppState> {
    ComposedEffectHandler(
        .child(effect: .process, event: AppState.Event.process, perform: ProcessEffects(service: service).handle)
    )
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
    Store(initialState: initialState, effectHandler: makeAppEffects(service: service))
}
