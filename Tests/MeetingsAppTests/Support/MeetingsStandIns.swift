import EffectStore
import Foundation
import MeetingsApp

/// Speech recognition the test speaks into: each ``say(_:)`` is the next transcript of every running stream.
final class ScriptedSpeech: SpeechRecognizer, @unchecked Sendable {
    // Safe because: every stored var is only touched under `lock`; continuations are called outside it.
    private let lock = NSLock()
    private var running: [Int: AsyncStream<String>.Continuation] = [:]
    private var started = 0

    /// How many streams were started.
    var startedCount: Int { lock.withLock { started } }
    /// How many streams run: started, and neither finished nor cancelled.
    var runningCount: Int { lock.withLock { running.count } }

    func transcripts() -> AsyncStream<String> {
        AsyncStream { continuation in
            let key = lock.withLock {
                started += 1
                running[started] = continuation
                return started
            }
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                _ = self.lock.withLock { self.running.removeValue(forKey: key) }
            }
        }
    }

    /// Sends `transcript` to every running stream.
    func say(_ transcript: String) {
        for continuation in lock.withLock({ Array(running.values) }) { continuation.yield(transcript) }
    }
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
