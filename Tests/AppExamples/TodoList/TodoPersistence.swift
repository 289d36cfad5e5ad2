import EffectStore
import Foundation

/// Reads and writes the todo list as JSON in a ``TodoStorage``.
public final class TodoPersistence: Sendable {
    /// What the list asks of its storage.
    public enum Effect: Sendable, Equatable {
        case load
        case save(IdentifiedStates<Todo>)
    }

    /// What the storage answers.
    public enum Event: Sendable, Equatable {
        /// The saved list; empty when nothing was saved yet.
        case loaded(IdentifiedStates<Todo>)
        case saved
        /// A read or write failed, with what went wrong.
        case failed(String)
    }

    private let storage: any TodoStorage

    /// Persistence in `storage`.
    public init(storage: any TodoStorage) {
        self.storage = storage
    }

    /// Starts the read or write; answers when it is done.
    public func handle(_ effect: Effect) -> Future<Event>? {
        switch effect {
        case .load:
            return .run { [storage] send in
                do {
                    guard let data = try await storage.read() else { return send(.loaded([])) }
                    send(.loaded(try JSONDecoder().decode(IdentifiedStates<Todo>.self, from: data)))
                } catch {
                    send(.failed("Could not read the todos: \(error)"))
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
                    send(.failed("Could not save the todos: \(error)"))
                }
            }
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
