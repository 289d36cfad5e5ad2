import EffectStore
import Foundation

/// A saved value kept in memory: for tests and previews, where nothing should reach the disk.
///
/// It can be seeded with a value or with raw bytes (a corrupt file, a file from a newer version), and it can be told
/// to fail reads or writes, so a test can show what a feature does when saving goes wrong. It records every write, so
/// a test can assert what was saved.
///
/// ```swift
/// let storage = InMemoryStorage()
/// storage.failWrites(1)                  // the next write throws
/// let writer = SavedValueWriter(key: meetingsKey, storage: storage)
/// ```
///
/// It is safe to use from any thread: its state is behind a lock.
public final class InMemoryStorage: SavedValueStorage {
    struct Contents {
        var data: Data?
        var writes: [Data] = []
        var keptAside: [Data] = []
        var failingReads = 0
        var failingWrites = 0
    }

    let contents: LockedBox<Contents>

    /// A storage holding `data`, or nothing.
    ///
    /// - Parameter data: The saved bytes to start from; `nil` (the default) for a key never saved.
    public init(data: Data? = nil) {
        contents = .make(Contents(data: data))
    }

    /// A storage holding `value`, saved as `key` saves it (at the key's version).
    ///
    /// ```swift
    /// let storage = InMemoryStorage(seeding: [Meeting.standup], as: meetingsKey)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to start from.
    ///   - key: The key whose format is used.
    public convenience init<Value>(seeding value: Value, as key: SavedKey<Value>) {
        // A value the encoder cannot encode is a programmer error in a test's setup.
        do {
            self.init(data: try SavedValueCoding(key: key).encode(value))
        } catch {
            fatalError("InMemoryStorage: \(Value.self) could not be encoded to seed \"\(key.name)\": \(error).")
        }
    }

    /// The saved bytes now.
    public var data: Data? { contents.withLock { $0.data } }

    /// Every write so far, oldest first.
    public var writes: [Data] { contents.withLock { $0.writes } }

    /// Every copy kept aside so far, oldest first.
    public var keptAside: [Data] { contents.withLock { $0.keptAside } }

    /// Makes the next `count` reads throw.
    ///
    /// - Parameter count: How many reads fail.
    public func failReads(_ count: Int = 1) {
        contents.withLock { $0.failingReads = count }
    }

    /// Makes the next `count` writes throw; the saved bytes stay as they were.
    ///
    /// - Parameter count: How many writes fail.
    public func failWrites(_ count: Int = 1) {
        contents.withLock { $0.failingWrites = count }
    }

    /// The saved bytes, or `nil`; throws while reads are made to fail.
    public func read() throws -> Data? {
        try contents.withLock { contents in
            if contents.failingReads > 0 {
                contents.failingReads -= 1
                throw InMemoryStorageFailure(operation: "read")
            }
            return contents.data
        }
    }

    /// Replaces the saved bytes and records the write; throws while writes are made to fail.
    ///
    /// - Parameter data: The new bytes.
    public func write(_ data: Data) throws {
        try contents.withLock { contents in
            if contents.failingWrites > 0 {
                contents.failingWrites -= 1
                throw InMemoryStorageFailure(operation: "write")
            }
            contents.data = data
            contents.writes.append(data)
        }
    }

    /// Replaces the saved bytes and records the write, only if they are still `expected` (or there are none), under
    /// the storage's lock; throws while writes are made to fail.
    ///
    /// - Parameters:
    ///   - data: The new bytes.
    ///   - expected: What the writer last read or wrote.
    /// - Returns: `nil` once written; the bytes held instead of `expected` otherwise.
    public func write(_ data: Data, replacing expected: Data?) throws -> Data? {
        try contents.withLock { contents in
            if let current = contents.data, current != expected { return current }
            if contents.failingWrites > 0 {
                contents.failingWrites -= 1
                throw InMemoryStorageFailure(operation: "write")
            }
            contents.data = data
            contents.writes.append(data)
            return nil
        }
    }

    /// Records a copy of `data` in ``keptAside``, unless a copy of these very bytes is there already, as a file keeps
    /// one copy however often the bytes are read.
    ///
    /// - Parameter data: The bytes that could not be read.
    /// - Returns: `"memory, copy <n>"`, `n` counting from 1.
    public func keepAside(_ data: Data) throws -> String {
        contents.withLock { contents in
            if let kept = contents.keptAside.firstIndex(of: data) { return "memory, copy \(kept + 1)" }
            contents.keptAside.append(data)
            return "memory, copy \(contents.keptAside.count)"
        }
    }
}

/// The failure an ``InMemoryStorage`` was told to inject.
struct InMemoryStorageFailure: Error, CustomStringConvertible {
    let operation: String
    var description: String { "InMemoryStorage: an injected \(operation) failure" }
}
