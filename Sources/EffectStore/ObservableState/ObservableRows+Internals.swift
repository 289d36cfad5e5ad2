#if canImport(Observation)
    import Dispatch

    /// What an ``ObservableRows`` must apply to catch up with its store: rows changed in place, and — when the ids or
    /// their order may have changed, or the history is unknown — every row, in order.
    ///
    /// Deltas taken on the store's queue are merged in ``RowsFeed`` until the main actor takes them, so a burst of
    /// states is applied once, as the latest.
    @usableFromInline
    struct RowsDelta<Rows: JournaledRows & Sendable>: Sendable where Rows.Element: Sendable, Rows.Element.ID: Sendable {
        /// The collection, in order, when its ids or order may have changed since the last delta applied.
        @usableFromInline var whole: Rows?
        /// Whether every row of `whole` must be compared with its object's value (the history between them is
        /// unknown).
        @usableFromInline var comparesEveryRow = false
        /// The rows of `whole` that changes before it touched: compared with their objects' values.
        @usableFromInline var touched: Set<Rows.Element.ID>?
        /// Rows changed in place after `whole` (or since the last delta applied, when there is no `whole`), in the
        /// order their changes were recorded. Usually one: the first is kept inline, so it allocates nothing.
        @usableFromInline var changed = FirstInlineList<Rows.Element>()

        @inlinable
        init() {}

        /// Whether there is nothing to apply.
        @inlinable
        var isEmpty: Bool { whole == nil && changed.isEmpty }

        /// Adds `newer`, taken after this delta, to it.
        @inlinable
        mutating func merge(_ newer: RowsDelta) {
            if isEmpty {
                self = newer
            } else if newer.whole != nil {
                // The newer collection supersedes this delta's rows; what they touched must still be compared.
                // In place: a burst of insertions merged here must not copy a growing set each time.
                let superseded = changed
                if touched == nil { touched = [] }
                if let first = superseded.first { touched!.insert(first.id) }
                for row in superseded.further ?? [] { touched!.insert(row.id) }
                if let newerTouched = newer.touched { touched!.formUnion(newerTouched) }
                comparesEveryRow = comparesEveryRow || newer.comparesEveryRow
                whole = newer.whole
                changed = newer.changed
            } else {
                changed.append(contentsOf: newer.changed)
            }
        }

        /// Calls `body` with each row changed in place, in order.
        @inlinable
        func forEachChanged(_ body: (Rows.Element) -> Void) {
            guard let first = changed.first else { return }
            body(first)
            changed.further?.forEach(body)
        }
    }

    /// The store's side of an ``ObservableRows``: on each state the store delivers, it reads the collection's
    /// ``ChangeJournal`` since the last state, takes the rows it touched, and leaves them for the main actor.
    ///
    /// Safe to share (`@unchecked Sendable`): `mark` is read and written only by the store's subscriber block, which
    /// the store calls on its queue, one call at a time; `box` is guarded by its lock.
    @usableFromInline
    final class RowsFeed<Rows: JournaledRows & Sendable>: @unchecked Sendable
    where Rows.Element: Sendable, Rows.Element.ID: Sendable {
        /// The journal's mark of the last collection seen; `nil` before the first, whose history is unknown.
        @exclusivity(unchecked) @usableFromInline var mark: ChangeJournalMark?
        /// The delta not yet applied, and whether a main-queue hop to apply it is scheduled.
        @usableFromInline let box = LockedBox<(delta: RowsDelta<Rows>, isHopScheduled: Bool)>.make((RowsDelta(), false))

        @inlinable
        init() {}

        /// Takes what changed in `rows` since the last collection seen. On the store's queue. Returns `true` when the
        /// caller must schedule a main-queue hop to apply it.
        @inlinable
        func deliver(_ rows: Rows) -> Bool {
            var delta = RowsDelta<Rows>()
            var isReordered = false
            var inserted = Set<Rows.Element.ID>()  // empty: no allocation unless a row was added
            let isKnown =
                mark.map { mark in
                    rows.journal.forEachEntry(since: mark) { entry in
                        switch entry {
                        case .changed(let id):
                            if let row = rows[id: id] { delta.changed.append(row) }
                        case .inserted(let id):
                            isReordered = true
                            inserted.insert(id)
                        case .reordered:
                            isReordered = true
                        }
                    }
                } ?? false
            mark = rows.journal.mark
            if !isKnown || isReordered {
                var touched = inserted
                delta.forEachChanged { touched.insert($0.id) }
                delta.touched = touched
                delta.changed = FirstInlineList()
                delta.whole = rows
                delta.comparesEveryRow = !isKnown
            }
            guard !delta.isEmpty else { return false }
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
        func take(endingHop: Bool) -> RowsDelta<Rows>? {
            box.withLock { pending in
                if endingHop { pending.isHopScheduled = false }
                guard !pending.delta.isEmpty else { return nil }
                var taken = RowsDelta<Rows>()
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

    /// A delta as the main actor applies it, with the collection's type erased: ``ObservableRows`` is generic over the
    /// row only.
    @usableFromInline
    struct AppliedRows<Row> {
        /// Every row, in order, when the ids or order may have changed.
        @usableFromInline var whole: [Row]?
        @usableFromInline var comparesEveryRow: Bool
        @usableFromInline var touched: (Row) -> Bool
        @usableFromInline var changed: FirstInlineList<Row>

        @inlinable
        init(whole: [Row]?, comparesEveryRow: Bool, touched: @escaping (Row) -> Bool, changed: FirstInlineList<Row>) {
            self.whole = whole
            self.comparesEveryRow = comparesEveryRow
            self.touched = touched
            self.changed = changed
        }
    }

    extension RowsDelta {
        /// This delta, for the main actor.
        @inlinable
        var applied: AppliedRows<Rows.Element> {
            guard let whole else {
                // The usual case, one row changed: no closure context to allocate.
                return AppliedRows(whole: nil, comparesEveryRow: false, touched: { _ in false }, changed: changed)
            }
            let touched = self.touched ?? []
            return AppliedRows(
                whole: Array(whole), comparesEveryRow: comparesEveryRow,
                touched: { touched.contains($0.id) }, changed: changed)
        }
    }
#endif
