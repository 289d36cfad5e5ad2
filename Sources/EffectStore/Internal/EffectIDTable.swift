/// A table of values by ``EffectID``: the effect scheduler's members of each id. Slots are found by the id's
/// ``EffectID/tableHash`` and told apart with `==`.
///
/// A `Dictionary` hashes each id with SipHash, and a store looks an id up three times to start and stop one effect
/// under it; an id of a screen's or a presented child's effects, the one every navigation event uses, hashes here
/// with no SipHash at all. Its slots are a ``NumberSlots``, keyed by the hashes (which two ids may share), so that it
/// also runs the same probing code as the scheduler's other tables.
///
/// Not thread-safe: its owner confines it, as the scheduler's owner does.
///
/// ```swift
/// var members = EffectIDTable<Int>()
/// members[EffectID("timer")] = 7
/// members.removeValue(forKey: EffectID("timer"))   // 7
/// ```
@usableFromInline
package struct EffectIDTable<Value> {
    /// The slots, keyed by the ids' table hashes.
    @usableFromInline var slots = NumberSlots()
    /// The slots' ids, `nil` exactly where the slot is empty.
    @usableFromInline var ids: [EffectID?] = []
    /// The slots' values, `nil` exactly where the slot is empty.
    @usableFromInline var values: [Value?] = []

    /// An empty table; it allocates on its first insertion.
    @inlinable
    package init() {}

    /// Whether the table has no entry.
    @inlinable
    package var isEmpty: Bool { slots.count == 0 }

    /// The value for `id`, or `nil`; setting `nil` removes the entry.
    @inlinable
    package subscript(id: EffectID) -> Value? {
        get {
            guard let slot = slot(of: id) else { return nil }
            return values[slot]
        }
        set {
            if let newValue {
                update(id, default: newValue) { $0 = newValue }
            } else {
                removeValue(forKey: id)
            }
        }
    }

    /// The slot that holds `id`, if any.
    @inlinable
    func slot(of id: EffectID) -> Int? {
        guard !isEmpty else { return nil }
        return slots.slot(of: Self.key(of: id)) { ids[$0] == id }
    }

    /// Calls `body` on the value for `id`, in place; on `initial`, stored for `id`, when there is none.
    @inlinable
    mutating func update(_ id: EffectID, default initial: @autoclosure () -> Value, _ body: (inout Value) -> Void) {
        if let slot = slot(of: id) {
            body(&values[slot]!)
            return
        }
        if slots.isFullForOneMore { grow() }
        let slot = slots.claim(Self.key(of: id))
        var value = initial()
        body(&value)
        ids[slot] = id
        values[slot] = .some(value)
    }

    /// Removes the entry for `id` and returns its value; `nil`, changing nothing, when there is none.
    @inlinable
    @discardableResult
    package mutating func removeValue(forKey id: EffectID) -> Value? {
        guard let slot = slot(of: id) else { return nil }
        return remove(at: slot)
    }

    /// Removes the entry in `slot` and returns its value.
    @inlinable
    @discardableResult
    mutating func remove(at hole: Int) -> Value? {
        // Entries are moved (swapped), never copied, as in `NumberTable`.
        var removed: Value?
        swap(&removed, &values[hole])
        ids[hole] = nil
        slots.vacate(hole) { from, to in
            ids.swapAt(from, to)
            values.swapAt(from, to)
        }
        return removed
    }

    /// Removes every entry, and the storage with them.
    @inlinable
    package mutating func removeAll() {
        self = EffectIDTable()
    }

    /// Doubles the capacity (8 at first) and puts every entry back.
    @inlinable
    @inline(never)
    mutating func grow() {
        var oldIDs: [EffectID?] = []
        var oldValues: [Value?] = []
        swap(&oldIDs, &ids)
        swap(&oldValues, &values)
        ids = Array(repeating: nil, count: slots.grownCapacity)
        values = Array(repeating: nil, count: slots.grownCapacity)
        slots.grow { from, to in
            swap(&ids[to], &oldIDs[from])
            swap(&values[to], &oldValues[from])
        }
    }

    /// `id`'s table hash as a slot key: never 0, which marks an empty slot.
    @inlinable
    static func key(of id: EffectID) -> UInt64 {
        let hash = id.tableHash
        return hash == 0 ? 1 : hash
    }
}
