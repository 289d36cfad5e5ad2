/// Which elements the recent changes of an ordered collection of identified elements touched, so that an observer
/// of the collection updates only those: what `ObservableRows` reads to cost O(1) per changed row, whatever the
/// number of rows.
///
/// The collection holds one as a stored property and records every change it makes — ``recordChange(of:)`` for an
/// element changed in place, ``recordInsertion(of:count:)`` for an element added, ``recordReordering()`` for anything
/// else that changes its ids or their order (a removal, a move, a sort) — and ``reset(count:)`` when it is made anew
/// from a sequence. It is not part of the collection's value: leave it out of `==`, `hash(into:)` and `Codable`.
///
/// An observer keeps the ``mark`` of the last collection it saw and asks the next one for the entries since that mark
/// with ``forEachEntry(since:_:)``. The answer is "unknown" (`false`) whenever the journal cannot vouch for the
/// history between the two — another collection assigned over this one, a copy that diverged from the one the observer
/// saw, entries dropped because the observer fell too far behind — and the observer then compares every element. So
/// a change is never missed; the journal only makes the common case cheap.
///
/// It is a value with copy-on-write storage. The storage is changed in place only while this journal is its only
/// owner; a journal that shares it (because the collection was copied) copies it first, as a new *lineage* that
/// remembers the lineage and version it came from, so two copies that go their own ways never mix their histories.
@usableFromInline
package struct ChangeJournal<ID: Hashable> {
    /// `nil` until the first change: a collection with no storage has never changed since it was made empty.
    @usableFromInline var storage: ChangeJournalStorage<ID>?

    init() { storage = nil }

    /// Where the collection's history stands: what an observer keeps to ask for the entries after it.
    @inlinable
    package var mark: ChangeJournalMark { ChangeJournalMark(of: storage) }

    /// Which collection this history is of: the same number for a collection and every copy of it, changed or not; a
    /// new one for a collection made anew (``reset(count:)``, or the first change of one made empty). `0` for a
    /// collection made empty and never changed.
    @usableFromInline var origin: UInt64 { storage?.origin ?? 0 }

    /// Records that the element with `id` may have changed in place.
    @inlinable
    mutating func recordChange(of id: ID) {
        // The usual case, a journal that owns its storage, appends in place; `record` handles the others.
        guard isKnownUniquelyReferenced(&storage), let storage else { return record(.changed(id), minimumCapacity: 0) }
        storage.append(.changed(id))
    }

    /// Records that the element with `id` was added; `count` is the number of elements after the addition, so that
    /// the journal keeps at least as many entries as there are elements, up to its maximum (see
    /// ``ChangeJournalStorage``).
    mutating func recordInsertion(of id: ID, count: Int) {
        record(.inserted(id), minimumCapacity: count)
    }

    /// Records that the element with `id` was removed.
    mutating func recordRemoval(of id: ID) {
        record(.removed(id), minimumCapacity: 0)
    }

    /// Records that the ids, or their order, changed otherwise: a removal, a move, a sort.
    mutating func recordReordering() {
        record(.reordered, minimumCapacity: 0)
    }

    /// Starts a new history, unrelated to any before: for a collection made anew from elements.
    mutating func reset(count: Int) {
        storage = ChangeJournalStorage(capacity: count, branchingFrom: nil)
    }

    /// Calls `body` with each entry recorded after `mark`, oldest first, and returns `true`; or returns `false`,
    /// calling nothing, when the journal cannot tell what happened since `mark` (then compare every element).
    @inlinable
    package func forEachEntry(since mark: ChangeJournalMark, _ body: (ChangeJournalEntry<ID>) -> Void) -> Bool {
        // No storage: nothing was recorded here, so nothing happened since a mark of an empty journal.
        guard let storage else { return mark == ChangeJournalMark(of: ChangeJournalStorage<ID>?.none) }
        guard let versions = storage.versions(since: mark) else { return false }
        for version in versions { body(storage.entry(version)) }
        return true
    }

    /// Records `entry` in a storage of this journal's own, with room for `minimumCapacity` entries.
    @usableFromInline
    mutating func record(_ entry: ChangeJournalEntry<ID>, minimumCapacity: Int) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = ChangeJournalStorage(capacity: minimumCapacity, branchingFrom: storage)
        } else if let storage, ChangeJournalStorage<ID>.ringSize(for: minimumCapacity) > storage.ringCount {
            storage.grow(to: minimumCapacity)
        }
        storage?.append(entry)
    }
}

