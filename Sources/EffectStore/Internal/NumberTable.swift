/// A table of values by number: the effect runtime's jobs, runs, timers and waiting dispatches, whose numbers come
/// from two counters (jobs and timers share one, chains have their own), start at 1 and are never reused.
///
/// A `Dictionary` hashes each key with SipHash, seeded per process: about a hundred instructions per look-up, and a
/// store makes a dozen look-ups to start and stop one run. Numbers handed out in order need no protection against
/// chosen collisions, so this table spreads them with one multiplication (Fibonacci hashing) and probes linearly.
/// Removal shifts the following entries back into place, so no tombstones build up.
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
    /// The slots' keys; 0 where empty. Its count is the capacity: zero, or a power of two.
    @usableFromInline var keys: [UInt64] = []
    /// The slots' values, `nil` exactly where `keys` holds 0.
    @usableFromInline var values: [Value?] = []
    /// How many entries there are.
    @usableFromInline var storedCount = 0
    /// `64 - log2(capacity)`: the shift that takes a product's top bits as a slot index.
    @usableFromInline var shift: UInt64 = 64

    /// An empty table; it allocates on its first insertion.
    @inlinable
    package init() {}

    /// How many entries there are.
    @inlinable
    package var count: Int { storedCount }

    /// Whether the table has no entry.
    @inlinable
    package var isEmpty: Bool { storedCount == 0 }

    /// The value for `key`, or `nil`; setting `nil` removes the entry.
    @inlinable
    package subscript(key: UInt64) -> Value? {
        get {
            guard let slot = slot(of: key) else { return nil }
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
    package var allKeys: [UInt64] { keys.filter { $0 != 0 } }

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
        guard var hole = slot(of: key) else { return nil }
        // Entries are moved (swapped), never copied: a copy and a destroy would retain and release what they hold.
        var removed: Value?
        swap(&removed, &values[hole])
        storedCount -= 1
        // Backward shift: each entry after the hole, up to the next empty slot, moves into the hole when its home slot
        // does not lie (cyclically) between the hole and it — so that every entry stays reachable from its home.
        let mask = keys.count - 1
        var next = (hole + 1) & mask
        while keys[next] != 0 {
            let home = self.home(of: keys[next])
            let distanceToNext = (next - home) & mask
            let distanceToHole = (hole - home) & mask
            if distanceToHole < distanceToNext {
                keys[hole] = keys[next]
                values.swapAt(hole, next)  // the entry into the hole, the hole (`nil`) to where it was
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = 0
        return removed
    }

    // MARK: - Slots

    /// The slot `key` would be found from: the top bits of its product with 2^64 / φ.
    @inlinable
    func home(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot that holds `key`, if any.
    @inlinable
    func slot(of key: UInt64) -> Int? {
        guard storedCount > 0, key != 0 else { return nil }
        let mask = keys.count - 1
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            if found == key { return slot }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    @inlinable
    mutating func insert(_ value: consuming Value, forKey key: UInt64) {
        precondition(key != 0, "NumberTable: key 0 marks an empty slot")
        if let slot = slot(of: key) {
            values[slot] = value
            return
        }
        // At most three quarters full, so that probes stay short and an empty slot always ends them.
        if (storedCount + 1) * 4 > keys.count * 3 { grow() }
        let mask = keys.count - 1
        var slot = home(of: key)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = .some(value)
        storedCount += 1
    }

    /// Doubles the capacity (8 at first) and puts every entry back.
    @inlinable
    mutating func grow() {
        let capacity = Swift.max(8, keys.count * 2)
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: nil, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        let mask = capacity - 1
        for index in oldKeys.indices where oldKeys[index] != 0 {
            var slot = home(of: oldKeys[index])
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[index]
            values[slot] = oldValues[index]
        }
    }
}
