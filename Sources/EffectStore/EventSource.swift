/// Feeds events from outside a feature — another store, a notification, a timer — into a ``Store``.
///
/// A store calls ``configureEventSource(dispatch:)`` exactly once, while it is being created, and gives the
/// source a `dispatch` function. The source keeps that function and calls it whenever something outside should
/// become an event. It only ever sees `S.Event -> Void`, never the state, so the logic stays in the state.
///
/// ```swift
/// final class ProcessEvents: EventSource {
///     private let sessionStore: Store<SessionState>
///     private var token: SubscriptionToken?
///
///     init(sessionStore: Store<SessionState>) { self.sessionStore = sessionStore }
///
///     func configureEventSource(dispatch: @escaping @Sendable (ProcessState.Event) -> Void) {
///         // Transitions, not states: one event per log-out. A subscriber would also see the current state at
///         // once, and every later state, so it would send the event at creation and again on each logged-out state.
///         token = sessionStore.observeTransitions { transition in
///             if transition.from.isLoggedIn && !transition.to.isLoggedIn { dispatch(.userDidLogOut) }
///         }
///     }
/// }
/// ```
///
/// ## Obligations and guarantees
///
/// - Name the state's event type in `configureEventSource(dispatch:)`'s parameter: Swift infers
///   ``DispatchedEvent`` from it, and a store takes the source of the state whose events those are.
/// - `configureEventSource(dispatch:)` is called once, on the thread that creates the store, before the store's
///   initializer returns. You may call `dispatch` right away, inside it.
/// - `dispatch` is safe to call from any thread at any time (<doc:Threading>). It does not keep the store alive:
///   once the store is released, calling it does nothing.
/// - The store holds its event source strongly and releases it with itself. The source must not hold the store
///   strongly.
public protocol EventSource: AnyObject {
    /// The events this source produces: a state's `Event`. Swift infers it from
    /// ``configureEventSource(dispatch:)``'s parameter.
    associatedtype DispatchedEvent

    /// Keeps `dispatch` and starts feeding events through it.
    ///
    /// - Parameter dispatch: Sends an event into the store. Callable from any thread; a no-op once the store is
    ///   gone.
    func configureEventSource(dispatch: @escaping @Sendable (DispatchedEvent) -> Void)
}
