import EffectStoreTesting
import XCTest

final class StructuralDiffTests: XCTestCase {
    func test_lines_areEmptyForEqualValues() {
        let processes = [Process(id: 1, title: "iOS")]
        XCTAssertEqual(StructuralDiff.lines(expected: Catalog.loaded(processes), actual: .loaded(processes)), [])
    }

    func test_lines_pointAtTheDifferingFieldInsideAnEnumPayloadArray() {
        let expected = Catalog.loaded([Process(id: 1, title: "Swift"), Process(id: 2, title: "iOS")])
        let actual = Catalog.loaded([Process(id: 1, title: "Swift"), Process(id: 2, title: "Android")])

        XCTAssertEqual(StructuralDiff.lines(expected: expected, actual: actual),
                       [#".loaded[1].title: expected "iOS", actual "Android""#])
    }

    func test_lines_showBothValuesWhenTheEnumCaseDiffers() {
        XCTAssertEqual(StructuralDiff.lines(expected: Catalog.loading, actual: .failed("offline")),
                       [#"expected .loading, actual .failed("offline")"#])
    }

    func test_lines_reportTheCountAndEachMissingOrExtraElement() {
        let expected = [Process(id: 1, title: "iOS")]
        let actual = [Process(id: 1, title: "iOS"), Process(id: 2, title: "Android")]

        XCTAssertEqual(StructuralDiff.lines(expected: expected, actual: actual), [
            ".count: expected 1, actual 2",
            #"[1]: expected <absent>, actual Process(id: 2, title: "Android")"#,
        ])
    }

    func test_lines_compareDictionariesByKeyInSortedOrder() {
        let expected = ["b": 2, "a": 1, "c": 3]
        let actual = ["c": 30, "a": 1, "d": 4]

        XCTAssertEqual(StructuralDiff.lines(expected: expected, actual: actual), [
            #"["b"]: expected 2, actual <absent>"#,
            #"["c"]: expected 3, actual 30"#,
            #"["d"]: expected <absent>, actual 4"#,
        ])
    }

    func test_lines_compareOptionalsAndLabelledPayloads() {
        let expected: Login.Event? = .submit(password: "secret")
        XCTAssertEqual(StructuralDiff.lines(expected: expected, actual: .submit(password: "guess")),
                       [#".submit.password: expected "secret", actual "guess""#])
        XCTAssertEqual(StructuralDiff.lines(expected: expected, actual: nil),
                       [#"expected .submit(password: "secret"), actual nil"#])
    }

    func test_lines_compareSetsByElement() {
        XCTAssertEqual(StructuralDiff.lines(expected: Set(["a", "b"]), actual: Set(["b", "c"])),
                       [#"missing element "a""#, #"unexpected element "c""#])
    }

    func test_describe_saysWhenUnequalValuesPrintTheSame() {
        struct AlwaysDifferent: Equatable {
            let id = 1
            static func == (lhs: Self, rhs: Self) -> Bool { false }
        }

        let text = StructuralDiff.describe(expected: AlwaysDifferent(), actual: AlwaysDifferent())

        XCTAssertTrue(text.contains("no structural difference found"), text)
        XCTAssertTrue(text.contains("expected: StructuralDiffTests.AlwaysDifferent(id: 1)"), text)
    }
}
