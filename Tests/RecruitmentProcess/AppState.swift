import EffectStore

/// The app-level feature: the session and the process list in one state, each handled by its own ``State``.
///
/// A parent that holds its children's states and only routes: session events go to ``session``, process events to
/// ``process``, each a `ChildPlace` declared once, with `route(_:to:)` handing the event over and lifting the child's
/// work. The parent adds the decisions that need both children, and nothing else:
///
/// - **A log-out resets the process list.** When a session event moves the session from logged in to logged out,
///   the process child also handles ``ProcessState/Event/userDidLogOut``: what ``logOutEvents(of:)`` does between
///   two stores, here inside one state.
/// - **No process work while logged out.** Process events are ignored while nobody is logged in, so a download
///   cannot start, and a late answer cannot land, without a user.
///
/// ```swift
/// var app = AppState.initialState                                  // logged out, process idle
/// _ = app.transition(on: .session(.logIn(user: "ana")))
/// let effect = app.transition(on: .process(.fetchProcesses))      // AppState.process.lift(.startDownload)
/// _ = app.transition(on: .session(.logOut))                       // app.process == .idle
/// ```
///
/// Run it with ``makeAppStore(service:initialState:)``, whose effect handler (``AppEffects``) hands the process list's
/// work to ``ProcessEffects``.
public struct AppState: State, Hashable {
    /// Who is logged in.
    public var session: SessionState
    /// The process list.
    public var process: ProcessState

    /// A child feature's event, wrapped.
    public enum Event: Sendable, Hashable {
        /// An event for the session.
        case session(SessionState.Event)
        /// An event for the process list.
        case process(ProcessState.Event)
    }

    /// A child feature's work, wrapped. The session has no effects, so only the process list's appear.
    public enum Work: Sendable, Hashable {
        /// The process list's work, for ``ProcessEffects``.
        case process(ProcessState.Work)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// Logged out, with an idle process list.
    public static var initialState: AppState { AppState() }

    /// Where the session lives: it has no effects.
    public static let session = ChildPlace(\AppState.session, event: Event.session)
    /// Where the process list lives, and where its work goes.
    public static let process = ChildPlace(\AppState.process, event: Event.process, work: Work.process)
    public static let places: ChildPlaces<AppState> = [session, process]

    /// Creates an app state.
    ///
    /// ```swift
    /// let app = AppState(session: .loggedIn(user: "ana"), process: .loaded(Process.examples))
    /// ```
    ///
    /// - Parameters:
    ///   - session: The session; ``SessionState/initialState`` by default.
    ///   - process: The process list; ``ProcessState/initialState`` by default.
    public init(session: SessionState = .initialState, process: ProcessState = .initialState) {
        self.session = session
        self.process = process
    }

    /// Hands the event to the child it belongs to, and returns the child's effect, lifted.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: The process list's effect, lifted (plans kept plans), otherwise `nil`.
    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .session(let event):
            let wasLoggedIn = session.isLoggedIn
            let effect = route(event, to: Self.session)
            if wasLoggedIn && !session.isLoggedIn {
                return route(.userDidLogOut, to: Self.process) ?? effect
            }
            return effect
        case .process(let event):
            guard session.isLoggedIn else { return nil }  // no user, no process list
            return route(event, to: Self.process)
        }
    }
}
