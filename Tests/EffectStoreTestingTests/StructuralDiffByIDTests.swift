import EffectStore
import EffectStoreTesting
import XCTest

/// Issue 35, part 4: diffs show what `==` compares — rows and screens by id, one real difference per line, nothing of
/// the collections' bookkeeping. Each of these failed before: the diff walked `Mirror` and printed
/// `.rows.elements[500].isOn`, `.rows.journal.storage…lineage`, and `.path.nextElementID`.
final class StructuralDiffByIDTests: XCTestCase {
    struct Toggle: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
        var isOn = false
    }

    struct Board: Equatable, Sendable {
        var rows = IdentifiedStates((0..<1_000).map { Toggle(id: $0, title: "Row \($0)") })
        var path = ScreenStack<String>()
        var isSubmitting = false
    }

    func test_aWrongRow_isOneLine_namedByID() {
        var expected = Board()
        var actual = Board()
        expected.rows[id: 500]?.isOn = false
        actual.rows[id: 500]?.isOn = true
        actual.rows[id: 3]?.title = "Row 3"  // a write that changes nothing: not a difference

        XCTAssertEqual(
            StructuralDiff.lines(expected: expected, actual: actual),
            [".rows[id: 500].isOn: expected false, actual true"])
    }

    func test_anInsertedRow_isOneLine_andDoesNotShiftTheOthers() {
        let expected = Board()
        var actual = Board()
        actual.rows.insert(Toggle(id: 5_000, title: "New"), at: 0)

        XCTAssertEqual(
            StructuralDiff.lines(expected: expected, actual: actual),
            [
                #".rows[id: 5000]: expected <absent>, actual StructuralDiffByIDTests.Toggle(id: 5000, title: "New", isOn: false)"#
            ])
    }

    func test_aRemovedRow_andAMove_areNamedByID() {
        let expected = Board()
        var actual = Board()
        actual.rows.remove(id: 10)
        XCTAssertEqual(StructuralDiff.lines(expected: expected, actual: actual).count, 1)
        XCTAssertTrue(
            StructuralDiff.lines(expected: expected, actual: actual)[0].hasPrefix(
                #".rows[id: 10]: expected StructuralDiffByIDTests.Toggle(id: 10, title: "Row 10", isOn: false), actual <absent>"#
            ))

        var small = Board(rows: [Toggle(id: 1, title: "a"), Toggle(id: 2, title: "b")])
        let before = small
        small.rows.move(fromOffsets: [0], toOffset: 2)
        XCTAssertEqual(
            StructuralDiff.lines(expected: before, actual: small),
            [".rows: expected the order [[id: 1], [id: 2]], actual [[id: 2], [id: 1]]"])
    }

    func test_aStack_showsItsScreensByID_neverItsNextIDOrNavigationFlag() {
        var expected = Board(rows: [])
        expected.path = ["list", "detail"]
        var actual = expected
        actual.path.push("extra")
        _ = actual.path.pop()  // equal screens, another next id and journal
        actual.isSubmitting = true
        XCTAssertEqual(expected.path, actual.path)

        XCTAssertEqual(
            StructuralDiff.lines(expected: expected, actual: actual), [".isSubmitting: expected false, actual true"])

        actual.path.modify(id: 1) { $0 = "edit" }
        XCTAssertEqual(
            StructuralDiff.lines(expected: expected, actual: actual),
            [#".path[id: 1]: expected "detail", actual "edit""#, ".isSubmitting: expected false, actual true"])
    }

    func test_aTestStoreFailure_showsTheRowByID() {
        struct Rows: State, Equatable {
            var rows = IdentifiedStates((0..<1_000).map { Toggle(id: $0, title: "Row \($0)") })
            enum Event: Sendable { case toggle(Int) }
            typealias Effect = Never
            static var initialState: Rows { Rows() }
            mutating func handle(event: Event) -> Never? {
                guard case .toggle(let id) = event else { return nil }
                rows[id: id]?.isOn.toggle()
                return nil
            }
        }
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Rows(), reporter: failures.reporter)

        store.send(.toggle(500)) { $0.rows[id: 501]?.isOn = true }  // the wrong row

        XCTAssertEqual(failures.messages.count, 1)
        let message = failures.messages.first ?? ""
        XCTAssertTrue(
            message.hasSuffix(
                "\n  .rows[id: 500].isOn: expected false, actual true\n  .rows[id: 501].isOn: expected true, actual false"
            ),
            message)
        XCTAssertFalse(message.contains("journal"), message)
    }

    /// A type of the user's whose `==` ignores a field says so with `CustomValueStructure`, and the diff follows.
    func test_aTypeThatAdoptsCustomValueStructure_isComparedByTheFieldsItGives() {
        struct Draft: Equatable, CustomValueStructure {
            var title: String
            var renderCount: Int
            static func == (lhs: Draft, rhs: Draft) -> Bool { lhs.title == rhs.title }
            var valueStructure: ValueStructure { .fields(["title": title]) }
        }
        XCTAssertEqual(
            StructuralDiff.lines(
                expected: Draft(title: "Hello", renderCount: 1), actual: Draft(title: "Hi", renderCount: 9)),
            [#".title: expected "Hello", actual "Hi""#])
    }
}
