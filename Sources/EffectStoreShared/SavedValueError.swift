/// Why a saved value could not be read or written, in words a person can act on.
///
/// ```swift
/// case .failed(let error) where error.reason == .unreadable:
///     print(error)   // names the key, what went wrong, and where the copy of the file was kept
/// ```
public struct SavedValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// The saved bytes do not decode: they are not JSON, or not the key's value at the version they were written
        /// at. The file is left untouched and a copy is kept aside.
        case unreadable
        /// The file was written at version `from`, older than every migration the key declares: none starts there.
        /// Version 0 is a plain JSON value, without this library's version: declare a migration `from: 0` to adopt
        /// it. The file is left untouched and a copy is kept aside.
        case noMigration(from: Int)
        /// The migration step from version `from` threw, or what it gave is not what the next version reads. The
        /// file is left untouched and a copy is kept aside.
        case migrationFailed(from: Int)
        /// The file was written by a newer version of the app. It is left untouched and a copy is kept aside.
        case newerVersion(found: Int, supported: Int)
        /// The storage could not be read at all (permissions, a failing disk).
        case readFailed
        /// The storage refused a write. The value stays pending and is written at the next save or flush.
        case writeFailed
        /// Someone else — another process, another writer — wrote the storage since this writer last read or wrote
        /// it, so the value was not written over theirs. It stays pending; ``SavedValueWriter/checkForOutsideChange()``
        /// reports their value (a store link delivers it as the load's event by itself), and the next save or flush
        /// after that writes.
        case changedOutside
        /// The value could not be encoded (a `Double.nan` in a plain `Codable` type, an `encode(to:)` that throws).
        /// It is not written, and not kept pending, since no retry can write it; reported once, and answered by
        /// every flush until a newer value is saved.
        case unencodable
        /// Writes to the key are held back since its load failed, until ``SavedValueWriter/allowWrites()``.
        case writesHeldBack
    }

    /// The name of the key.
    public let key: String
    /// What went wrong.
    public let reason: Reason
    /// The underlying error's description, for people; not meant to be matched on.
    public let detail: String
    /// Where the copy of a file that could not be read was kept, as the storage describes it; `nil` if no copy was
    /// made.
    public let copyKeptAt: String?

    /// An error about the key `key`.
    ///
    /// - Parameters:
    ///   - key: The name of the key.
    ///   - reason: What went wrong.
    ///   - detail: The underlying error's description.
    ///   - copyKeptAt: Where a copy of unreadable bytes was kept.
    public init(key: String, reason: Reason, detail: String, copyKeptAt: String? = nil) {
        self.key = key
        self.reason = reason
        self.detail = detail
        self.copyKeptAt = copyKeptAt
    }

    /// The error in a sentence: the key, what went wrong and what was done about it.
    public var description: String {
        let what: String
        switch reason {
        case .unreadable: what = "its saved value could not be read; the file was left untouched"
        case .noMigration(let version):
            what =
                "its file was written at version \(version), and no migration starts there; the file was left untouched"
        case .migrationFailed(let version):
            what = "its migration from version \(version) failed; the file was left untouched"
        case .newerVersion(let found, let supported):
            what =
                "its file was written at version \(found), newer than \(supported), the newest this app knows; "
                + "the file was left untouched"
        case .readFailed: what = "its storage could not be read"
        case .writeFailed: what = "its value could not be written; it stays pending and is written at the next save"
        case .changedOutside:
            what =
                "another writer changed it since this one last read it, so the value was not written over theirs; "
                + "it stays pending, and is written at the next save after their change is reported"
        case .unencodable:
            what = "its value could not be encoded, so it was not written; the value saved next replaces it"
        case .writesHeldBack: what = "writes are held back since its load failed, until allowWrites() is called"
        }
        let copy = copyKeptAt.map { ", and a copy kept at \($0)" } ?? ""
        return "Saved value \"\(key)\": \(what)\(copy) (\(detail))."
    }
}
