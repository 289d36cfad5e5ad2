/// A saved value as a state holds it: the value, and whether it is loaded and saving — decided by the state, in
/// `handle(event:)`, like everything else.
///
/// The state holds a `SavedState`, edits its ``value`` as it edits any field, and applies what the load found with
/// ``apply(_:)`` when the load's event arrives. The store saves it (see
/// `Store.save(_:as:in:delay:checkEvery:loaded:failed:)`): after every transition that changes the value while it
/// is ``Phase/saving``, never while it is ``Phase/loading``, and not after a load it could not read until the state
/// calls ``startFresh()``. An edit made while loading is replaced by a value the load found, and kept — then saved —
/// when it found none. Tests compare it with `==`.
///
/// ```swift
/// struct MeetingsList: State {
///     var meetings = SavedState<[Meeting]>([])
///
///     enum Event { case loaded(SavedLoad<[Meeting]>), add(Meeting), startFresh }
///
///     mutating func handle(event: Event) -> Never? {
///         switch event {
///         case .loaded(let load): meetings.apply(load)
///         case .add(let meeting): meetings.value.append(meeting)
///         case .startFresh: meetings.startFresh()
///         }
///         return nil
///     }
/// }
/// ```
public struct SavedState<Value: Codable & Equatable & Sendable>: Equatable, Sendable {
    /// Where the value stands with its storage.
    public enum Phase: Hashable, Sendable {
        /// The load has not arrived yet: nothing is saved, and the load replaces the value.
        case loading
        /// Loaded (or found absent): every change is saved.
        case saving
        /// The load could not read what was saved (see ``SavedValueError``): nothing is saved until ``startFresh()``.
        case unreadable(SavedValueError)
    }

    /// The value. Edit it as any field; the store saves it once it is ``Phase/saving``.
    public var value: Value
    /// Where the value stands with its storage.
    public private(set) var phase: Phase

    /// A saved value that starts as `value`, loading.
    ///
    /// - Parameter value: The value until the load arrives, and the value kept when nothing was saved yet.
    public init(_ value: Value) {
        self.value = value
        self.phase = .loading
    }

    /// Takes what the load found: the saved value (migrated or not), or keeps the current value when nothing was
    /// saved — with any edit made while loading, which the store then saves — and starts saving; or, when the load
    /// could not read what was saved, keeps the value and saves nothing until ``startFresh()``.
    ///
    /// ```swift
    /// case .loaded(let load): meetings.apply(load)
    /// ```
    ///
    /// - Parameter load: What the load found, as the store's load event carries it.
    public mutating func apply(_ load: SavedLoad<Value>) {
        switch load {
        case .absent: phase = .saving
        case .loaded(let saved), .migrated(let saved, _):
            value = saved
            phase = .saving
        case .failed(let error): phase = .unreadable(error)
        }
    }

    /// Starts saving after a load that could not read what was saved: the current value will replace it (a copy of
    /// the unreadable file was kept aside). Until this is called the state carries on read-only.
    ///
    /// ```swift
    /// case .startFresh: meetings.startFresh()
    /// ```
    public mutating func startFresh() {
        phase = .saving
    }
}

/// A saved value is hashable when its value is: a state that an explorer walks (`Hashable`) may hold one.
extension SavedState: Hashable where Value: Hashable {}
