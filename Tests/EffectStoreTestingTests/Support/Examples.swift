import EffectStore

/// A counter that saves every new count: the smallest state with an effect.
struct Counter: State, Hashable {
    var count: Int
    var isSaving = false

    enum Event: Sendable, Equatable, CaseIterable { case increment, decrement, saved }
    enum Effect: Sendable, Equatable { case save(Int) }

    static var initialState: Counter { Counter(count: 0) }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .increment:
            count += 1
            isSaving = true
            return .save(count)
        case .decrement:
            count -= 1
            isSaving = true
            return .save(count)
        case .saved:
            isSaving = false
            return nil
        }
    }
}

/// A login flow: two effects, locking out after three failures, and an event that is always ignored.
enum Login: State, Hashable {
    case loggedOut(failures: Int)
    case authenticating(failures: Int)
    case loggedIn(user: String)
    case lockedOut

    enum Event: Sendable, Equatable {
        case submit(password: String)
        case succeeded(user: String)
        case failed
        case logOut
        case ping
    }

    enum Effect: Sendable, Equatable {
        case authenticate(password: String)
        case loadProfile(user: String)
        case forgetSession
    }

    static var initialState: Login { .loggedOut(failures: 0) }

    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.loggedOut(let failures), .submit(let password)):
            self = .authenticating(failures: failures)
            return .authenticate(password: password)
        case (.authenticating, .succeeded(let user)):
            self = .loggedIn(user: user)
            return .loadProfile(user: user)
        case (.authenticating(let failures), .failed):
            self = failures + 1 >= 3 ? .lockedOut : .loggedOut(failures: failures + 1)
            return nil
        case (.loggedIn, .logOut):
            self = .loggedOut(failures: 0)
            return .forgetSession
        default:
            return nil
        }
    }
}

/// A door with a bug: locking it does not check that it is closed.
struct Door: State, Hashable {
    var isOpen = false
    var isLocked = false

    enum Event: Sendable, Equatable, CaseIterable { case open, close, lock, unlock }
    enum Effect: Sendable, Equatable { case chime }

    static var initialState: Door { Door() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .open where !isLocked && !isOpen:
            isOpen = true
            return .chime
        case .close where isOpen:
            isOpen = false
            return nil
        case .lock where !isLocked:
            isLocked = true  // the bug: an open door can be locked
            return nil
        case .unlock where isLocked:
            isLocked = false
            return nil
        default:
            return nil
        }
    }
}

struct Process: Sendable, Hashable {
    let id: Int
    let title: String
}

/// A list that loads, with nested values for structural diffs.
enum Catalog: State, Hashable {
    case idle
    case loading
    case loaded([Process])
    case failed(String)

    enum Event: Sendable, Equatable { case fetch, load([Process]), fail(String) }
    enum Effect: Sendable, Equatable { case download }

    static var initialState: Catalog { .idle }

    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (_, .fetch):
            self = .loading
            return .download
        case (.loading, .load(let processes)):
            self = .loaded(processes)
            return nil
        case (.loading, .fail(let message)):
            self = .failed(message)
            return nil
        default:
            return nil
        }
    }
}

/// An effect handler that performs nothing and answers nothing: for stores whose tests look at the effects asked for
/// (in a recorded session), not at their answers.
final class NoAnswers<Effect, Event: Sendable>: EffectHandler {
    func handle(effect: Effect) -> Future<Event>? { nil }
}
