// For the README's linked-stores snippet: a session and a feed, each of which feeds the other.
import EffectStore
import Foundation

enum SessionState: State, Equatable {
    case loggedIn, loggedOut
    enum Event: Sendable { case logOut }
    typealias Effect = Never
    static var initialState: SessionState { .loggedIn }
    var isLoggedIn: Bool { self == .loggedIn }
    mutating func handle(event: Event) -> Never? {
        self = .loggedOut
        return nil
    }
}

struct FeedState: State, Equatable {
    var items: [String] = []
    var tokenExpired = false
    enum Event: Sendable { case tokenExpired, reset }
    typealias Effect = Never
    static var initialState: FeedState { FeedState() }
    mutating func handle(event: Event) -> Never? {
        switch event {
        case .tokenExpired: tokenExpired = true
        case .reset: self = FeedState()
        }
        return nil
    }
}

struct FeedAPI: Sendable {}

final class FeedEffects: EffectHandler, Sendable {
    typealias S = FeedState
    init(api: FeedAPI) {}
    func handle(effect: Never) -> Future<FeedState.Event>? {}
}

let api = FeedAPI()
