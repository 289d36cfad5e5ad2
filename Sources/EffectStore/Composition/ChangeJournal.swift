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
        let numbers = storage.numbers
        return ChangeJournalMark(lineage: numbers.lineage, version: numbers.version)
    }

    /// Records that the element with `id` may have changed in place.
    @inlinable @inline(__always)
    mutating func recordChange(of id: ID) {
        // The hot path of every routed row event: a uniqueness check, a store and an increment.
        if isKnownUniquelyReferenced(&storage) {
            storage.unsafelyUnwrapped.append(.changed(id))
        } else {
            uniqueStorage(minimumCapacity: 0).append(.changed(id))
        }
    }

    /// Records that the element with `id` was added; `count` is the number of elements after the addition, so that
    /// the journal keeps at least as many entries as there are elements, up to its maximum (see
    /// ``ChangeJournalStorage``).
    @inlinable
    mutating func recordInsertion(of id: ID, count: Int) {
        record(.inserted(id), minimumCapacity: count)
    }

    /// Records that the ids, or their order, changed otherwise: a removal, a move, a sort.
    @inlinable
    mutating func recordReordering() {
        record(.reordered, minimumCapacity: 0)
    }

    /// Records `entry` in a storage with room for `minimumCapacity` entries.
    ///
    /// In place when this journal owns its storage and the ring is large enough already: a uniqueness check, a
    /// comparison, a store and an increment. Going through ``uniqueStorage(minimumCapacity:)`` every time retained
    /// and released the storage it returns: 57 instructions and a release per push or pop of a ``ScreenStack``, now
    /// 35 per push and 29 per pop (callgrind, --push-pop).
    @inlinable @inline(__always)
    mutating func record(_ entry: ChangeJournalEntry<ID>, minimumCapacity: Int) {
        if isKnownUniquelyReferenced(&storage), minimumCapacity <= storage.unsafelyUnwrapped.numbers.capacity {
            storage.unsafelyUnwrapped.append(entry)
        } else {
            uniqueStorage(minimumCapacity: minimumCapacity).append(entry)
        }
    }

    /// Starts a new history, unrelated to any before: for a collection made anew from elements.
    @usableFromInline
    mutating func reset(count: Int) {
        storage = ChangeJournalStorage.make(capacity: count)
    }

    /// Calls `body` with each entry recorded after `mark`, oldest first, and returns `true`; or returns `false`,
    /// calling nothing, when the journal cannot tell what happened since `mark` (then compare every element).
    @inlinable
    func forEachEntry(since mark: ChangeJournalMark, _ body: (ChangeJournalEntry<ID>) -> Void) -> Bool {
        guard let storage else { return mark.lineage == 0 }  // both empty since they were made
        let numbers = storage.numbers
        guard numbers.lineage == mark.lineage
            || (numbers.parentLineage == mark.lineage && numbers.parentVersion >= mark.version)
        else { return false }
        guard mark.version >= numbers.oldestVersion, mark.version <= numbers.version else { return false }
        storage.forEachEntry(from: mark.version, body)
        return true
    }

    /// The storage, copied first unless this journal is its only owner, with room for `minimumCapacity` entries.
    @inlinable
    mutating func uniqueStorage(minimumCapacity: Int) -> ChangeJournalStorage<ID> {
        if isKnownUniquelyReferenced(&storage) {
            let storage = self.storage.unsafelyUnwrapped
            guard minimumCapacity > storage.numbers.capacity else { return storage }
            let grown = storage.grown(to: minimumCapacity)
            self.storage = grown
            return grown
        }
        let branch = ChangeJournalStorage.make(branchingFrom: storage, minimumCapacity: minimumCapacity)
        storage = branch
        return branch
    }
}

