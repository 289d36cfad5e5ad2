import EffectStore

/// The app-level feature: the session and the process list in one state, each handled by its own ``State``.
///
/// A parent that holds its children's states and only routes: session events go to ``session``, process events to
/// ``process``, with `State.handle(_:in:effect:)` doing the delegation by key path and lifting the child's effect.
/// The parent adds the decisions that need both children, and nothing else:
///
/// - **A log-out resets the process list.** When a session event moves the session from logged in to logged out,
///   the process child also handles ``ProcessState/Event/userDidLogOut``: what ``logOutEvents(of:)`` does between
///   two stores, here inside one state.
/// - **No process work while logged out.** Process events are ignored while nobody is logged in, so a download
///   cannot start, and a late answer cannot land, without a user.
///
/// ```swift
/// var app = AppState.initialState                               // logged out, process idle
/// _ = app.handle(event: .session(.logIn(user: "ana")))
/// let effect = app.handle(event: .process(.fetchProcesses))    // .lift(.startDownload)
/// _ = app.handle(event: .session(.logOut))                     // app.process == .idle
/// ```
///
/// Run it with ``makeAppStore(service:initialState:)``, whose effect handler (``makeAppEffects(service:)``) is
/// ``ProcessEffects`` lifted into the app's effect and event types.
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

    /// A child feature's effect, wrapped. The session has no effects, so only the process list's appear.
    public enum Work: Sendable, Hashable {
        /// An effect of the process list, for ``ProcessEffects``; never a plan (see `AppState.Effect.lift(_:)`).
        case process(ProcessState.Effect)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// Logged out, with an idle process list.
    public static var initialState: AppState { AppState() }

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
            let effect = handle(event, in: \.session)
            if wasLoggedIn && !session.isLoggedIn {
                return handle(.userDidLogOut, in: \.process, effect: { .work(.process($0)) }) ?? effect
            }
            return effect
        case .process(let event):
            guard session.isLoggedIn else { return nil }  // no user, no process list
            return handle(event, in: \.process, effect: { .work(.process($0)) })
        }
    }
}

extension Planned<AppState.Work> {
    /// The process list's `effect` as the app's: its work wrapped in `.work(.process(_:))`, a plan kept a plan
    /// around lifted effects (`ComposableEffect.lifting(_:into:)`), so that the store still carries it out (the
    /// log-out still cancels the download). `handle(_:in:effect:)` lifts this way by itself; tests use this to
    /// write what they expect.
    ///
    /// ```swift
    /// AppState.Effect.lift(.startDownload)
    /// // == AppState.Effect.work(.process(.work(.downloadProcesses))).cancellable(id: ProcessEffectID.download)
    /// ```
    ///
    /// - Parameter effect: An effect of ``ProcessState``.
    /// - Returns: The same effect, for ``AppState``.
    public static func lift(_ effect: ProcessState.Effect) -> Planned {
        .lifting(effect, into: { .work(.process($0)) })
    }
}

extension EnumCase where Root == AppState.Effect, Value == ProcessState.Effect {
    /// ``AppState/Effect/process(_:)``, for ``ComposedEffectHandler`` to recognise the process feature's effects.
    public static var process: Self {
        EnumCase({ .work(.process($0)) }) { if case .work(.process(let effect)) = $0 { effect } else { nil } }
    }
}
