import EffectStore

// Stand-ins for the recruitment example (Tests/RecruitmentProcess), for the library's own tests of derived view
// state, store event sources, child features and async effects. EffectStoreTests depends on EffectStore alone, not on
// the example module, so these are small copies of its shapes; each is named `StandIn…` so that it is never taken
// for the example's real type of the same role (`ProcessState`, `SessionState`, …). They also cover what the example
// does not: an async effect handler answering with a `FailureEvent`, a child with an effect, an enum-case child.

struct StandInProcess: Sendable, Equatable {
    let id: Int
    let title: String
}

/// Who is logged in.
struct StandInSession: State, Equatable {
    var user: String?

    var isLoggedIn: Bool { user != nil }

    enum Event: Sendable, Equatable {
        case logIn(user: String)
        case logOut
    }

    enum Work: Sendable, Equatable {
        case forgetCredentials
    }
    typealias Effect = Planned<Work>

    static var initialState: StandInSession { StandInSession(user: nil) }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .logIn(let user):
            self.user = user
            return nil
        case .logOut:
            guard isLoggedIn else { return nil }
            user = nil
            return .work(.forgetCredentials)
        }
    }
}

/// The article's recruitment processes: download, show, forget on log-out.
enum StandInProcessState: State, Equatable {
    case idle
    case loading
    case loaded([StandInProcess])
    case failed(String)

    enum Event: FailureEvent {
        case fetchProcesses
        case load(processes: [StandInProcess])
        case failed(any Error)
        case userDidLogOut
    }

    enum Work: Sendable, Equatable {
        case downloadProcesses
    }
    typealias Effect = Planned<Work>

    static var initialState: StandInProcessState { .idle }

    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.idle, .fetchProcesses), (.loaded, .fetchProcesses), (.failed, .fetchProcesses):
            self = .loading
            return .work(.downloadProcesses)
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

/// What the process list shows: derived from `StandInProcessState` with a pure function (part 1).
struct StandInListViewState: Equatable, Sendable {
    let title: String
    let rows: [String]
    let showsSpinner: Bool

    init(_ state: StandInProcessState) {
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

protocol StandInService: Sendable {
    func fetch() async throws -> [StandInProcess]
}

struct StubStandInService: StandInService {
    var processes = [StandInProcess(id: 1, title: "iOS engineer"), StandInProcess(id: 2, title: "Designer")]

    func fetch() async throws -> [StandInProcess] { processes }
}

struct FailingStandInService: StandInService {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    func fetch() async throws -> [StandInProcess] { throw Offline() }
}

/// The process feature's work, written with async/await (part 5).
final class StandInProcessEffects: PlannedEffectHandler {
    private let service: any StandInService

    init(service: any StandInService) { self.service = service }

    func perform(_ work: StandInProcessState.Work) -> Future<StandInProcessState.Event>? {
        switch work {
        case .downloadProcesses:
            let service = self.service
            return Future { .load(processes: try await service.fetch()) }
        }
    }
}

final class StandInSessionEffects: PlannedEffectHandler {
    func perform(_ work: StandInSession.Work) -> Future<StandInSession.Event>? {
        switch work {
        case .forgetCredentials: return nil  // fire and forget
        }
    }
}

/// A process store kept in sync with the session store in one line (part 3).
func makeStandInProcessStore(
    sessionStore: Store<StandInSession>, service: any StandInService
) -> Store<StandInProcessState> {
    Store(
        effectHandler: StandInProcessEffects(service: service),
        eventSource: StoreEventSource(sessionStore.map(\.isLoggedIn)) { $0 ? nil : .userDidLogOut }
    )
}

/// The app-level feature: composes the session and the processes, each at a place of its own (part 4).
struct StandInAppState: State, Equatable {
    var session = StandInSession.initialState
    var process = StandInProcessState.initialState

    enum Event: Sendable {
        case session(StandInSession.Event)
        case process(StandInProcessState.Event)
    }

    enum Work: Sendable, Equatable {
        case session(StandInSession.Work)
        case process(StandInProcessState.Work)
    }
    typealias Effect = Planned<Work>

    static var initialState: StandInAppState { StandInAppState() }

    static let session = ChildPlace(\StandInAppState.session, event: Event.session, work: Work.session)
    static let process = ChildPlace(\StandInAppState.process, event: Event.process, work: Work.process)
    static let places: ChildPlaces<StandInAppState> = [session, process]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .session(let event):
            let effect = route(event, to: Self.session)
            if !session.isLoggedIn { _ = route(.userDidLogOut, to: Self.process) }
            return effect
        case .process(let event):
            return route(event, to: Self.process)
        }
    }
}

/// The app-level effect handler: hands each child's work to the child's handler through its place (part 4).
final class StandInAppEffects: PlannedEffectHandler {
    private let session = StandInSessionEffects()
    private let process: StandInProcessEffects

    init(service: any StandInService) { process = StandInProcessEffects(service: service) }

    func perform(_ work: StandInAppState.Work) -> EffectAnswer<StandInAppState.Event>? {
        switch work {
        case .session(let work): return StandInAppState.session.answer(work, by: session.perform)
        case .process(let work): return StandInAppState.process.answer(work, by: process.perform)
        }
    }
}

/// An enum-shaped parent: the process feature exists only while logged in (part 4, "a case for the state").
enum StandInAppFlow: State, Equatable {
    case loggedOut
    case loggedIn(StandInProcessState)

    enum Event: Sendable {
        case logIn
        case process(StandInProcessState.Event)
    }

    enum Work: Sendable, Equatable {
        case process(StandInProcessState.Work)
    }
    typealias Effect = Planned<Work>

    static var initialState: StandInAppFlow { .loggedOut }

    static let loggedIn = ChildPlace(
        case: StandInAppFlow.loggedIn, extract: { if case .loggedIn(let process) = $0 { process } else { nil } },
        event: Event.process, work: Work.process)
    static let places: ChildPlaces<StandInAppFlow> = [loggedIn]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .logIn:
            self = .loggedIn(.idle)
            return nil
        case .process(let event):
            return route(event, to: Self.loggedIn)
        }
    }
}
