import Foundation

/// The declaration of one saved value: its name, the version of its format, and the ordered steps that bring an older
/// file up to that version.
///
/// A key says *what* is saved; a ``SavedValueStorage`` says *where*; a ``SavedValueWriter`` does the loading and the
/// writing. The file holds the value together with the version it was written at, so a later app can read it:
///
/// ```swift
/// struct MeetingsV1: Codable { var titles: [String] }
///
/// let meetingsKey = SavedKey<[Meeting]>(
///     "meetings", version: 2,
///     migrations: [
///         SavedValueMigration(from: 1, decoding: MeetingsV1.self) { old in
///             old.titles.map { Meeting(title: $0) }
///         }
///     ])
/// ```
///
/// The rules every saved value follows — when it is read, how writes are coalesced, what happens to a file that
/// cannot be read — are in <doc:SharedAndSavedState>.
public struct SavedKey<Value: Codable & Equatable & Sendable>: Sendable {
    /// The name of the key: it names the value in messages and in errors, and a storage may use it as a file name.
    public let name: String
    /// The version of the format this app writes. Files of older versions are migrated; a file of a newer version is
    /// never overwritten (see ``SavedValueError/Reason/newerVersion(found:supported:)``).
    public let version: Int
    /// The steps from older versions, in order: the step `from: n` brings a value of version `n` to version `n + 1`.
    public let migrations: [SavedValueMigration]

    /// Declares a saved value.
    ///
    /// ```swift
    /// let settingsKey = SavedKey<Settings>("settings")
    /// ```
    ///
    /// Migrations must be contiguous and end at `version - 1`: `[from: 1, from: 2]` for version 3. They may start
    /// later than version 1 when the oldest files are no longer supported; such a file is then reported as
    /// ``SavedValueError/Reason/noMigration(from:)``, and left untouched. They may start at version 0 to adopt a file
    /// that holds a plain JSON value, without this library's version — one that swift-sharing's `fileStorage` or a
    /// plain `JSONEncoder` wrote:
    ///
    /// ```swift
    /// let meetingsKey = SavedKey<[Meeting]>(
    ///     "meetings", migrations: [SavedValueMigration(from: 0, decoding: [Meeting].self) { $0 }])
    /// ```
    ///
    /// Steps out of order, a gap, or a step from `version` or later is a programmer error and stops the app with a
    /// message saying which.
    ///
    /// - Parameters:
    ///   - name: The name of the key.
    ///   - version: The version this app writes; 1 by default. Raise it when `Value`'s encoded form changes, and add
    ///     the step from the previous version to `migrations`.
    ///   - migrations: The steps from older versions, oldest first.
    public init(_ name: String, version: Int = 1, migrations: [SavedValueMigration] = []) {
        if version < 1 {
            fatalError("SavedKey \"\(name)\": version \(version) is not a version. To fix, start versions at 1.")
        }
        for (index, step) in migrations.enumerated() {
            let expected = version - migrations.count + index
            if step.from != expected {
                fatalError(
                    "SavedKey \"\(name)\" (version \(version)): its migrations go from versions "
                        + "\(migrations.map(\.from)), but they must be contiguous, oldest first, and end at version "
                        + "\(version - 1). To fix, list one step per version, each `from:` one more than the last.")
            }
        }
        self.name = name
        self.version = version
        self.migrations = migrations
    }
}

/// One step of a ``SavedKey``'s migrations: it reads a value saved at one version and gives the value of the next.
///
/// The step decodes the old value with its own type, so the old type lives on only as long as the step does:
///
/// ```swift
/// struct SettingsV1: Codable { var darkMode: Bool }
///
/// SavedValueMigration(from: 1, decoding: SettingsV1.self) { old in
///     Settings(theme: old.darkMode ? .dark : .light)
/// }
/// ```
///
/// A migrated value is written back only once it has decoded as the current version; until then the old file stays
/// as it was. A step that throws, or whose value is not what the next version reads, leaves the file untouched and
/// reports it as ``SavedValueError/Reason/migrationFailed(from:)``.
public struct SavedValueMigration: Sendable {
    /// The version this step reads; it produces version `from + 1`. Version 0 is a file without this library's
    /// version: a plain JSON value, read whole.
    public let from: Int
    let step: @Sendable (Data) throws(StepFailure) -> Data

    /// Why a step failed: the old value did not decode (`isDecoding`), or the step threw, or its result did not
    /// encode.
    struct StepFailure: Error {
        let isDecoding: Bool
        let underlying: any Error
    }

    /// A step from version `from` to the next.
    ///
    /// - Parameters:
    ///   - from: The version the step reads.
    ///   - decoding: The type the value of version `from` decodes as.
    ///   - migrate: Turns the old value into the value of the next version; runs on the writer's queue while the key
    ///     loads. It may throw when an old value cannot be carried over.
    public init<Old: Decodable & SendableMetatype, New: Encodable & SendableMetatype>(
        from: Int, decoding: Old.Type, _ migrate: @escaping @Sendable (Old) throws -> New
    ) {
        self.from = from
        self.step = { data throws(StepFailure) in
            let old: Old
            do {
                old = try JSONDecoder().decode(Old.self, from: data)
            } catch {
                throw StepFailure(isDecoding: true, underlying: error)
            }
            do {
                return try savedValueEncoder().encode(migrate(old))
            } catch {
                throw StepFailure(isDecoding: false, underlying: error)
            }
        }
    }
}
