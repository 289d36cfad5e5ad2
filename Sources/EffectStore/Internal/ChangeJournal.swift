/// Which elements the recent changes of an ordered collection of identified elements touched, so that an observer
/// of the collection updates only those: what ``ObservableRows`` reads to cost O(1) per changed row, whatever the
/// number of rows.
///
/// The collection holds one as a stored property and records every change it makes — ``recordChange(of:)`` for an
/// element changed in place, ``recordInsertion(of:)`` for an element added, ``recordReordering()`` for anything else
/// that changes its ids or their order (a removal, a move, a sort) — and ``reset()`` when it is made anew from a
/// sequence. It is not part of the collection's value: leave it out of `==`, `hash(into:)` and `Codable`.
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
struct ChangeJournal<ID: Hashable> {
    /// `nil` until the first change: a collection with no storage has never changed since it was made empty.
    @usableFromInline var storage: ChangeJournalStorage<ID>?

    @inlinable
    init() { storage = nil }

    /// Where the collection's history stands: what an observer keeps to ask for the entries after it.
    @usableFromInline
    var mark: ChangeJournalMark {
        guard let storage else { return ChangeJournalMark(lineage: 0, version: 0) }
        return ChangeJournalMark(lineage: storage.lineage, version: storage.version)
    }

    /// Records that the element with `id` may have changed in place.
    @inlinable
    mutating func recordChange(of id: ID) {
        uniqueStorage(minimumCapacity: 0).append(.changed(id))
    }

    /// Records that the element with `id` was added; `count` is the number of elements after the addition, so that
    /// the journal keeps at least as many entries as there are elements (see ``ChangeJournalStorage``).
    @inlinable
    mutating func recordInsertion(of id: ID, count: Int) {
        uniqueStorage(minimumCapacity: count).append(.inserted(id))
    }

    /// Records that the ids, or their order, changed otherwise: a removal, a move, a sort.
    @inlinable
    mutating func recordReordering() {
        uniqueStorage(minimumCapacity: 0).append(.reordered)
    }

    /// Starts a new history, unrelated to any before: for a collection made anew from elements.
    mutating func reset(count: Int) {
        storage = ChangeJournalStorage(capacity: count)
    }

    /// Calls `body` with each entry recorded after `mark`, oldest first, and returns `true`; or returns `false`,
    /// calling nothing, when the journal cannot tell what happened since `mark` (then compare every element).
    @inlinable
    func forEachEntry(since mark: ChangeJournalMark, _ body: (ChangeJournalEntry<ID>) -> Void) -> Bool {
        guard let storage else { return mark.lineage == 0 }  // both empty since they were made
        guard storage.lineage == mark.lineage
            || (storage.parentLineage == mark.lineage && storage.parentVersion >= mark.version)
        else { return false }
        guard mark.version >= storage.oldestVersion, mark.version <= storage.version else { return false }
        storage.forEachEntry(from: mark.version, body)
        return true
    }

    /// The storage, copied first unless this journal is its only owner, with room for `minimumCapacity` entries.
    @inlinable
    mutating func uniqueStorage(minimumCapacity: Int) -> ChangeJournalStorage<ID> {
        if isKnownUniquelyReferenced(&storage) {
            let storage = self.storage.unsafelyUnwrapped
            if minimumCapacity > storage.capacity { storage.grow(to: minimumCapacity) }
            return storage
        }
        let branch = ChangeJournalStorage(branchingFrom: storage, minimumCapacity: minimumCapacity)
        storage = branch
        return branch
    }
}

extension ChangeJournal: Sendable where ID: Sendable {}

/// A position in a collection's history: its ``ChangeJournal``'s lineage and the number of entries recorded in it.
@usableFromInline
struct ChangeJournalMark: Equatable, Sendable {
    /// The lineage, unique among all the process's journal storages; `0` for a journal that never recorded anything.
    @usableFromInline let lineage: UInt64
    /// The number of entries recorded in the lineage, counting those it inherited.
    @usableFromInline let version: Int

    @inlinable
    init(lineage: UInt64, version: Int) {
        self.lineage = lineage
        self.version = version
    }
}

