// For snippets about keeping secrets out of recorded sessions (`with=SignUpForm`): a sign-up form whose password must
// never be recorded.
import EffectStore

struct SignUpForm: State, Codable {
    var email = ""
    var password = ""

    enum Event: Sendable, Codable {
        case emailChanged(String)
        case passwordChanged(String)
    }

    typealias Effect = Never

    static var initialState: SignUpForm { SignUpForm() }

    mutating func handle(event: Event) -> Never? {
        switch event {
        case .emailChanged(let email): self.email = email
        case .passwordChanged(let password): self.password = password
        }
        return nil
    }
}
