/// What loading a saved value found: nothing, the value, a migrated value, or a file it could not read.
///
/// ```swift
/// switch writer.load() {
/// case .absent: state = .empty
/// case .loaded(let meetings), .migrated(let meetings, _): state = .ready(meetings)
/// case .failed(let error): state = .damaged(error)   // nothing is written until the state decides
/// }
/// ```
public enum SavedLoad<Value: Sendable>: Sendable {
    /// Nothing was saved under the key yet.
    case absent
    /// The value, as saved at the current version.
    case loaded(Value)
    /// The value of an older file, brought up to the current version; it has been written back at the current
    /// version.
    case migrated(Value, fromVersion: Int)
    /// The file could not be read. It is left untouched, a copy is kept aside, and nothing is written under the key
    /// until ``SavedValueWriter/allowWrites()`` is called.
    case failed(SavedValueError)

    /// The value loaded, migrated or not; `nil` when nothing was saved or it could not be read.
    public var value: Value? {
        switch self {
        case .loaded(let value), .migrated(let value, _): return value
        case .absent, .failed: return nil
        }
    }
}

extension SavedLoad: Equatable where Value: Equatable {}
