import EffectStore
import EffectStoreLogging

// A child that declares its secret, routed two levels down by parents that declare nothing: the composition of
// issue 54's point 11, in this one file. Every type has a tag, so that each test has types of its own: the process
// learns a child's types once (`RedactionsByType`), and what one test taught it must not make another pass.

/// A sign-up form that declares its password secret: in its state, its events and its effects.
struct SecretForm<Tag>: SessionRedacting, Equatable, Codable {
    var email = ""
    var password = ""

    enum Event: Sendable, Equatable, Codable { case emailChanged(String), passwordChanged(String), submitted }
    enum Work: Sendable, Equatable, Codable { case checkStrength(String), submit(email: String, password: String) }
    typealias Effect = Planned<Work>

    static var initialState: SecretForm { SecretForm() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .emailChanged(let email):
            self.email = email
            return nil
        case .passwordChanged(let password):
            self.password = password
            return .work(.checkStrength(password))
        case .submitted:
            return .work(.submit(email: email, password: password))
        }
    }

    static var sessionRedaction: SessionRedaction<SecretForm> {
        SessionRedaction()
            .replacing(\.password, with: "•••")
            .events { event in
                guard case .passwordChanged = event else { return event }
                return .passwordChanged("•••")
            }
            .effects { effect in
                switch effect {
                case .work(.checkStrength): return .work(.checkStrength("•••"))
                case .work(.submit(let email, _)): return .work(.submit(email: email, password: "•••"))
                default: return effect
                }
            }
    }
}

/// An account screen that presents the form in a sheet.
struct Account<Tag>: ChildState, Equatable, Codable {
    var name = ""
    var signUp: SecretForm<Tag>?

    enum Event: Sendable, Equatable, Codable { case signUpTapped, signUp(PresentationEvent<SecretForm<Tag>.Event>) }
    enum Work: Sendable, Equatable, Codable { case signUp(SecretForm<Tag>.Work) }
    typealias Effect = Planned<Work>

    // A generic type has no `static let`: a place at a key path, made anew, is the same place.
    static var signUpForm: ChildPlace<Account, SecretForm<Tag>?> {
        ChildPlace(\Account.signUp, event: Event.signUp, work: Work.signUp)
    }
    static var places: ChildPlaces<Account> { [signUpForm] }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .signUpTapped:
            signUp = SecretForm()
            return nil
        case .signUp(let event):
            return route(event, to: Self.signUpForm)
        }
    }
}

/// The app: the account in a property. Declares no redaction.
struct Onboarding<Tag>: State, Equatable, Codable {
    var account = Account<Tag>()

    enum Event: Sendable, Equatable, Codable { case account(Account<Tag>.Event) }
    enum Work: Sendable, Equatable, Codable { case account(Account<Tag>.Work) }
    typealias Effect = Planned<Work>

    static var initialState: Onboarding { Onboarding() }
    static var account: ChildPlace<Onboarding, SingleChild<Account<Tag>>> {
        ChildPlace(\Onboarding.account, event: Event.account, work: Work.account)
    }
    static var places: ChildPlaces<Onboarding> { [account] }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .account(let event): return route(event, to: Self.account)
        }
    }

    /// The form's event, as the app receives it.
    static func form(_ event: SecretForm<Tag>.Event) -> Event { .account(.signUp(.presented(event))) }
}
