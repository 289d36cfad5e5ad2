/// A table of values by number: the effect runtime's jobs, runs, timers and waiting dispatches, whose numbers come
/// from two counters (jobs and timers share one, chains have their own), start at 1 and are never reused.
///
/// A `Dictionary` hashes each key with SipHash, seeded per process: about a hundred instructions per look-up, and a
/// store makes a dozen look-ups to start and stop one run. Numbers handed out in order need no protection against
/// chosen collisions, so this table spreads them with one multiplication (Fibonacci hashing) and probes linearly.
/// Removal shifts the following entries back into place, so no tombstones build up.
///
/// The keys and their probing live in ``NumberSlots``, which is not generic: every table, whatever its values, runs
/// one copy of that code. A store starting and stopping a run touches five tables of five value types; with the
/// probing compiled for each, their code alone took a sixth of the instruction cache misses of a push and pop of a
/// screen (cachegrind, `--push-pop N`).
///
/// Key 0 marks an empty slot and cannot be stored (a precondition). Not thread-safe: its owner confines it, as the
/// runtime does to the store's queue.
///
/// ```swift
/// var runs = NumberTable<String>()
/// runs[7] = "ticks"
/// runs.removeValue(forKey: 7)   // "ticks"
/// ```
@usableFromInline
package struct NumberTable<Value> {
    /// The slots' keys.
    @usableFromInline var slots = NumberSlots()
    /// The slots' values, `nil` exactly where the slot is empty.
    @usableFromInline var values: [Value?] = []

    /// An empty table; it allocates on its first insertion.
    @inlinable
    package init() {}

    /// How many entries there are.
    @inlinable
    package var count: Int { slots.count }

    /// Whether the table has no entry.
    @inlinable
    package var isEmpty: Bool { slots.count == 0 }

    /// The value for `key`, or `nil`; setting `nil` removes the entry.
    @inlinable
    package subscript(key: UInt64) -> Value? {
        get {
            guard !isEmpty, let slot = slots.slot(of: key) else { return nil }
            return values[slot]
        }
        set {
            if let newValue {
                insert(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// The keys, in no particular order.
    @inlinable
    package var allKeys: [UInt64] { slots.keys.filter { $0 != 0 } }

    /// The values, in no particular order.
    @inlinable
    package var allValues: [Value] { values.compactMap { $0 } }

    /// Removes every entry, and the storage with them.
    @inlinable
    package mutating func removeAll() {
        self = NumberTable()
    }

    /// Removes the entry for `key` and returns its value; `nil`, changing nothing, when there is none.
    @inlinable
    @discardableResult
    package mutating func removeValue(forKey key: UInt64) -> Value? {
        guard !isEmpty, let hole = slots.slot(of: key) else { return nil }
        // Entries are moved (swapped), never copied: a copy and a destroy would retain and release what they hold.
        var removed: Value?
        swap(&removed, &values[hole])
        slots.vacate(hole) { from, to in values.swapAt(from, to) }
        return removed
    }

    /// Stores `value` for `key`, replacing the value there was.
    @inlinable
    mutating func insert(_ value: consuming Value, forKey key: UInt64) {
        if !isEmpty, let slot = slots.slot(of: key) {
            values[slot] = value
            return
        }
        if slots.isFullForOneMore { grow() }
        values[slots.claim(key)] = .some(value)
    }

    /// Doubles the capacity (8 at first) and puts every entry back.
    @inlinable
    @inline(never)
    mutating func grow() {
        var oldValues: [Value?] = []
        swap(&oldValues, &values)
        values = Array(repeating: nil, count: slots.grownCapacity)
        slots.grow { from, to in swap(&values[to], &oldValues[from]) }
    }
}

/// The keys of a ``NumberTable`` and how they are probed: where a key is, where a new one goes, and which entries move
/// when one is removed. Not generic, so that its code is shared by every table (see there); the table moves the values
/// as told.
@usableFromInline
package struct NumberSlots {
    /// The slots' keys; 0 where empty. Its count is the capacity: zero, or a power of two.
    @usableFromInline var keys: [UInt64] = []
    /// How many entries there are.
    @usableFromInline var count = 0
    /// `64 - log2(capacity)`: the shift that takes a product's top bits as a slot index.
    @usableFromInline var shift: UInt64 = 64

    @usableFromInline
    init() {}

    /// Empty slots for `capacity` keys, a power of two.
    @usableFromInline
    init(capacity: Int) {
        keys = Array(repeating: 0, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    /// Whether one more key would fill more than three quarters of the slots: probes stay short, and an empty slot
    /// always ends them.
    @inlinable
    var isFullForOneMore: Bool { (count + 1) * 4 > keys.count * 3 }

    /// The capacity ``grow(move:)`` gives: double, and 8 at first.
    @inlinable
    var grownCapacity: Int { Swift.max(8, keys.count * 2) }

    /// Grows to ``grownCapacity`` and claims every key again, calling `move(from, to)` with each key's old slot and
    /// its new one, for the table to move the entry's values (into arrays of the new capacity).
    @usableFromInline
    mutating func grow(move: (_ from: Int, _ to: Int) -> Void) {
        let old = keys
        self = NumberSlots(capacity: grownCapacity)
        for index in old.indices where old[index] != 0 { move(index, claim(old[index])) }
    }

    /// The slot `key` would be found from: the top bits of its product with 2^64 / φ.
    @inlinable
    func home(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot that holds `key`, if any. Ask only when there are keys.
    @usableFromInline
    func slot(of key: UInt64) -> Int? {
        guard key != 0 else { return nil }
        let mask = keys.count - 1
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            if found == key { return slot }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The slot that holds `key` and whose entry `matches`, if any: for tables whose keys are hashes, which two
    /// entries may share (``EffectIDTable``). Ask only when there are keys.
    @usableFromInline
    func slot(of key: UInt64, matching matches: (Int) -> Bool) -> Int? {
        let mask = keys.count - 1
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            if found == key, matches(slot) { return slot }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Takes an empty slot for `key`, which is not there yet, and returns it. Ask only when one more key fits
    /// (`isFullForOneMore` is false).
    @usableFromInline
    mutating func claim(_ key: UInt64) -> Int {
        precondition(key != 0, "NumberTable: key 0 marks an empty slot")
        let mask = keys.count - 1
        var slot = home(of: key)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        count += 1
        return slot
    }

    /// Empties the slot `hole`, whose value the table has taken, and calls `move(from, to)` for each entry that must
    /// move back into place, in order.
    ///
    /// Backward shift: each entry after the hole, up to the next empty slot, moves into the hole when its home slot
    /// does not lie (cyclically) between the hole and it — so that every entry stays reachable from its home.
    @usableFromInline
    mutating func vacate(_ hole: Int, move: (_ from: Int, _ to: Int) -> Void) {
        var hole = hole
        count -= 1
        let mask = keys.count - 1
        var next = (hole + 1) & mask
        while keys[next] != 0 {
            let home = self.home(of: keys[next])
            let distanceToNext = (next - home) & mask
            let distanceToHole = (hole - home) & mask
            if distanceToHole < distanceToNext {
                keys[hole] = keys[next]
                move(next, hole)  // the entry into the hole, the hole (`nil`) to where it was
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = 0
    }
}