// Safe because: its storage is written only while this journal is its only owner (`record`), so a storage that two
// threads can see is never written again; and the ids it holds are `Sendable`.
extension ChangeJournal: @unchecked Sendable where ID: Sendable {}

/// A position in a collection's history: its ``ChangeJournal``'s lineage and the number of entries recorded in it.
@usableFromInline
package struct ChangeJournalMark: Equatable, Sendable {
    /// The lineage, unique among all the process's journal storages; `0` for a journal that never recorded anything.
    let lineage: UInt64
    /// The number of entries recorded in the lineage, counting those it inherited.
    @usableFromInline let version: Int

    /// Where a journal with `storage` stands now.
    @usableFromInline
    init(of storage: ChangeJournalStorage<some Hashable>?) {
        lineage = storage?.lineage ?? 0
        version = storage?.version ?? 0
    }
}

/// One change a ``ChangeJournal`` recorded.
@usableFromInline
package enum ChangeJournalEntry<ID: Hashable> {
    /// The element with this id may have changed in place.
    case changed(ID)
    /// The element with this id was added: the ids changed, and the element is new.
    case inserted(ID)
    /// The element with this id was removed: the ids changed.
    case removed(ID)
    /// The ids, or their order, changed otherwise (a removal, a move, a sort); no element changed.
    case reordered
}

/// The numbers that tell journal storages apart; a new one for each storage, never reused.
private let lineages = LockedBox<UInt64>.make(0)

/// A new lineage number. Taken only when a storage is made — for a new collection or a copy that diverges, each of
/// which costs time in the number of elements anyway — never per change.
private func nextLineage() -> UInt64 {
    lineages.withLock {
        $0 += 1
        return $0
    }
}

/// The entries of one lineage of a ``ChangeJournal``: a ring of the latest entries, as many as the collection has
/// had elements (and at least 16), so that an observer that falls behind by more entries than that — and then
/// compares every element — has been spared at least as many comparisons; but no more than ``maximumRingSize``,
/// so that a large list does not stream a large ring through the cache on every change. `ObservableRows` reads the
/// journal after every transition, so it falls behind by the entries of one transition only.
///
/// It is changed only through its ``ChangeJournal`` while that journal is its only owner: a storage seen by more than
/// one thread is never written (which is what makes ``ChangeJournal`` `Sendable`).
@usableFromInline
final class ChangeJournalStorage<ID: Hashable> {
    /// The most entries a ring keeps, whatever the number of elements: a power of two.
    static var maximumRingSize: Int { 1024 }

    /// This storage's lineage number.
    let lineage: UInt64
    /// The lineage that began this collection's history — this one, or the one it was copied from, inherited through
    /// every copy — so that a collection made anew is told apart from a copy of the one before it.
    @usableFromInline let origin: UInt64
    /// The lineage this one was copied from (`0` for none) and the version at the copy: entries up to that version
    /// are that lineage's.
    let parentLineage: UInt64
    let parentVersion: Int
    /// The oldest version whose following entries are all here, unless the ring has wrapped past it since.
    var firstVersion: Int
    /// The number of entries ever recorded in this lineage, counting those inherited.
    @usableFromInline var version: Int
    /// The latest entries: entry `k` (from 0) is at `k & (ring.count - 1)`; its size is a power of two.
    @usableFromInline var ring: [ChangeJournalEntry<ID>]
    /// The ring's size, kept beside it: read at every transition, where the ring's own count would make the runtime
    /// look up the ring's type.
    private(set) var ringCount: Int

