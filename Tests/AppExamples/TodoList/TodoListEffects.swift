import EffectStore
import Foundation

/// The list's own effects: reads and writes the todo list as JSON in a ``TodoStorage``. The rows' effects go to
/// ``TodoReminders``; both are put together by ``makeTodoEffects(storage:notifier:)``, this one with
/// `.own(_:)`.
public final class TodoListEffects: PlannedEffectHandler, Sendable {
    private let storage: any TodoStorage

    /// The list's effects, saving in `storage`.
    public init(storage: any TodoStorage) {
        self.storage = storage
    }

    /// Starts the read or write; answers when it is done.
    public func perform(_ work: TodoList.Work) -> EffectAnswer<TodoList.Event>? {
        switch work {
        case .load:
            return .run { [storage] send in
                do {
                    guard let data = try await storage.read() else { return send(.loaded([])) }
                    send(.loaded(try JSONDecoder().decode(IdentifiedStates<Todo>.self, from: data)))
                } catch {
                    send(.storageFailed("Could not read the todos: \(error)"))
                }
            }
        case .save(let todos):
            return .run { [storage] send in
                do {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    try await storage.write(try encoder.encode(todos))
                    send(.saved)
                } catch {
                    send(.storageFailed("Could not save the todos: \(error)"))
                }
            }
        case .todo:
            return nil  // a row's effect is claimed by the rows' part first; the store carries out plans itself
        }
    }
}

/// Where the todo list is saved: a file, or a stand-in for one.
public protocol TodoStorage: Sendable {
    /// The saved bytes, or `nil` when nothing was saved yet.
    func read() async throws -> Data?
    /// Replaces the saved bytes.
    func write(_ data: Data) async throws
}

/// A file on disk, written atomically.
public struct TodoFile: TodoStorage {
    /// Where the file is.
    public let url: URL

    /// The file at `url`.
    public init(url: URL) { self.url = url }

    public func read() async throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func write(_ data: Data) async throws {
        try data.write(to: url, options: .atomic)
    }
}
