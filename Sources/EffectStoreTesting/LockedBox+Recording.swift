import EffectStore

/// A list that callbacks on any thread append to, for the package's own tests to read afterwards: the package's one
/// lock type around an array, not a lock class of its own. `package`: not public API.
package typealias Recorder<Element> = LockedBox<[Element]>

extension LockedBox where Value: RangeReplaceableCollection {
    /// An empty list.
    package init() { self = .make(Value()) }

    /// Appends `element` under the lock.
    package func append(_ element: Value.Element) { withLock { $0.append(element) } }

    /// A snapshot of what was appended so far, oldest first.
    package var values: Value { withLock { $0 } }

    /// How many elements were appended so far.
    package var count: Int { withLock { $0.count } }
}
