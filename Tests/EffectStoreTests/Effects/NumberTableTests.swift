import XCTest

@testable import EffectStore

/// `NumberTable`, the effect runtime's table of jobs, runs, timers and waiting dispatches by number: it must answer
/// exactly as a `Dictionary` would, through growth and through removals that shift entries back.
final class NumberTableTests: XCTestCase {
    func test_insertReadReplaceRemove() {
        var table = NumberTable<String>()
        XCTAssertTrue(table.isEmpty)
        XCTAssertNil(table[1], "an empty table has nothing, and allocates nothing to say so")

        table[1] = "one"
        table[2] = "two"
        table[1] = "uno"
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table[1], "uno", "setting a key again replaces its value")
        XCTAssertEqual(table[2], "two")
        XCTAssertNil(table[3])

        XCTAssertEqual(table.removeValue(forKey: 1), "uno")
        XCTAssertNil(table.removeValue(forKey: 1), "removing again finds nothing and changes nothing")
        table[2] = nil
        XCTAssertTrue(table.isEmpty)
        XCTAssertEqual(table.allKeys, [])
    }

    func test_keysAndValuesAfterGrowth() {
        var table = NumberTable<UInt64>()
        for key in UInt64(1)...100 { table[key] = key * 10 }
        XCTAssertEqual(table.count, 100)
        XCTAssertEqual(table.allKeys.sorted(), Array(1...100))
        XCTAssertEqual(table.allValues.sorted(), (UInt64(1)...100).map { $0 * 10 })
        table.removeAll()
        XCTAssertTrue(table.isEmpty)
        XCTAssertNil(table[5])
    }

    /// Random inserts, replacements and removals, in order and scattered — including keys that share a home slot, so
    /// that removals must shift entries across runs of neighbours — checked against a `Dictionary` after each step.
    func test_agreesWithADictionary_throughRandomOperations() {
        var generator = SplitMix(seed: 20261125)
        for round in 0..<20 {
            var table = NumberTable<Int>()
            var model: [UInt64: Int] = [:]
            // Small ranges crowd the table (many collisions); the large one spreads it. Multiples of a power of two
            // collide in the low bits a weaker hash would use.
            let range: UInt64 = [8, 64, 1 << 20][round % 3]
            let stride: UInt64 = round % 2 == 0 ? 1 : 1024
            for step in 0..<2_000 {
                let key = (generator.next() % range + 1) * stride
                switch generator.next() % 3 {
                case 0, 1:
                    let value = Int(truncatingIfNeeded: generator.next())
                    table[key] = value
                    model[key] = value
                default:
                    XCTAssertEqual(table.removeValue(forKey: key), model.removeValue(forKey: key), "step \(step)")
                }
                XCTAssertEqual(table.count, model.count, "round \(round), step \(step)")
            }
            for (key, value) in model { XCTAssertEqual(table[key], value, "round \(round), key \(key)") }
            XCTAssertEqual(Set(table.allKeys), Set(model.keys), "round \(round)")
        }
    }

    func test_numbersHandedOutInOrder_thenRemovedInOrder_leaveItEmpty() {
        // The runtime's pattern: jobs numbered 1, 2, 3… start and end, a few in flight at a time.
        var table = NumberTable<Int>()
        for number in UInt64(1)...10_000 {
            table[number] = Int(number)
            if number > 3 { XCTAssertEqual(table.removeValue(forKey: number - 3), Int(number - 3)) }
        }
        XCTAssertEqual(table.allKeys.sorted(), [9_998, 9_999, 10_000])
    }
}