// Safe because: its storage is written only while this journal is its only owner (`uniqueStorage(minimumCapacity:)`),
// so a storage that two threads can see is never written again; and the ids it holds are `Sendable`.
extension ChangeJournal: @unchecked Sendable where ID: Sendable {}

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
/// compares every element — has been spared at least as many comparisons; but no more than 1,024
/// (``ChangeJournalRing/maximumSize``).
///
/// Why the maximum: every entry is a store into the next slot of the ring, so a ring as large as a list of 10,000
/// rows (16,384 entries of 16 bytes for `Int` ids) streams a quarter of a megabyte through the cache, a new line every
/// four routed events, evicting the rows' own lines — a third of a cache miss per event, in a cache simulation of
/// `rows.toggle.10k` (4.20 to 3.86 misses of a 512 KiB last level per event); and a store with undo copies the ring on
/// every event. ``ObservableRows`` reads the journal after every transition, so it falls behind by the entries of
/// one transition only: a transition that records more than 1,024 (one that changed more than 1,024 rows, which
/// costs time in the rows it changed anyway) makes it compare every row, at most the number of rows / 1,024
/// comparisons per row changed; any other keeps its cost in the rows it changed.
///
/// The ring is the buffer's tail, its numbers the header, in one allocation: recording an entry is a store and an
/// increment, with no array in between (no uniqueness or bounds check per change, which the hot path of a routed row
/// event would pay).
///
/// It is changed only through ``ChangeJournal/uniqueStorage(minimumCapacity:)``, that is only while a single journal
/// owns it: a storage seen by more than one thread is never written (which is what makes ``ChangeJournal``
/// `Sendable`).
@usableFromInline
final class ChangeJournalStorage<ID: Hashable>: ManagedBuffer<ChangeJournalHeader, ChangeJournalEntry<ID>> {
    /// A new, empty lineage with room for `capacity` entries.
    @usableFromInline
    static func make(capacity: Int) -> ChangeJournalStorage {
        make(ChangeJournalHeader(lineage: nextLineage(), capacity: ringSize(for: capacity)), copying: nil)
    }

    /// A copy of `parent` (or a new lineage when it is `nil`), as a lineage of its own, with room for
    /// `minimumCapacity` entries.
    @usableFromInline
    static func make(branchingFrom parent: ChangeJournalStorage?, minimumCapacity: Int) -> ChangeJournalStorage {
        guard let parent else { return make(capacity: minimumCapacity) }
        let header = parent.numbers
        let capacity = ringSize(for: max(minimumCapacity, header.capacity))
        var branch = ChangeJournalHeader(lineage: nextLineage(), capacity: capacity)
        branch.parentLineage = header.lineage
        branch.parentVersion = header.version
        branch.firstVersion = header.oldestVersion
        branch.version = header.version
        return make(branch, copying: parent)
    }

    /// The same lineage with room for `minimumCapacity` entries, for a storage that only its journal owns; itself
    /// when its ring has the most entries it may have already.
    @usableFromInline
    func grown(to minimumCapacity: Int) -> ChangeJournalStorage {
        guard Self.ringSize(for: minimumCapacity) > numbers.capacity else { return self }
        var grown = numbers
        grown.capacity = Self.ringSize(for: minimumCapacity)
        grown.firstVersion = numbers.oldestVersion
        return Self.make(grown, copying: self)
    }

