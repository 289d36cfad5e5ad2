import EffectStore

// Small recruitment-shaped fixtures for the library's own tests of derived view state (part 1), store event
// sources (part 3), child features (part 4) and async effects (part 5). The real example module now does parts 1, 3
// and 4 itself (Tests/RecruitmentProcess: ProcessListViewState, logOutEvents(of:), AppState/makeAppEffects). These
// stay because they exercise what it does not — an async `ProcessEffects` with a `FailureEvent`, a child with an
// effect (`SessionEffects`), an enum-case child (`AppFlow`) — and because EffectStoreTests depends on EffectStore
// alone.

struct Process: Sendable, Equatable {
    let id: Int
    let title: String
}

/// Who is logged in.
struct SessionState: State, Equatable {
    var user: String?

    var isLoggedIn: Bool { user != nil }

    enum Event: Sendable, Equatable {
        case logIn(user: String)
        case logOut
    }

    enum Effect: Sendable, Equatable {
        case forgetCredentials
    }

    static var initialState: SessionState { SessionState(user: nil) }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .logIn(let user):
            self.user = user
            return nil
        case .logOut:
            guard isLoggedIn else { return nil }
            user = nil
            return .forgetCredentials
        }
    }
}

/// The article's recruitment processes: download, show, forget on log-out.
enum ProcessState: State, Equatable {
    case idle
    case loading
    case loaded([Process])
    case failed(String)

    enum Event: FailureEvent {
        case fetchProcesses
        case load(processes: [Process])
        case failed(any Error)
        case userDidLogOut
    }

    enum Effect: Sendable, Equatable {
        case downloadProcesses
    }

    static var initialState: ProcessState { .idle }

    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.idle, .fetchProcesses), (.loaded, .fetchProcesses), (.failed, .fetchProcesses):
            self = .loading
            return .downloadProcesses
        case (.loading, .load(let processes)):
            self = .loaded(processes)
            return nil
        case (.loading, .failed(let error)):
            self = .failed("\(error)")
            return nil
        case (_, .userDidLogOut):
            self = .idle
            return nil
        default:
            return nil
        }
    }
}

/// What the process list shows: derived from `ProcessState` with a pure function (part 1).
struct ProcessListViewState: Equatable, Sendable {
    let title: String
    let rows: [String]
    let showsSpinner: Bool

    init(_ state: ProcessState) {
        switch state {
        case .idle: self.init(title: "Processes", rows: [], showsSpinner: false)
        case .loading: self.init(title: "Loading…", rows: [], showsSpinner: true)
        case .loaded(let processes): self.init(title: "Processes", rows: processes.map(\.title), showsSpinner: false)
        case .failed(let message): self.init(title: "Error: \(message)", rows: [], showsSpinner: false)
        }
    }

    init(title: String, rows: [String], showsSpinner: Bool) {
        self.title = title
        self.rows = rows
        self.showsSpinner = showsSpinner
    }
}

protocol ProcessService: Sendable {
    func fetch() async throws -> [Process]
}

struct StubProcessService: ProcessService {
    var processes = [Process(id: 1, title: "iOS engineer"), Process(id: 2, title: "Designer")]

    func fetch() async throws -> [Process] { processes }
}

struct FailingProcessService: ProcessService {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    func fetch() async throws -> [Process] { throw Offline() }
}

/// The process feature's effects, written with async/await (part 5).
final class ProcessEffects: EffectHandler {
    typealias S = ProcessState

    private let service: any ProcessService

    init(service: any ProcessService) { self.service = service }

    func handle(effect: ProcessState.Effect) -> Future<ProcessState.Event>? {
        switch effect {
        case .downloadProcesses:
            let service = self.service
            return Future { .load(processes: try await service.fetch()) }
        }
    }
}

final class SessionEffects: EffectHandler {
    typealias S = SessionState

    func handle(effect: SessionState.Effect) -> Future<SessionState.Event>? {
        switch effect {
        case .forgetCredentials: return nil  // fire and forget
        }
    }
}

/// A process store kept in sync with the session store in one line (part 3).
func makeProcessStore(sessionStore: Store<SessionState>, service: any ProcessService) -> Store<ProcessState> {
    Store(
        effectHandler: ProcessEffects(service: service),
        eventSource: StoreEventSource(sessionStore.map(\.isLoggedIn)) { $0 ? nil : .userDidLogOut }
    )
}

/// The app-level feature: composes the session and the processes (part 4).
struct AppState: State, Equatable {
    var session = SessionState.initialState
    var process = ProcessState.initialState

    enum Event: Sendable {
        case session(SessionState.Event)
        case process(ProcessState.Event)
    }

    enum Effect: Sendable, Equatable {
        case session(SessionState.Effect)
        case process(ProcessState.Effect)
    }

    static var initialState: AppState { AppState() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .session(let event):
            let effect = handle(event, in: \.session, effect: Effect.session)
            if !session.isLoggedIn { _ = handle(.userDidLogOut, in: \.process, effect: Effect.process) }
            return effect
        case .process(let event):
            return handle(event, in: \.process, effect: Effect.process)
        }
    }
}

/// The app-level effect handler, built from the children's (part 4).
func makeAppEffects(service: any ProcessService) -> ComposedEffectHandler<AppState> {
    ComposedEffectHandler(
        SessionEffects().lifted(effect: AppState.Effect.session, event: AppState.Event.session),
        ProcessEffects(service: service).lifted(effect: AppState.Effect.process, event: AppState.Event.process)
    )
}

/// An enum-shaped parent: the process feature exists only while logged in (part 4, "a case for the state").
enum AppFlow: State, Equatable {
    case loggedOut
    case loggedIn(ProcessState)

    enum Event: Sendable {
        case logIn
        case process(ProcessState.Event)
    }

    enum Effect: Sendable, Equatable {
        case process(ProcessState.Effect)
    }

    static var initialState: AppFlow { .loggedOut }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .logIn:
            self = .loggedIn(.idle)
            return nil
        case .process(let event):
            return handle(event, inCase: AppFlow.loggedIn, effect: Effect.process)
        }
    }
}
