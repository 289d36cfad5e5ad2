import EffectStore

/// Tells the process list when the user logs out, by watching a session store.
///
/// It subscribes to the ``SessionState`` store in ``configureEventSource(dispatch:)`` and dispatches
/// ``ProcessState/Event/userDidLogOut`` each time the session goes from logged in to logged out.
///
/// ```swift
/// let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
/// let processStore = Store<ProcessState>(
///     effectHandler: ProcessEffects(service: service),
///     eventSource: ProcessEvents(sessionStore: sessionStore)
/// )
/// sessionStore.dispatch(event: .logOut)   // the process store soon handles .userDidLogOut
/// ```
///
/// This is the article's explicit version, written by hand. ``makeProcessStore(service:sessionStore:initialState:)``
/// uses ``logOutEvents(of:)`` instead: the same events from a `StoreEventSource`, in one line, which unlike this
/// class does not keep the session store alive.
///
/// ## What counts as a log-out
///
/// Only a *transition* from logged in to logged out. A session that is already logged out when the process store
/// is created sends nothing: the process list starts ``ProcessState/idle`` and has nothing to forget. A logged-out
/// state delivered again sends nothing either.
///
/// ## Threading and lifetime
///
/// The subscription's block runs on the session store's queue, so the `userDidLogOut` it dispatches is enqueued on
/// the process store's queue asynchronously (see "Threading" on ``Store``): when `sessionStore.dispatch(event:
/// .logOut)` returns, the process store may not have handled it yet. The "was logged in" flag lives behind a
/// private lock.
///
/// The process store owns this source; this source owns the subscription token and keeps the session store alive.
/// The session store's subscriber block captures neither this object nor the process store, so there is no cycle:
/// releasing the process store releases this source, whose token then cancels the subscription.
public final class ProcessEvents: EventSource, Sendable {
    private let sessionStore: Store<SessionState>
    private let token = LockedBox<SubscriptionToken?>.make(nil)

    /// Creates the event source.
    ///
    /// - Parameter sessionStore: The session to watch. Held strongly; it is subscribed to only when a store calls
    ///   ``configureEventSource(dispatch:)``.
    public init(sessionStore: Store<SessionState>) {
        self.sessionStore = sessionStore
    }

    /// Subscribes to the session store and dispatches ``ProcessState/Event/userDidLogOut`` on each log-out.
    ///
    /// Called once by the process store, during its initializer. Calling it again replaces the subscription.
    ///
    /// - Parameter dispatch: Sends an event into the process store; called on the session store's queue.
    public func configureEventSource(dispatch: @escaping @Sendable (ProcessState.Event) -> Void) {
        let detector = LockedBox.make(LogOutDetector())
        let newToken = sessionStore.subscribe { session in
            let didLogOut = detector.withLock { $0.observe(isLoggedIn: session.isLoggedIn) }
            if didLogOut { dispatch(.userDidLogOut) }
        }
        let previous = token.withLock { token in
            defer { token = newToken }
            return token
        }
        previous?.cancel()  // outside the lock
    }

    /// The current subscription, so tests can check that it goes away with this object.
    var subscription: SubscriptionToken? {
        token.withLock { $0 }
    }
}

/// Turns a sequence of "is logged in" observations into log-out moments. A pure value; starts as "logged out", so a
/// first observation of "logged out" is not a log-out.
struct LogOutDetector {
    private var wasLoggedIn = false

    /// Records `isLoggedIn` and returns whether it ends a logged-in period.
    mutating func observe(isLoggedIn: Bool) -> Bool {
        defer { wasLoggedIn = isLoggedIn }
        return wasLoggedIn && !isLoggedIn
    }
}
