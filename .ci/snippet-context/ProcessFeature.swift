// What the process-feature snippets of the articles assume exists in the reader's module: the state, its events
// and effects, and a service. `.ci/check-snippets` compiles a snippet marked
// `<!-- snippet: compile with=ProcessFeature -->` beside this file, in a module of its own.
import EffectStore

struct Process: Sendable, Equatable, Codable {
    let title: String
}

protocol ProcessService: Sendable {
    func fetchAll() async throws -> [Process]
}

enum ProcessState: State, Equatable, Codable {
    case idle, loading, loaded([Process]), error(String)

    enum Event: Sendable, Equatable, Codable {
        case fetchProcesses, load(processes: [Process]), failed(reason: String)
    }
    enum Effect: Sendable, Equatable { case downloadProcesses }

    static var initialState: ProcessState { .idle }

    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.loading, .fetchProcesses):
            return nil
        case (_, .fetchProcesses):
            self = .loading
            return .downloadProcesses
        case (.loading, .load(let processes)):
            self = .loaded(processes)
        case (.loading, .failed(let reason)):
            self = .error(reason)
        default:
            break
        }
        return nil
    }
}
