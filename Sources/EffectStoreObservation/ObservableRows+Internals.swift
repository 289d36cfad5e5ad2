#if canImport(Observation)
    import EffectStore
    import Dispatch

    /// What an ``ObservableRows`` must apply to catch up with its store: rows changed in place, and — when the ids or
    /// their order may have changed, or the history is unknown — every row, in order (``WholeRows``).
    ///
    /// Deltas taken on the store's queue are merged in ``RowsFeed`` until the main actor takes them, so a burst of
    /// states is applied once, as the latest.
    ///
    /// Generic over the row only, and small: a routed row event — the hot path — moves one row and a `nil` reference
    /// through it, with no generic value witness call (a delta that held the collection's own type was copied and
    /// destroyed through its metadata, unspecialised, several times per event).
    @usableFromInline
    struct RowsDelta<Row: Identifiable & Sendable>: Sendable where Row.ID: Sendable {
        /// Every row, when the ids or order may have changed since the last delta applied; `nil` otherwise.
        @usableFromInline var whole: WholeRows<Row>?
        /// Rows changed in place after `whole` (or since the last delta applied, when there is no `whole`), in the
        /// order their changes were recorded.
        @usableFromInline var changed: [Row]

        @inlinable

        init(whole: WholeRows<Row>? = nil, changed: [Row] = []) {
            self.whole = whole
            self.changed = changed
        }

        /// Whether there is nothing to apply.
        @inlinable
        var isEmpty: Bool { whole == nil && changed.isEmpty }

        /// Adds `newer`, taken after this delta, to it.
        @inlinable
        mutating func merge(_ newer: RowsDelta) {
            if isEmpty {
                self = newer
            } else if let newerWhole = newer.whole {
                guard let whole else {
                    // The newer collection supersedes this delta's rows; what they touched must still be compared.
                    forEachChanged { newerWhole.touched.insert($0.id) }
                    self = newer
                    return
                }
                // In place, in the older (growing) set: a burst of insertions merged here must not copy it each time.
                forEachChanged { whole.touched.insert($0.id) }
                whole.supersede(with: newerWhole)
                changed = newer.changed
            } else {
                changed.append(contentsOf: newer.changed)
            }
        }

        /// Calls `body` with each row changed in place, in order.
        @inlinable
        func forEachChanged(_ body: (Row) -> Void) {
            changed.forEach(body)
        }
    }

    /// Every row of a collection whose ids or order may have changed, for ``RowsDelta``, with what must be compared.
    ///
    /// A class, so that a delta that has none (the usual case) holds one `nil` reference. Safe to share
    /// (`@unchecked Sendable`): it is changed only under the lock of the ``RowsFeed`` that holds it, or by the
    /// delivery that made it, before it is handed to the feed; the main actor reads it once it has taken it.
    @usableFromInline
    final class WholeRows<Row: Identifiable & Sendable>: @unchecked Sendable where Row.ID: Sendable {
        /// The rows, in order: the collection, converted when the main actor applies it (not on the store's queue).
        var rows: @Sendable () -> [Row]
        /// Whether every row must be compared with its object's value (the history between them is unknown).
        var comparesEveryRow: Bool
        /// The rows that changes before (or in) this collection touched: compared with their objects' values.
        @usableFromInline var touched: Set<Row.ID>

        @usableFromInline
        init(rows: @escaping @Sendable () -> [Row], comparesEveryRow: Bool, touched: Set<Row.ID>) {
            self.rows = rows
            self.comparesEveryRow = comparesEveryRow
            self.touched = touched
        }

        /// Takes the rows of `newer`, a later collection, keeping what must be compared in both.
        @usableFromInline
        func supersede(with newer: WholeRows) {
            rows = newer.rows
            comparesEveryRow = comparesEveryRow || newer.comparesEveryRow
            touched.formUnion(newer.touched)
        }
    }

    /// The store's side of an ``ObservableRows``: on each state the store delivers, it reads the collection's
    /// ``ChangeJournal`` since the last state, takes the rows it touched, and leaves them for the main actor.
    ///
    /// Generic over the row only: ``deliver(_:)`` takes any collection of such rows, so the list holds its feed
    /// directly and takes deltas without a closure.
    ///
    /// Safe to share (`@unchecked Sendable`): `mark` is read and written only by the store's subscriber block, which
    /// the store calls on its queue, one call at a time; `box` is guarded by its lock.
    @usableFromInline
    final class RowsFeed<Row: Identifiable & Sendable>: @unchecked Sendable where Row.ID: Sendable {
        /// The journal's mark of the last collection seen; `nil` before the first, whose history is unknown.
        @usableFromInline var mark: ChangeJournalMark?
        /// The delta not yet applied, and whether a main-queue hop to apply it is scheduled.
        @usableFromInline let box = LockedBox<(delta: RowsDelta<Row>, isHopScheduled: Bool)>.make((RowsDelta(), false))

        @usableFromInline
        init() {}

        /// Takes what changed in `rows` since the last collection seen. On the store's queue. Returns `true` when the
        /// caller must schedule a main-queue hop to apply it.
        @inlinable
        func deliver<Rows: JournaledRows & Sendable>(_ rows: Rows) -> Bool where Rows.Element == Row {
            var changed: [Row] = []
            var isReordered = false
            var inserted = Set<Row.ID>()  // empty: no allocation unless a row was added
            var isKnown = false
            if let mark {
                isKnown = rows.journal.forEachEntry(since: mark) { entry in
                    switch entry {
                    case .changed(let id):
                        if let row = rows[id: id] { changed.append(row) }
                    case .inserted(let id):
                        isReordered = true
                        inserted.insert(id)
                    case .removed, .reordered:
                        isReordered = true
                    }
                }
            }
            mark = rows.journal.mark
            var delta: RowsDelta<Row>
            if !isKnown || isReordered {
                var touched = inserted
                for row in changed { touched.insert(row.id) }
                delta = RowsDelta(whole: WholeRows(rows: { Array(rows) }, comparesEveryRow: !isKnown, touched: touched))
            } else {
                guard !changed.isEmpty else { return false }
                delta = RowsDelta(changed: changed)
            }
            return box.withLock { pending in
                pending.delta.merge(delta)
                defer { pending.isHopScheduled = true }
                return !pending.isHopScheduled
            }
        }

        /// Takes the delta not yet applied. On the main actor.
        ///
        /// - Parameter endingHop: True when called by the scheduled hop: a later delivery then schedules a new one.
        @inlinable
        func take(endingHop: Bool) -> RowsDelta<Row>? {
            box.withLock { pending in
                if endingHop { pending.isHopScheduled = false }
                guard !pending.delta.isEmpty else { return nil }
                var taken = RowsDelta<Row>()
                swap(&taken, &pending.delta)
                return taken
            }
        }

        /// Lets the next delivery schedule a hop, for a hop that found a delta being applied and left it to that.
        @inlinable
        func endHop() {
            box.withLock { $0.isHopScheduled = false }
        }
    }
#endif
