import Foundation

/// The file format of a saved value: `{"value": …, "version": n}`, and the way from any known version to the current.
/// A file without that envelope — a plain JSON value, as another library writes one — is version 0, its whole text the
/// value.
struct SavedValueCoding<Value: Codable & Equatable & Sendable> {
    let key: SavedKey<Value>

    /// What a file decoded to.
    enum Decoded {
        case current(Value)
        case migrated(Value, fromVersion: Int)
    }

    /// Why a file did not decode: the words of ``SavedValueError``, without the copy kept aside.
    struct Failure: Error {
        let reason: SavedValueError.Reason
        let detail: String
    }

    func encode(_ value: Value) throws -> Data {
        try savedValueEncoder().encode(Envelope(value: value, version: key.version))
    }

    func decode(_ data: Data) throws(Failure) -> Decoded {
        let version = try Self.version(of: data)
        if version > key.version {
            throw Failure(
                reason: .newerVersion(found: version, supported: key.version),
                detail: "written at version \(version)")
        }
        if version == key.version {
            do {
                return .current(try JSONDecoder().decode(Envelope<Value>.self, from: data).value)
            } catch {
                throw Failure(reason: .unreadable, detail: "\(error)")
            }
        }
        guard let first = key.migrations.first?.from, version >= first else {
            let plain = version == 0 ? "it holds a plain JSON value, without the version this library writes, " : ""
            throw Failure(
                reason: .noMigration(from: version),
                detail: "\(plain)written at version \(version), and no migration starts there (the oldest is "
                    + "\(key.migrations.first.map { "from version \($0.from)" } ?? "none: there are no migrations"))")
        }
        // The old value, as the JSON of its own version, handed from step to step.
        var json = try Self.valueJSON(of: data, version: version)
        var step = key.migrations[version - first]
        do {
            for next in key.migrations.dropFirst(version - first) {
                step = next
                json = try next.step(json)
            }
            return .migrated(try JSONDecoder().decode(Value.self, from: json), fromVersion: version)
        } catch let failure as SavedValueMigration.StepFailure where failure.isDecoding && step.from == version {
            // The file's own value is not what its version's step reads.
            throw Failure(reason: .unreadable, detail: "\(failure.underlying)")
        } catch let failure as SavedValueMigration.StepFailure {
            throw Failure(reason: .migrationFailed(from: step.from), detail: "\(failure.underlying)")
        } catch {
            // What the last step gave is not the current version.
            throw Failure(reason: .migrationFailed(from: step.from), detail: "\(error)")
        }
    }

    /// The version `data` was written at: its envelope's, or 0 for JSON without an envelope. Bytes that are not JSON
    /// are unreadable.
    private static func version(of data: Data) throws(Failure) -> Int {
        do {
            return try JSONDecoder().decode(Header.self, from: data).version ?? 0
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw Failure(reason: .unreadable, detail: "not JSON: \(context.debugDescription)")
        } catch {
            return 0
        }
    }

    /// The JSON of the value of a file of `version`: the envelope's `value`, or the whole file at version 0.
    private static func valueJSON(of data: Data, version: Int) throws(Failure) -> Data {
        guard version > 0 else { return data }
        do {
            guard
                let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                    as? [String: Any], let oldValue = object["value"]
            else { throw Failure(reason: .unreadable, detail: "no value field") }
            return try JSONSerialization.data(withJSONObject: oldValue, options: [.fragmentsAllowed])
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(reason: .unreadable, detail: "\(error)")
        }
    }

    /// The envelope's version, read only when the file is an object of exactly `value` and an integer `version`, as
    /// this library writes it; `nil` for any other JSON.
    private struct Header: Decodable {
        let version: Int?

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: AnyKey.self),
                Set(container.allKeys.map(\.stringValue)) == ["value", "version"],
                let version = try? container.decode(Int.self, forKey: AnyKey(stringValue: "version"))
            else {
                // Not an envelope; still JSON, which the decoder has checked before calling this.
                version = nil
                return
            }
            self.version = version
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Envelope<Wrapped: Codable>: Codable {
        let value: Wrapped
        let version: Int
    }
}

/// The encoder of saved values and of migrated ones: sorted keys, so a file changes only where its value does.
func savedValueEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}
