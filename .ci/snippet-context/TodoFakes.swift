// For the todo list's test snippet of Building an app from features: the in-memory file and the notifier its test
// uses (Tests/AppExamplesTests/Support), in short.
import AppExamples
import EffectStore
import Foundation

final class InMemoryTodoFile: TodoStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func read() async throws -> Data? { lock.withLock { data } }
    func write(_ data: Data) async throws { lock.withLock { self.data = data } }
}

final class RecordingNotifier: TodoNotifier, @unchecked Sendable {
    private let lock = NSLock()
    private var titles: [String] = []
    var shown: [String] { lock.withLock { titles } }
    func notify(_ title: String) { lock.withLock { titles.append(title) } }
}

let file = InMemoryTodoFile()
let notifier = RecordingNotifier()
