import EffectStore
import Foundation

/// The list's effects: reads and writes the todo list as JSON in a ``TodoStorage``, and hands a row's work to
/// ``TodoReminders``, whose answer comes back with the row's id.
public final class TodoListEffects: PlannedEffectHandler, Sendable {
    private let storage: any TodoStorage
    private let reminders: TodoReminders

    /// The list's effects, saving in `storage` and reminding with `notifier`.
    public init(storage: any TodoStorage, notifier: any TodoNotifier) {
        self.storage = storage
        reminders = TodoReminders(notifier: notifier)
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
        case .todo(let id, let work):
            return TodoList.todos.answer((id, work), by: reminders.perform)
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
