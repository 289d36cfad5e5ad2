import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Atomic, durable replacement of a file: a temporary file made durable, renamed over the old one, then the folder
/// made durable — if need be only while the file still holds what the writer last saw, under a lock that writers of
/// other processes take too.
enum DurableFile {
    /// When a replacement is made.
    enum Condition {
        /// Whatever the file holds.
        case always
        /// Only while the file holds these bytes, or nothing (a missing file is put back): a compare-and-swap under
        /// the lock file `.<name>.lock` beside the file, which every such replacement of the file takes.
        case stillHolding(Data?)
    }

    /// Replaces the file at `url` with `data` when `condition` holds.
    ///
    /// - Returns: `nil` once `data` is in place; the bytes the file holds instead, when `condition` did not hold and
    ///   nothing was written.
    @discardableResult
    static func replace(_ url: URL, with data: Data, if condition: Condition = .always) throws -> Data? {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(temporaryName(of: url.lastPathComponent))
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do {
            try handle.write(contentsOf: data)
            try makeDurable(descriptor, temporary)
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        close(descriptor)
        let found: Data?
        do {
            switch condition {
            case .always:
                try move(temporary, over: url)
                found = nil
            case .stillHolding(let expected):
                // The file is read, compared and replaced under the lock; the slow part, fsync, is done before it.
                found = try withLock(beside: url) {
                    if FileManager.default.fileExists(atPath: url.path) {
                        let current = try Data(contentsOf: url)
                        if current != expected { return current }
                    }
                    try move(temporary, over: url)
                    return nil
                }
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
        if found != nil {
            unlink(temporary.path)
            return found
        }
        let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard folderDescriptor >= 0 else { throw failure("open the folder", folder) }
        defer { close(folderDescriptor) }
        try makeDurable(folderDescriptor, folder)
        return nil
    }

    /// Renames the temporary file over `url`: atomic, so a reader sees the old file or the new one.
    private static func move(_ temporary: URL, over url: URL) throws {
        guard rename(temporary.path, url.path) == 0 else {
            throw failure("rename over \(url.path)", temporary)
        }
    }

    /// `body`'s result, run while this process holds the exclusive lock of `url`'s lock file, `.<name>.lock` beside
    /// it (made if need be, and left there: removing it could let two writers lock two files of one name). The lock
    /// is an advisory `flock`: it orders the writers that take it, in this process and in others; the system releases
    /// it when the process ends, however it ends.
    private static func withLock<T>(beside url: URL, _ body: () throws -> T) throws -> T {
        let name = "." + stem(of: url.lastPathComponent, within: nameLimit - 6) + ".lock"
        let lockFile = url.deletingLastPathComponent().appendingPathComponent(name)
        let descriptor = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("open the lock file", lockFile) }
        defer { close(descriptor) }  // which releases the lock
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("lock", lockFile) }
        }
        return try body()
    }

    // MARK: - Names beside the file

    /// The most bytes a file name may have: `NAME_MAX` on Linux and on Apple platforms.
    static let nameLimit = 255

    /// A new temporary name for a write of the file `name`: `.<name>.<UUID>.tmp`, within ``nameLimit`` whatever the
    /// length of `name` (see ``stem(of:within:)``).
    static func temporaryName(of name: String) -> String {
        "." + stem(of: name, within: nameLimit - temporaryAddition) + "." + UUID().uuidString + ".tmp"
    }

    /// Whether `candidate` is a name that ``temporaryName(of:)`` makes for the file `name`, and no other file's: the
    /// same stem, a UUID, `.tmp`.
    static func isTemporaryName(_ candidate: String, of name: String) -> Bool {
        let prefix = Array(("." + stem(of: name, within: nameLimit - temporaryAddition) + ".").utf8)
        let bytes = Array(candidate.utf8)
        guard bytes.count == prefix.count + 36 + 4, bytes.starts(with: prefix),
            bytes.suffix(4).elementsEqual(".tmp".utf8)
        else { return false }
        return UUID(uuidString: String(decoding: bytes[prefix.count..<prefix.count + 36], as: UTF8.self)) != nil
    }

    /// The bytes a temporary name adds to its stem: the dot before it, the dot and the UUID after it, and `.tmp`.
    private static let temporaryAddition = 1 + 1 + 36 + 4

    /// `name` when it has at most `limit` bytes; otherwise its start, cut at a character, followed by `~` and 16 hex
    /// digits of a hash of the whole name, `limit` bytes at most: the names made from a long name still fit, and still
    /// belong to that name only.
    static func stem(of name: String, within limit: Int) -> String {
        guard name.utf8.count > limit else { return name }
        let hash = "~" + String(fnv1a(name), radix: 16).leftPadded(to: 16)
        var start = ""
        var bytes = 0
        for character in name {
            bytes += character.utf8.count
            guard bytes <= limit - hash.utf8.count else { break }
            start.append(character)
        }
        return start + hash
    }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8: the same on every run and platform, unlike `Hasher`.
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    // MARK: - System calls

    /// Flushes the file's data to the disk itself: on Apple platforms `fsync` only reaches the drive's cache, so
    /// `F_FULLFSYNC` is asked first.
    private static func makeDurable(_ descriptor: Int32, _ url: URL) throws {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw failure("fsync", url) }
    }

    private static func failure(_ operation: String, _ url: URL) -> Error {
        let code = errno
        return NSError(
            domain: NSPOSIXErrorDomain, code: Int(code),
            userInfo: [NSLocalizedDescriptionKey: "\(operation) \(url.path): \(String(cString: strerror(code)))"])
    }
}

extension String {
    /// The string with `0`s before it, to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(width - count, 0)) + self
    }
}
