import AppExamples
import Foundation

/// An in-memory stand-in for the todo file: records every write, and can hold writes until the test lets them
/// finish, to make a save slow.
final class InMemoryTodoFile: TodoStorage, @unchecked Sendable {
    // Safe because: every stored var is only touched under `lock`; continuations are resumed outside it.
    private let lock = NSLock()
    private var data: Data?
    private var writes: [Data] = []
    private var isHolding: Bool
    private var held: [CheckedContinuation<Void, Never>] = []

    init(saved: Data? = nil, holdingWrites: Bool = false) {
        self.data = saved
        self.isHolding = holdingWrites
    }

    /// The lists written, in order, decoded.
    var writtenTitles: [[String]] {
        lock.withLock { writes }.map { data in
            ((try? JSONDecoder().decode([Todo].self, from: data)) ?? []).map(\.title)
        }
    }

    var savedData: Data? { lock.withLock { data } }

    /// How many writes wait for ``releaseWrites()``.
    var heldCount: Int { lock.withLock { held.count } }

    /// Lets every held write finish, and the ones after it not wait.
    func releaseWrites() {
        let waiting = lock.withLock {
            isHolding = false
            defer { held = [] }
            return held
        }
        for continuation in waiting { continuation.resume() }
    }

    func read() async throws -> Data? { lock.withLock { data } }

    func write(_ data: Data) async throws {
        await withCheckedContinuation { continuation in
            let holds = lock.withLock {
                if isHolding { held.append(continuation) }
                return isHolding
            }
            if !holds { continuation.resume() }
        }
        lock.withLock {
            self.data = data
            writes.append(data)
        }
    }
}

/// Records the reminders shown.
final class RecordingNotifier: TodoNotifier, @unchecked Sendable {
    // Safe because: `titles` is only touched under `lock`.
    private let lock = NSLock()
    private var titles: [String] = []

    var shown: [String] { lock.withLock { titles } }

    func notify(_ title: String) { lock.withLock { titles.append(title) } }
}

/// Waits, a bounded time, until `condition` holds; false when it never did.
func eventually(within seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}