    /// A new lineage with room for `capacity` entries: empty, or a copy of `parent`'s entries.
    init(capacity: Int, branchingFrom parent: ChangeJournalStorage?) {
        lineage = nextLineage()
        origin = parent?.origin ?? lineage
        parentLineage = parent?.lineage ?? 0
        parentVersion = parent?.version ?? 0
        firstVersion = parent?.oldestVersion ?? 0
        version = parent?.version ?? 0
        ring = Array(repeating: .reordered, count: Self.ringSize(for: max(capacity, parent?.ringCount ?? 0)))
        ringCount = ring.count
        guard let parent else { return }
        for version in firstVersion..<version { ring[version & (ring.count - 1)] = parent.entry(version) }
    }

    /// The oldest version from which every later entry is still in the ring.
    var oldestVersion: Int { max(firstVersion, version - ringCount) }

    /// The versions recorded after `mark`, when this storage can tell them: `mark` is of this lineage, or of the one
    /// it was copied from at or before the copy, and the ring still holds every entry since.
    @usableFromInline
    func versions(since mark: ChangeJournalMark) -> Range<Int>? {
        guard lineage == mark.lineage || (parentLineage == mark.lineage && parentVersion >= mark.version) else {
            return nil
        }
        guard mark.version >= oldestVersion, mark.version <= version else { return nil }
        return mark.version..<version
    }

    /// The entry recorded as `version`, which must still be in the ring.
    @inlinable
    func entry(_ version: Int) -> ChangeJournalEntry<ID> {
        ring[version & (ring.count - 1)]
    }

    /// Records `entry`, dropping the oldest one when the ring is full.
    @inlinable
    func append(_ entry: ChangeJournalEntry<ID>) {
        ring[version & (ring.count - 1)] = entry
        version += 1
    }

    /// Makes room for `minimumCapacity` entries, keeping those in the ring.
    func grow(to minimumCapacity: Int) {
        let old = ring
        firstVersion = oldestVersion
        ring = Array(repeating: .reordered, count: Self.ringSize(for: minimumCapacity))
        ringCount = ring.count
        for version in firstVersion..<version { ring[version & (ring.count - 1)] = old[version & (old.count - 1)] }
    }

    /// The ring size for `capacity` entries: a power of two, at least 16 and at most ``maximumRingSize``.
    static func ringSize(for capacity: Int) -> Int {
        var size = 16
        while size < min(capacity, maximumRingSize) { size <<= 1 }
        return size
    }
}

/// An ordered collection of identified elements that records its changes in a ``ChangeJournal``: what
/// `ObservableRows` can observe. ``IdentifiedStates`` is one; another collection of identified states (a navigation
/// stack) plugs in by providing:
///
/// 1. This conformance: a `RandomAccessCollection` of `Identifiable` elements in the order shown, `Sendable` when its
///    elements are, with ``subscript(id:)`` in constant time.
/// 2. A stored ``journal``, left out of `==`, hashing and coding.
/// 3. A record of every change, in every mutating member: ``ChangeJournal/recordChange(of:)`` for an element changed in
///    place (before or after the change, in the same mutation), ``ChangeJournal/recordInsertion(of:count:)`` for an
///    element added (a push), ``ChangeJournal/recordReordering()`` for a removal (a pop), a move or a sort, and
///    ``ChangeJournal/reset(count:)`` in an initialiser that makes it from elements. A member that forgets one makes
///    observers miss a change: a bug, not a speed-up.
/// 4. A public `ObservableRows` initialiser taking a key path to it in a store's state, that calls
///    `ObservableRows.init(store:rows:send:)` with a `send` that wraps the element's id and event in the store's event,
///    as the one for ``IdentifiedStates`` does.
@usableFromInline
package protocol JournaledRows<Element>: RandomAccessCollection where Element: Identifiable {
    /// The record of the collection's recent changes.
    var journal: ChangeJournal<Element.ID> { get }
    /// The element with `id`, or `nil`; in constant time.
    subscript(id id: Element.ID) -> Element? { get }
}
