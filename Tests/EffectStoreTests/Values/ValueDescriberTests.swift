import EffectStoreLogging
import XCTest

@testable import EffectStore

/// Issue 35, parts 4 to 6: values in one line as Swift writes them — labels, type names without their module, nested
/// enum cases with a dot — and text that cannot reorder or hide what follows it. The logger, the diffs and the
/// session page all describe with this one describer.
final class ValueDescriberTests: XCTestCase {
    enum SignUp {
        struct Details: Equatable { var email: String }
        enum AlertAction: Equatable { case confirm }
        enum RowEvent: Equatable { case toggle, rename(String) }
        enum Event: Equatable {
            case signedUp(Details)
            case item(id: Int, RowEvent)
            case alert(PresentationEvent<AlertAction>)
            case failed(reason: String)
            case pair(Int, String)
            case reset
        }
    }

    func test_events_areWrittenAsSwiftWritesThem() {
        XCTAssertEqual(ValueDescriber.line(SignUp.Event.item(id: 3, .toggle), nested: false), "item(id: 3, .toggle)")
        XCTAssertEqual(
            ValueDescriber.line(SignUp.Event.signedUp(.init(email: "a@b.c")), nested: false),
            #"signedUp(ValueDescriberTests.SignUp.Details(email: "a@b.c"))"#)
        XCTAssertEqual(ValueDescriber.line(SignUp.Event.alert(.dismiss), nested: false), "alert(.dismiss)")
        XCTAssertEqual(
            ValueDescriber.line(SignUp.Event.alert(.presented(.confirm)), nested: false), "alert(.presented(.confirm))")
        XCTAssertEqual(ValueDescriber.line(SignUp.Event.failed(reason: "x"), nested: true), #".failed(reason: "x")"#)
        XCTAssertEqual(ValueDescriber.line(SignUp.Event.pair(1, "x"), nested: false), #"pair(1, "x")"#)
        XCTAssertEqual(ValueDescriber.line(SignUp.Event.reset, nested: false), "reset")
        XCTAssertEqual(ValueDescriber.line(SignUp.Event.reset, nested: true), ".reset")
    }

    func test_collections_optionalsAndTuples() {
        XCTAssertEqual(ValueDescriber.line([1, 2], nested: true), "[1, 2]")
        XCTAssertEqual(ValueDescriber.line(["b": 2, "a": 1], nested: true), #"["a": 1, "b": 2]"#)
        XCTAssertEqual(ValueDescriber.line([String: Int](), nested: true), "[:]")
        XCTAssertEqual(ValueDescriber.line(Set(["b", "a"]), nested: true), #"["a", "b"]"#)
        XCTAssertEqual(ValueDescriber.line(Int?.none as Any, nested: true), "nil")
        XCTAssertEqual(ValueDescriber.line(Int?.some(3) as Any, nested: true), "3")
        XCTAssertEqual(ValueDescriber.line((1, label: "x"), nested: true), #"(1, label: "x")"#)
    }

    func test_typeNames_dropTheModuleAndTheContextsOfLocalTypes() {
        struct Local {}
        XCTAssertEqual(ValueDescriber.typeName(SignUp.Details.self), "ValueDescriberTests.SignUp.Details")
        XCTAssertEqual(ValueDescriber.typeName(Local.self), "ValueDescriberTests.Local")
        XCTAssertEqual(ValueDescriber.typeName([Int: [String]].self), "Dictionary<Int, Array<String>>")
        XCTAssertEqual(
            ValueDescriber.typeName(IdentifiedStates<Row>.self), "IdentifiedStates<ValueDescriberTests.Row>")
    }

    struct Row: Identifiable, Equatable { let id: Int; var isOn: Bool }

    func test_identifiedStatesAndScreenStacks_areTheirElements() {
        let rows: IdentifiedStates<Row> = [Row(id: 1, isOn: true)]
        XCTAssertEqual(ValueDescriber.line(rows, nested: true), "[ValueDescriberTests.Row(id: 1, isOn: true)]")
        let path: ScreenStack<String> = ["a", "b"]
        XCTAssertEqual(ValueDescriber.line(path, nested: true), #"["a", "b"]"#)
    }

    /// A right-to-left override, or a line break, in a value cannot reorder or break the line it is shown in.
    func test_controlAndBidirectionalCharacters_areEscaped() {
        XCTAssertEqual(ValueDescriber.line("\u{202E}evil", nested: true), #""\u{202E}evil""#)
        XCTAssertEqual(ValueDescriber.line("a\nb\t\"c\"\\", nested: true), #""a\nb\t\"c\"\\""#)
        XCTAssertEqual(
            ValueDescriber.line("\u{2066}x\u{2069}\u{200F}\u{0007}", nested: true), #""\u{2066}x\u{2069}\u{200F}\u{7}""#
        )
        XCTAssertEqual(ValueDescriber.line("👨‍👩‍👧 é", nested: true), "\"👨‍👩‍👧 é\"", "joiners and accents stay")
        XCTAssertEqual(ValueDescriber.escaped("line\u{2028}break"), #"line\u{2028}break"#)
    }

    func test_changes_areNamedByPath_andOnlyWhat_equalsCompares() {
        var before: IdentifiedStates<Row> = [Row(id: 1, isOn: false), Row(id: 2, isOn: false)]
        let from = before
        before[id: 2]?.isOn = true
        let changes = ValueDiff.changes(from: from, to: before)
        XCTAssertEqual(changes.map(\.pathText), ["[id: 2].isOn"])
        XCTAssertEqual(changes.map(\.kind), [.changed])
        XCTAssertEqual(changes.first?.from as? Bool, false)
        XCTAssertEqual(changes.first?.to as? Bool, true)
    }
}
