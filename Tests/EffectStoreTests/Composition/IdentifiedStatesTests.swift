import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

final class IdentifiedStatesTests: XCTestCase {
    private func counters(_ ids: Int...) -> IdentifiedStates<Counter> { IdentifiedStates(ids.map { Counter(id: $0) }) }

    func test_init_keepsOrder_andALaterDuplicateReplacesTheEarlierInPlace() {
        let rows = IdentifiedStates([Counter(id: 2), Counter(id: 1), Counter(id: 2, count: 5)])

        XCTAssertEqual(rows.ids, [2, 1])
        XCTAssertEqual(rows[id: 2]?.count, 5)
    }

    func test_subscriptByID_readsWritesAppendsAndRemoves() {
        var rows = counters(1, 2)

        rows[id: 2]?.count = 7
        rows[id: 3] = Counter(id: 3)
        rows[id: 1] = nil

        XCTAssertEqual(rows.ids, [2, 3])
        XCTAssertEqual(rows[id: 2]?.count, 7)
        XCTAssertNil(rows[id: 1])
        XCTAssertEqual(rows.index(id: 3), 1)
    }

    /// A programmer error that stops with its message, which a release build keeps too (`fatalError`).
    func test_anElementWrittenUnderAnotherID_stopsWithAMessage() {
        runInChildProcess(self, expectingCrashWith: "an element whose id is 2. To fix, write an element under its own id") {
            var rows = counters(1)
            rows[id: 1] = Counter(id: 2)
        }
    }

    func test_appendAndInsert_refuseAnIDAlreadyThere_leavingTheCollectionUnchanged() {
        var rows = counters(1, 2)

        XCTAssertFalse(rows.append(Counter(id: 1, count: 9)))
        XCTAssertFalse(rows.insert(Counter(id: 2, count: 9), at: 0))
        XCTAssertTrue(rows.insert(Counter(id: 0), at: 0))

        XCTAssertEqual(rows.ids, [0, 1, 2])
        XCTAssertEqual(rows.map(\.count), [0, 0, 0])
    }

    func test_remove_keepsTheOthersFoundByID() {
        var rows = counters(1, 2, 3, 4)

        XCTAssertEqual(rows.remove(id: 2)?.id, 2)
        XCTAssertNil(rows.remove(id: 2))
        rows.removeAll { $0.id == 4 }

        XCTAssertEqual(rows.ids, [1, 3])
        XCTAssertEqual(rows.index(id: 3), 1)
        XCTAssertFalse(rows.contains(id: 4))
    }

    func test_move_followsTheOnMoveContract() {
        var rows = counters(0, 1, 2, 3)

        rows.move(fromOffsets: [0], toOffset: 3)
        XCTAssertEqual(rows.ids, [1, 2, 0, 3])

        rows.move(fromOffsets: [1, 3], toOffset: 0)
        XCTAssertEqual(rows.ids, [2, 3, 1, 0])

        rows.move(fromOffsets: [0], toOffset: 4)
        XCTAssertEqual(rows.ids, [3, 1, 0, 2])
        XCTAssertEqual(rows.ids.map { rows.index(id: $0) }, [0, 1, 2, 3])
    }

    func test_sort_keepsLookupByID() {
        var rows = counters(3, 1, 2)

        rows.sort { $0.id < $1.id }

        XCTAssertEqual(rows.ids, [1, 2, 3])
        XCTAssertEqual(rows.index(id: 3), 2)
    }

    func test_equalityAndHash_dependOnOrder() {
        XCTAssertEqual(counters(1, 2), counters(1, 2))
        XCTAssertNotEqual(counters(1, 2), counters(2, 1))
        XCTAssertEqual(Set([counters(1, 2), counters(1, 2)]).count, 1)
    }

    func test_codable_roundTripsAsAnArray() throws {
        let rows = counters(2, 1)

        let data = try JSONEncoder().encode(rows)

        XCTAssertEqual(try JSONDecoder().decode([Counter].self, from: data), Array(rows))
        XCTAssertEqual(try JSONDecoder().decode(IdentifiedStates<Counter>.self, from: data), rows)
    }

    func test_decode_rejectsTwoElementsWithOneID() {
        let data = Data(#"[{"id":1,"count":0},{"id":1,"count":2}]"#.utf8)

        XCTAssertThrowsError(try JSONDecoder().decode(IdentifiedStates<Counter>.self, from: data)) { error in
            XCTAssertTrue("\(error)".contains("two elements have the id 1"), "\(error)")
        }
    }
}
