import Foundation

/// Where the bytes of one saved value live: a file, memory, or the platform's key-value defaults.
///
/// A ``SavedValueWriter`` owns its storage and calls it on its own serial queue, one call at a time; a storage is
/// never called from two threads at once by one writer. The writer encodes and decodes; a storage moves bytes.
///
/// ```swift
/// let storage = FileStorage(url: documents.appendingPathComponent("meetings.json"))
/// let writer = SavedValueWriter(key: meetingsKey, storage: storage)
/// ```
///
/// ## Obligations of an implementation
///
/// - ``write(_:)`` is atomic and durable: once it returns, the new bytes survive a crash or a power loss; if the
///   process dies during it, a later ``read()`` returns the old bytes or the new ones, never a mix.
/// - ``write(_:replacing:)`` writes as ``write(_:)`` does, but only while the storage still holds the bytes the writer
///   last read or wrote (or nothing); otherwise it writes nothing and answers what it holds. It is the writer's only
///   way to write, so that no write goes over a value another process wrote since. The default implementation reads,
///   compares and writes, with nothing to keep another process from writing in between; a storage that can do better
///   (``FileStorage`` takes a lock, ``InMemoryStorage`` its own) implements it.
/// - ``read()`` returns `nil` only when nothing was ever written (or it was removed), and throws when the storage is
///   there but cannot be read.
/// - ``keepAside(_:)`` keeps a copy of bytes the writer could not read, where a person can find them, without touching
///   the original; when a copy of the same bytes is kept already, it answers where that one is instead of keeping
///   another, so that an app carrying on read-only over an unreadable file does not fill its storage, launch after
///   launch.
public protocol SavedValueStorage: Sendable {
    /// The saved bytes, or `nil` when nothing is saved. Called on the writer's queue.
    func read() throws -> Data?
    /// Replaces the saved bytes, atomically and durably. Called on the writer's queue.
    ///
    /// - Parameter data: The new bytes.
    func write(_ data: Data) throws
    /// Replaces the saved bytes with `data`, as ``write(_:)`` does, only if the storage still holds `expected` — or
    /// nothing at all, which the write puts back. Called on the writer's queue.
    ///
    /// - Parameters:
    ///   - data: The new bytes.
    ///   - expected: The bytes the writer last read or wrote; `nil` when it found none.
    /// - Returns: `nil` once `data` is written; the bytes the storage holds instead of `expected`, when it wrote
    ///   nothing.
    func write(_ data: Data, replacing expected: Data?) throws -> Data?
    /// Keeps a copy of `data` aside, leaving the saved bytes as they are. Called on the writer's queue.
    ///
    /// - Parameter data: The bytes that could not be read.
    /// - Returns: Where the copy is, in words a person can follow (a path, a defaults key).
    func keepAside(_ data: Data) throws -> String
}

extension SavedValueStorage {
    /// Reads, compares with `expected`, and writes when they match (or nothing is there); nothing keeps another
    /// process from writing between the read and the write. Called on the writer's queue.
    ///
    /// - Parameters:
    ///   - data: The new bytes.
    ///   - expected: The bytes the writer last read or wrote; `nil` when it found none.
    /// - Returns: `nil` once `data` is written; the bytes the storage holds instead of `expected` otherwise.
    public func write(_ data: Data, replacing expected: Data?) throws -> Data? {
        if let current = try read(), current != expected { return current }
        try write(data)
        return nil
    }
}
