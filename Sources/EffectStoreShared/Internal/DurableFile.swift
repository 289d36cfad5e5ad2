import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Atomic, durable replacement of a file: a temporary file made durable, renamed over the old one, then the folder
/// made durable.
enum DurableFile {
    static func replace(_ url: URL, with data: Data) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
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
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure("rename over \(url.path)", temporary)
            unlink(temporary.path)
            throw error
        }
        let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard folderDescriptor >= 0 else { throw failure("open the folder", folder) }
        defer { close(folderDescriptor) }
        try makeDurable(folderDescriptor, folder)
    }

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
