import EffectStore

/// Whether someone is logged in, and who.
///
/// A second feature, so the process list has something to react to: ``ProcessEvents`` turns the move from
/// logged-in to logged-out into ``ProcessState/Event/userDidLogOut``. It has no effects.
///
/// ```swift
/// var session = SessionState.initialState          // .loggedOut
/// _ = session.handle(event: .logIn(user: "ana"))   // .loggedIn(user: "ana")
/// session.isLoggedIn                               // true
/// ```
///
/// ## Transitions
///
/// ```
///  state \ event | logIn(user: u)   | logOut
///  --------------+------------------+----------
///  loggedOut     | loggedIn(u)      | ignored
///  loggedIn      | ignored          | loggedOut
/// ```
///
/// Logging in while logged in is ignored: to switch users, log out first, so that features drop the previous
/// user's data.
public enum SessionState: State, Hashable {
    /// Nobody is logged in: the initial state.
    case loggedOut
    /// `user` is logged in.
    case loggedIn(user: String)

    /// What can happen to the session.
    public enum Event: Sendable, Hashable {
        /// `user` logged in.
        case logIn(user: String)
        /// The user logged out.
        case logOut
    }

    /// The session has no effects.
    public typealias Effect = Never

    /// ``loggedOut``.
    public static var initialState: SessionState { .loggedOut }

    /// Moves to the next state for `event` (see "Transitions" above).
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: Always `nil`: the session has no effects.
    public mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.loggedOut, .logIn(let user)):
            self = .loggedIn(user: user)
        case (.loggedIn, .logOut):
            self = .loggedOut
        case (.loggedIn, .logIn), (.loggedOut, .logOut):
            break  // ignored
        }
        return nil
    }
}

extension SessionState {
    /// Whether someone is logged in.
    public var isLoggedIn: Bool {
        if case .loggedIn = self { return true }
        return false
    }

    /// The logged-in user, or `nil` when logged out.
    public var user: String? {
        if case .loggedIn(let user) = self { return user }
        return nil
    }
}