    /// A storage with `header`, its ring holding the entries of `source` that `header` still counts.
    private static func make(
        _ header: ChangeJournalHeader, copying source: ChangeJournalStorage?
    ) -> ChangeJournalStorage {
        let buffer = create(minimumCapacity: header.capacity) { _ in header }
        // `create` makes an instance of `Self` typed as `ManagedBuffer`; the downcast only restores the static type.
        let storage = unsafeDowncast(buffer, to: ChangeJournalStorage.self)
        storage.withUnsafeMutablePointerToElements { ring in
            ring.initialize(repeating: .reordered, count: header.capacity)
            guard let source else { return }
            source.withUnsafeMutablePointers { sourceHeader, sourceRing in
                let sourceMask = sourceHeader.pointee.capacity - 1
                for position in header.oldestVersion..<header.version {
                    ring[position & (header.capacity - 1)] = sourceRing[position & sourceMask]
                }
            }
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointers { header, ring in _ = ring.deinitialize(count: header.pointee.capacity) }
    }

    /// The lineage, the version and what bounds the entries kept. (Read through the pointer: `header` is a stored
    /// property, whose every access would be checked for exclusivity at run time.)
    @inlinable
    var numbers: ChangeJournalHeader { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// Records `entry`, dropping the oldest one when the ring is full.
    @inlinable @inline(__always)
    func append(_ entry: ChangeJournalEntry<ID>) {
        withUnsafeMutablePointers { header, ring in
            // Wrapping arithmetic: a capacity is at least 16, and no version comes near `Int.max`.
            ring[header.pointee.version & (header.pointee.capacity &- 1)] = entry
            header.pointee.version &+= 1
        }
    }

    /// Calls `body` with the entries from version `start` on, oldest first.
    @inlinable
    func forEachEntry(from start: Int, _ body: (ChangeJournalEntry<ID>) -> Void) {
        withUnsafeMutablePointers { header, ring in
            let mask = header.pointee.capacity - 1
            for position in start..<header.pointee.version { body(ring[position & mask]) }
        }
    }

    /// The ring size for `capacity` entries: a power of two, at least 16 and at most
    /// ``ChangeJournalRing/maximumSize``.
    static func ringSize(for capacity: Int) -> Int {
        var size = 16
        while size < min(capacity, ChangeJournalRing.maximumSize) { size <<= 1 }
        return size
    }
}

/// The bounds of a ``ChangeJournalStorage``'s ring.
enum ChangeJournalRing {
    /// The most entries a ring keeps, whatever the number of elements: a power of two (see ``ChangeJournalStorage``).
    static let maximumSize = 1024
}

/// The numbers of a ``ChangeJournalStorage``.
@usableFromInline
struct ChangeJournalHeader {
    /// This storage's lineage number.
    @usableFromInline let lineage: UInt64
    /// The lineage this one was copied from (`0` for none) and the version at the copy: entries up to that version
    /// are that lineage's.
    @usableFromInline var parentLineage: UInt64 = 0
    @usableFromInline var parentVersion = 0
    /// The oldest version whose following entries are all here, unless the ring has wrapped past it since.
    @usableFromInline var firstVersion = 0
    /// The number of entries ever recorded in this lineage, counting those inherited.
    @usableFromInline var version = 0
    /// The ring's size: a power of two; entry `k` (from 0) is at `k & (capacity - 1)`.
    @usableFromInline var capacity: Int

    init(lineage: UInt64, capacity: Int) {
        self.lineage = lineage
        self.capacity = capacity
    }

    /// The oldest version from which every later entry is still in the ring.
    @inlinable
    var oldestVersion: Int { max(firstVersion, version - capacity) }
}


/// An ordered collection of identified elements that records its changes in a ``ChangeJournal``: what
/// ``ObservableRows`` can observe. ``IdentifiedStates`` is one; another collection of identified states (a navigation
/// stack) plugs in by providing:
///
/// 1. This conformance: a `RandomAccessCollection` of `Identifiable` elements in the order shown, `Sendable` when its
///    elements are, with ``subscript(id:)`` in constant time.
/// 2. A stored ``journal`` (`@usableFromInline` if `@inlinable` members touch it), left out of `==`, hashing and coding.
/// 3. A record of every change, in every mutating member: ``ChangeJournal/recordChange(of:)`` for an element changed in
///    place (before or after the change, in the same mutation), ``ChangeJournal/recordInsertion(of:count:)`` for an
///    element added (a push), ``ChangeJournal/recordReordering()`` for a removal (a pop), a move or a sort, and
///    ``ChangeJournal/reset(count:)`` in an initialiser that makes it from elements. A member that forgets one makes
///    observers miss a change: a bug, not a speed-up.
/// 4. A public `ObservableRows` initialiser taking a key path to it in a store's state, that calls
///    `ObservableRows.init(store:rows:send:)` with a `send` that wraps the element's id and event in the store's event,
///    as the one for ``IdentifiedStates`` does.
@usableFromInline
protocol JournaledRows<Element>: RandomAccessCollection where Element: Identifiable {
    /// The record of the collection's recent changes.
    var journal: ChangeJournal<Element.ID> { get }
    /// The element with `id`, or `nil`; in constant time.
    subscript(id id: Element.ID) -> Element? { get }
}
