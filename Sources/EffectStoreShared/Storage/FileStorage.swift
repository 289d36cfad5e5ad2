import Foundation

/// A saved value in a JSON file, written atomically and durably.
///
/// Each write goes to a temporary file in the same folder, which is made durable (`fsync`; `F_FULLFSYNC` on Apple
/// platforms), then renamed over the old file, and then the folder itself is made durable so the rename survives a
/// power loss. A process killed at any moment leaves the old file or the new one, never a partial file. Bytes that
/// cannot be read are copied beside the file as `<name>.unreadable-<n>.<extension>`, once however often they are read;
/// the file itself is never touched.
///
/// ```swift
/// let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
/// let storage = FileStorage(url: folder.appendingPathComponent("meetings.json"))
/// ```
///
/// A saved value's writer writes only over what it last read or wrote (``write(_:replacing:)``): under a lock on the
/// empty file `.<name>.lock`, which stays beside the file, it reads, compares and renames, so that the writers of two
/// processes — an app and its widget — never overwrite each other unseen. A program that writes the file without that
/// lock (an editor) can still fall between the comparison and the rename, a window of microseconds.
///
/// The folder is created at the first write if it does not exist. A temporary file left by a process that was killed
/// mid-write is named `.<name>.<UUID>.tmp` (for a name longer than 213 bytes, its start and a hash of it stand for
/// `<name>`, so that any legal name can be written); it is never read, and a read removes this file's that are more
/// than ``abandonedAfter`` old (a younger one may be another process's write in progress), and no other file.
public struct FileStorage: SavedValueStorage {
    /// The file.
    public let url: URL

    /// A storage in the file at `url`.
    ///
    /// - Parameter url: A file URL. Use one file per key.
    public init(url: URL) {
        self.url = url
    }

    /// The file's bytes, or `nil` when there is no file. Throws when the file exists but cannot be read.
    public func read() throws -> Data? {
        removeAbandonedTemporaryFiles()
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Replaces the file atomically and durably (see ``FileStorage``), whatever it holds.
    ///
    /// - Parameter data: The new contents.
    public func write(_ data: Data) throws {
        try DurableFile.replace(url, with: data)
    }

    /// Replaces the file atomically and durably, only if it still holds `expected` (or is missing): the file is read,
    /// compared and replaced while this process holds the lock file `.<name>.lock` beside it, which a writer of
    /// another process takes too, so that no write of theirs falls between the comparison and the replacement.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - expected: What the writer last read or wrote; `nil` when there was no file.
    /// - Returns: `nil` once `data` is in place; the file's contents instead of `expected`, when nothing was written.
    public func write(_ data: Data, replacing expected: Data?) throws -> Data? {
        try DurableFile.replace(url, with: data, if: .stillHolding(expected))
    }

    /// Copies `data` beside the file, under the first free name `<name>.unreadable-<n>.<extension>` — unless a copy of
    /// these very bytes is there already, whose path it answers: an app that carries on read-only over an unreadable
    /// file, launch after launch, keeps one copy of it, not one a launch.
    ///
    /// - Parameter data: The bytes that could not be read.
    /// - Returns: The path of the copy.
    public func keepAside(_ data: Data) throws -> String {
        let base = url.deletingPathExtension().lastPathComponent
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        let folder = url.deletingLastPathComponent()
        var number = 1
        while true {
            // A long name's start and hash stand for it where the whole would pass the length of a file name.
            let ending = ".unreadable-\(number)\(suffix)"
            let name = DurableFile.stem(of: base, within: DurableFile.nameLimit - ending.utf8.count) + ending
            let copy = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: copy.path) else {
                try DurableFile.replace(copy, with: data)
                return copy.path
            }
            if FileManager.default.contents(atPath: copy.path) == data { return copy.path }
            number += 1
        }
    }

    /// How old a temporary file of this file must be for a read to remove it as abandoned: one minute. A write in
    /// progress — this process's or another's — takes far less.
    public static let abandonedAfter: TimeInterval = 60

    /// Removes the temporary files of this file that a killed write left, when older than ``abandonedAfter``: those
    /// named as its writes name them, `.<name>.<UUID>.tmp`, and no other. Best effort: a file that cannot be listed or
    /// removed is left as it is, and the read goes on.
    func removeAbandonedTemporaryFiles(now: Date = Date()) {
        let folder = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for candidate in names where DurableFile.isTemporaryName(candidate, of: name) {
            let path = folder.appendingPathComponent(candidate).path
            guard let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date,
                now.timeIntervalSince(modified) > Self.abandonedAfter
            else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