/// One change a ``ChangeJournal`` recorded.
@usableFromInline
enum ChangeJournalEntry<ID: Hashable> {
    /// The element with this id may have changed in place.
    case changed(ID)
    /// The element with this id was added: the ids changed, and the element is new.
    case inserted(ID)
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
/// compares every element — has been spared at least as many comparisons.
///
/// Safe to share (`@unchecked Sendable`) because it is changed only through ``ChangeJournal/uniqueStorage(minimumCapacity:)``,
/// that is only while a single journal owns it: a storage seen by more than one thread is never written. The
/// `@exclusivity(unchecked)` properties follow from that: no access to them overlaps another.
@usableFromInline
final class ChangeJournalStorage<ID: Hashable> {
    /// This storage's lineage number.
    @usableFromInline let lineage: UInt64
    /// The lineage this one was copied from (`0` for none) and the version at the copy: entries up to that version
    /// are that lineage's.
    @usableFromInline let parentLineage: UInt64
    @usableFromInline let parentVersion: Int
    /// The oldest version whose following entries are all here, unless the ring has wrapped past it since.
    @exclusivity(unchecked) @usableFromInline var firstVersion: Int
    /// The ring: entry `k` (from 0) is at `k & (entries.count - 1)`; its count is a power of two.
    @exclusivity(unchecked) @usableFromInline var entries: ContiguousArray<ChangeJournalEntry<ID>>
    /// The number of entries ever recorded in this lineage, counting those inherited.
    @exclusivity(unchecked) @usableFromInline var version: Int

    /// A new, empty lineage with room for `capacity` entries.
    init(capacity: Int) {
        lineage = nextLineage()
        parentLineage = 0
        parentVersion = 0
        firstVersion = 0
        version = 0
        entries = ContiguousArray(repeating: .reordered, count: Self.ringSize(for: capacity))
    }

    /// A copy of `parent` (or a new lineage when it is `nil`), as a lineage of its own.
    @usableFromInline
    init(branchingFrom parent: ChangeJournalStorage?, minimumCapacity: Int) {
        lineage = nextLineage()
        guard let parent else {
            parentLineage = 0
            parentVersion = 0
            firstVersion = 0
            version = 0
            entries = ContiguousArray(repeating: .reordered, count: Self.ringSize(for: minimumCapacity))
            return
        }
        parentLineage = parent.lineage
        parentVersion = parent.version
        firstVersion = parent.oldestVersion
        version = parent.version
        entries = parent.entries
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    /// How many entries the ring holds.
    @inlinable
    var capacity: Int { entries.count }

    /// The oldest version from which every later entry is still in the ring.
    @inlinable
    var oldestVersion: Int { max(firstVersion, version - entries.count) }

    /// Records `entry`, dropping the oldest one when the ring is full.
    @inlinable
    func append(_ entry: ChangeJournalEntry<ID>) {
        entries.withUnsafeMutableBufferPointer { ring in
            ring[version & (ring.count - 1)] = entry
        }
        version += 1
    }

    /// Calls `body` with the entries from version `start` on, oldest first.
    @inlinable
    func forEachEntry(from start: Int, _ body: (ChangeJournalEntry<ID>) -> Void) {
        let mask = entries.count - 1
        for position in start..<version { body(entries[position & mask]) }
    }

    /// Makes the ring big enough for `minimumCapacity` entries, keeping the entries it holds.
    @usableFromInline
    func grow(to minimumCapacity: Int) {
        let size = Self.ringSize(for: minimumCapacity)
        guard size > entries.count else { return }
        let oldest = oldestVersion
        var grown = ContiguousArray<ChangeJournalEntry<ID>>(repeating: .reordered, count: size)
        let oldMask = entries.count - 1
        for position in oldest..<version { grown[position & (size - 1)] = entries[position & oldMask] }
        entries = grown
        firstVersion = oldest
    }

    /// The ring size for `capacity` entries: a power of two, at least 16.
    static func ringSize(for capacity: Int) -> Int {
        var size = 16
        while size < capacity { size <<= 1 }
        return size
    }
}

extension ChangeJournalStorage: @unchecked Sendable where ID: Sendable {}

/// An ordered collection of identified elements that records its changes in a ``ChangeJournal``: what
/// ``ObservableRows`` can observe. ``IdentifiedStates`` is one.
///
/// A conforming collection must record in ``journal`` every change of its elements, ids or order that it makes,
/// through every one of its mutating members (see ``ChangeJournal``), keep the journal out of its `==`, hash and
/// coding, and give constant-time access by id.
@usableFromInline
protocol JournaledRows<Element>: RandomAccessCollection where Element: Identifiable {
    /// The record of the collection's recent changes.
    var journal: ChangeJournal<Element.ID> { get }
    /// The element with `id`, or `nil`; in constant time.
    subscript(id id: Element.ID) -> Element? { get }
}
