import Foundation

/// A saved value in the platform's key-value defaults (`UserDefaults`): for small values such as settings.
///
/// `UserDefaults` writes when it chooses to, so a defaults storage is not durable the way ``FileStorage`` is: use a
/// file for anything a person would miss. Nor can it compare and write in one step: a value another process writes
/// between a writer's comparison and its write (``SavedValueStorage/write(_:replacing:)``) is overwritten. Bytes that
/// cannot be read are copied to the defaults key `<key>.unreadable-<n>`, once however often they are read.
///
/// ```swift
/// let storage = DefaultsStorage(key: "settings")
/// ```
public struct DefaultsStorage: SavedValueStorage {
    /// The defaults key.
    public let key: String
    /// The suite, or `nil` for the standard defaults.
    public let suiteName: String?

    /// A storage under `key` in the defaults of `suiteName`.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - suiteName: The suite (an app group, for example); `nil` for the standard defaults.
    public init(key: String, suiteName: String? = nil) {
        self.key = key
        self.suiteName = suiteName
    }

    // `UserDefaults` is documented as thread-safe, but not `Sendable` on every platform: each call looks it up
    // rather than storing it.
    private var defaults: UserDefaults { suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard }

    /// The bytes under the key, or `nil`.
    ///
    /// A value stored there as another property-list type — a `Bool`, a number, a string, an array or a dictionary,
    /// as `@AppStorage` or swift-sharing's `appStorage` store them — reads as its JSON: a file of version 0, which a
    /// migration `from: 0` adopts (see ``SavedKey``), and which is otherwise left untouched. One that has no JSON (a
    /// date) cannot be read.
    public func read() throws -> Data? {
        guard let object = defaults.object(forKey: key) else { return nil }
        if let data = object as? Data { return data }
        guard JSONSerialization.isValidJSONObject([object]) else {
            throw DefaultsStorageFailure(key: key, typeName: "\(type(of: object))")
        }
        return try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .sortedKeys])
    }

    /// Sets the bytes under the key.
    ///
    /// - Parameter data: The new bytes.
    public func write(_ data: Data) throws {
        defaults.set(data, forKey: key)
    }

    /// Copies `data` to the first free key `<key>.unreadable-<n>`, unless a copy of these very bytes is kept already,
    /// whose key it answers: one copy however often they are read.
    ///
    /// - Parameter data: The bytes that could not be read.
    /// - Returns: The defaults key of the copy.
    public func keepAside(_ data: Data) throws -> String {
        let defaults = self.defaults
        var number = 1
        while let kept = defaults.object(forKey: "\(key).unreadable-\(number)") {
            if kept as? Data == data { break }
            number += 1
        }
        defaults.set(data, forKey: "\(key).unreadable-\(number)")
        return "defaults key \(key).unreadable-\(number)"
    }
}

/// Why a defaults key could not be read: it holds a value that has no JSON.
struct DefaultsStorageFailure: Error, CustomStringConvertible {
    let key: String
    let typeName: String

    var description: String {
        "DefaultsStorage: the defaults key \"\(key)\" holds a \(typeName), which has no JSON form to read it from"
    }
}
