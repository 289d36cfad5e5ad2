import EffectStore

/// Who is logged in: the store the feed listens to.
///
/// ```swift
/// let sessionStore = Store<UserSession>(initialState: .loggedIn(user: "ana"))
/// sessionStore.dispatch(event: .logOut)   // the feed store resets, and its fetch in flight is cancelled
/// ```
public enum UserSession: State, Equatable {
    /// Nobody is logged in.
    case loggedOut
    /// `user` is logged in.
    case loggedIn(user: String)

    /// What can happen to the session.
    public enum Event: Sendable, Equatable {
        /// `user` logs in; ignored while someone is.
        case logIn(user: String)
        /// The user logs out.
        case logOut
    }

    /// The session has no effects.
    public typealias Effect = Never

    /// ``loggedOut``.
    public static var initialState: UserSession { .loggedOut }

    /// Logs in or out.
    ///
    /// - Parameter event: The event to handle.
    /// - Returns: Always `nil`.
    public mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.loggedOut, .logIn(let user)): self = .loggedIn(user: user)
        case (_, .logOut): self = .loggedOut
        case (.loggedIn, .logIn): break
        }
        return nil
    }

    /// Whether someone is logged in.
    public var isLoggedIn: Bool {
        if case .loggedIn = self { return true }
        return false
    }
}
