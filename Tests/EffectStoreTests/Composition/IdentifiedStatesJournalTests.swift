import Foundation
import XCTest

@testable import EffectStore

/// The journal `IdentifiedStates` keeps for `ObservableRows`: every mutating member records what it touched, and a
/// history it cannot vouch for is reported unknown.
final class IdentifiedStatesJournalTests: XCTestCase {
    private func counters(_ ids: Int...) -> IdentifiedStates<Counter> { IdentifiedStates(ids.map { Counter(id: $0) }) }

    /// The entries `rows` recorded since `mark`, written as `changed 1`, `inserted 2`, `removed 3`, `reordered`; `nil`
    /// when unknown.
    private func entries(_ rows: IdentifiedStates<Counter>, since mark: ChangeJournalMark) -> [String]? {
        var written: [String] = []
        let isKnown = rows.journal.forEachEntry(since: mark) { entry in
            switch entry {
            case .changed(let id): written.append("changed \(id)")
            case .inserted(let id): written.append("inserted \(id)")
            case .removed(let id): written.append("removed \(id)")
            case .reordered: written.append("reordered")
            }
        }
        return isKnown ? written : nil
    }

    /// `change` applied to a copy of `rows`, and the entries it recorded.
    private func recorded(
        by change: (inout IdentifiedStates<Counter>) -> Void, in rows: IdentifiedStates<Counter> = .init()
    ) -> [String]? {
        var rows = rows
        let mark = rows.journal.mark
        change(&rows)
        return entries(rows, since: mark)
    }

    func test_everyMutatingMember_recordsWhatItTouched() {
        let rows = counters(1, 2, 3)
        XCTAssertEqual(recorded(by: { $0[id: 2]?.count = 5 }, in: rows), ["changed 2"])
        XCTAssertEqual(recorded(by: { $0[id: 2] = Counter(id: 2, count: 1) }, in: rows), ["changed 2"])
        XCTAssertEqual(recorded(by: { $0[id: 9] = Counter(id: 9) }, in: rows), ["inserted 9"])
        XCTAssertEqual(recorded(by: { $0[id: 1] = nil }, in: rows), ["removed 1"])
        XCTAssertEqual(recorded(by: { $0.append(Counter(id: 4)) }, in: rows), ["inserted 4"])
        XCTAssertEqual(recorded(by: { $0.append(Counter(id: 1)) }, in: rows), [], "refused: nothing changed")
        XCTAssertEqual(recorded(by: { $0.insert(Counter(id: 0), at: 0) }, in: rows), ["inserted 0"])
        XCTAssertEqual(recorded(by: { $0.remove(id: 3) }, in: rows), ["removed 3"])
        XCTAssertEqual(recorded(by: { $0.remove(id: 9) }, in: rows), [], "no such row: nothing changed")
        XCTAssertEqual(recorded(by: { $0.remove(at: 0) }, in: rows), ["removed 1"])
        XCTAssertEqual(recorded(by: { $0.removeAll { $0.id > 1 } }, in: rows), ["removed 2", "removed 3"])
        XCTAssertEqual(recorded(by: { $0.removeAll { $0.id > 5 } }, in: rows), [], "nothing removed")
        XCTAssertEqual(recorded(by: { $0.move(fromOffsets: [0], toOffset: 3) }, in: rows), ["reordered"])
        XCTAssertEqual(recorded(by: { $0.sort { $0.id > $1.id } }, in: rows), ["reordered"])
        XCTAssertEqual(recorded(by: { _ = $0.modify(id: 3) { $0.count += 1 } }, in: rows), ["changed 3"])
        XCTAssertNil(recorded(by: { $0 = self.counters(1, 2, 3) }, in: rows), "a new collection: unknown")
    }

    func test_rowRouting_recordsTheRow() {
        var board = Board(counters: counters(1, 2))
        let mark = board.counters.journal.mark

        _ = board.transition(on: .counter(id: 2, .increment))
        _ = board.transition(on: .counter(id: 7, .increment))  // no such row: ignored, nothing recorded

        XCTAssertEqual(entries(board.counters, since: mark), ["changed 2"])
    }

    func test_aCopyThatDiverges_keepsItsHistoryApart() {
        var original = counters(1, 2)
        let shared = original.journal.mark
        var copy = original

        copy[id: 1]?.count = 1
        original[id: 2]?.count = 2

        XCTAssertEqual(entries(copy, since: shared), ["changed 1"], "the copy's history goes on from the shared mark")
        XCTAssertEqual(entries(original, since: shared), ["changed 2"])
        XCTAssertNil(entries(copy, since: original.journal.mark), "the original's later history is not the copy's")
        XCTAssertNil(entries(original, since: copy.journal.mark))
    }

    func test_moreChangesThanTheJournalKeeps_areUnknown() {
        var rows = counters(1, 2)
        let mark = rows.journal.mark
        for count in 0..<100 { rows[id: 1]?.count = count }

        XCTAssertNil(entries(rows, since: mark), "the journal keeps at least 16 entries, and as many as rows")
        XCTAssertEqual(entries(rows, since: rows.journal.mark), [])
    }

    func test_theJournalGrowsWithTheRows_keepingItsEntries() {
        var rows = counters(1)
        let mark = rows.journal.mark
        for id in 2...100 { rows.append(Counter(id: id)) }
        rows[id: 1]?.count = 1

        XCTAssertEqual(entries(rows, since: mark), (2...100).map { "inserted \($0)" } + ["changed 1"])
    }

    func test_aLargeCollection_keeps1024Entries_notOnePerRow() {
        var rows = IdentifiedStates((0..<2_000).map { Counter(id: $0) })
        let mark = rows.journal.mark
        for id in 0..<1_024 { rows[id: id]?.count = 1 }

        XCTAssertEqual(entries(rows, since: mark)?.count, 1_024)
        rows.append(Counter(id: 2_000))  // growing keeps the ring as it is
        XCTAssertNil(entries(rows, since: mark), "more entries since the mark than the ring keeps: unknown")
        XCTAssertEqual(entries(rows, since: rows.journal.mark), [])
    }

    func test_emptyCollections_haveNoHistoryToTell() {
        let empty = IdentifiedStates<Counter>()
        XCTAssertEqual(entries(empty, since: IdentifiedStates<Counter>().journal.mark), [])
        XCTAssertNil(entries(empty, since: counters(1).journal.mark), "emptied by a replacement: unknown")
    }

    func test_theJournal_isNotPartOfTheValue() throws {
        var changed = counters(1, 2)
        changed[id: 1]?.count = 1
        changed[id: 1]?.count = 0
        let fresh = counters(1, 2)

        XCTAssertEqual(changed, fresh)
        XCTAssertEqual(changed.hashValue, fresh.hashValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(try encoder.encode(changed), try encoder.encode(fresh))
    }
}
