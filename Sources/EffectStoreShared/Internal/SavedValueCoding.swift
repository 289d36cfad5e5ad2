import Foundation

/// The file format of a saved value: `{"value": …, "version": n}`, and the way from any known version to the current.
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
        let version: Int
        do {
            version = try JSONDecoder().decode(VersionField.self, from: data).version
        } catch {
            throw Failure(reason: .unreadable, detail: "no version field: \(error)")
        }
        if version > key.version {
            throw Failure(
                reason: .newerVersion(found: version, supported: key.version),
                detail: "written at version \(version)")
        }
        do {
            if version == key.version {
                return .current(try JSONDecoder().decode(Envelope<Value>.self, from: data).value)
            }
            guard let first = key.migrations.first?.from, version >= first else {
                throw Failure(
                    reason: .unreadable,
                    detail: "written at version \(version), and no migration starts there (the oldest is from "
                        + "\(key.migrations.first.map { "version \($0.from)" } ?? "none: there are no migrations"))")
            }
            // The old value, as the JSON of its own version, handed from step to step.
            guard
                let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                    as? [String: Any], let oldValue = object["value"]
            else { throw Failure(reason: .unreadable, detail: "no value field") }
            var json = try JSONSerialization.data(withJSONObject: oldValue, options: [.fragmentsAllowed])
            for step in key.migrations.dropFirst(version - first) {
                json = try step.step(json)
            }
            return .migrated(try JSONDecoder().decode(Value.self, from: json), fromVersion: version)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(reason: .unreadable, detail: "\(error)")
        }
    }

    private struct VersionField: Decodable {
        let version: Int
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
