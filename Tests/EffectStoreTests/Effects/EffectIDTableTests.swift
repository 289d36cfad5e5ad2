import XCTest

@testable import EffectStore

/// `EffectIDTable`, the scheduler's members by id: it must answer exactly as a `Dictionary` would, for every kind of
/// id, including ids whose table hashes are equal (screens of two stacks with one element number).
final class EffectIDTableTests: XCTestCase {
    private struct Stacks {
        var path = ScreenStack<Int>()
        var other = ScreenStack<Int>()
    }

    private enum Named: Hashable, Sendable { case timer, save }

    /// The ids the random operations draw from: screens of two stacks (pairs with equal table hashes), a presented
    /// child, strings, enum cases, numbers, and a value kept in a box.
    private let pool: [EffectID] = {
        var ids: [EffectID] = []
        for number in 0..<6 {
            ids.append(EffectID(StackElementEffects(\Stacks.path, StackElementID(rawValue: number))))
            ids.append(EffectID(StackElementEffects(\Stacks.other, StackElementID(rawValue: number))))
            ids.append(EffectID("id \(number)"))
            ids.append(EffectID(number))
        }
        ids.append(EffectID(PresentationEffects(\Stacks.path.first)))
        ids.append(EffectID(Named.timer))
        ids.append(EffectID(Named.save))
        ids.append(EffectID([1, 2, 3]))
        return ids
    }()

    func test_idsWithEqualTableHashes_areKeptApart() {
        let screen = EffectID(StackElementEffects(\Stacks.path, 1))
        let otherStacksScreen = EffectID(StackElementEffects(\Stacks.other, 1))
        XCTAssertEqual(screen.tableHash, otherStacksScreen.tableHash, "the premise: one element number, one hash")
        var table = EffectIDTable<String>()
        table[screen] = "path"
        table[otherStacksScreen] = "other"
        XCTAssertEqual(table[screen], "path")
        XCTAssertEqual(table[EffectID(StackElementEffects(\Stacks.other, 1))], "other", "found by an equal id")
        XCTAssertEqual(table.removeValue(forKey: screen), "path")
        XCTAssertNil(table[screen])
        XCTAssertEqual(table[otherStacksScreen], "other", "removing one leaves the other reachable")
        table[otherStacksScreen] = nil
        XCTAssertTrue(table.isEmpty)
    }

    func test_updateInPlace_storesTheDefaultFirst() {
        var table = EffectIDTable<[Int]>()
        table.update(EffectID("timer"), default: []) { $0.append(1) }
        table.update(EffectID("timer"), default: [99]) { $0.append(2) }
        XCTAssertEqual(table[EffectID("timer")], [1, 2], "the default is used only when the id has no entry")
    }

    /// Random updates and removals, checked against a `Dictionary` after each step, through growth and through
    /// removals that shift entries back.
    func test_agreesWithADictionary_throughRandomOperations() {
        var generator = SplitMix(seed: 20261125)
        for round in 0..<10 {
            var table = EffectIDTable<Int>()
            var model: [EffectID: Int] = [:]
            for step in 0..<2_000 {
                let id = pool[Int(generator.next() % UInt64(pool.count))]
                switch generator.next() % 4 {
                case 0:
                    let value = Int(truncatingIfNeeded: generator.next())
                    table[id] = value
                    model[id] = value
                case 1:
                    table.update(id, default: 0) { $0 &+= 1 }
                    model[id, default: 0] &+= 1
                default:
                    XCTAssertEqual(table.removeValue(forKey: id), model.removeValue(forKey: id), "step \(step)")
                }
                XCTAssertEqual(table.slots.count, model.count, "round \(round), step \(step)")
            }
            for id in pool { XCTAssertEqual(table[id], model[id], "round \(round), \(id)") }
            table.removeAll()
            XCTAssertTrue(table.isEmpty)
        }
    }
}
