import EffectStore
import EffectStoreTesting
import XCTest

/// A state holding a set and a dictionary: their order in `String(describing:)` follows the process's hash seed.
struct Tagged: State, Hashable {
    var tags: Set<String>
    var counts: [String: Int]
    var phase: Phase

    enum Phase: Hashable, Sendable {
        case idle
        case picked(Set<Int>)
    }

    enum Event: Sendable, CaseIterable { case pick }

    static var initialState: Tagged {
        let names = (0..<40).map { "t\($0 < 10 ? "0" : "")\($0)" }
        return Tagged(
            tags: Set(names),
            counts: Dictionary(uniqueKeysWithValues: names.prefix(12).enumerated().map { ($1, $0) }),
            phase: .idle)
    }

    mutating func handle(event: Event) -> Never? {
        phase = .picked(Set(0..<20))
        return nil
    }
}

final class StableLabelTests: XCTestCase {
    private let expectedTags = (0..<40).map { "\"t\($0 < 10 ? "0" : "")\($0)\"" }.joined(separator: ", ")
    private let expectedCounts = (0..<12).map { "\"t0\($0)\": \($0)" }.joined(separator: ", ")
        .replacingOccurrences(of: "t010", with: "t10").replacingOccurrences(of: "t011", with: "t11")

    func test_plainLabel_sortsTheElementsOfSetsAndDictionaries_atAnyDepth() {
        var state = Tagged.initialState
        _ = state.handle(event: .pick)
        let picked = (0..<20).map(String.init).sorted().joined(separator: ", ")

        XCTAssertEqual(
            DiagramStyle<Tagged>.plainLabel(state),
            "Tagged(tags: Set([\(expectedTags)]), counts: [\(expectedCounts)], phase: Tagged.Phase.picked(Set([\(picked)])))"
        )
        XCTAssertEqual(DiagramStyle<Tagged>.plainLabel(Set(["b", "c", "a"])), #"["a", "b", "c"]"#)
        XCTAssertEqual(DiagramStyle<Tagged>.plainLabel(["b": 2, "a": 1]), #"["a": 1, "b": 2]"#)
        XCTAssertEqual(DiagramStyle<Tagged>.plainLabel(Optional(Set([2, 1])) as Any), "Optional(Set([1, 2]))")
    }

    func test_plainLabel_ofAValueWithNoSetOrDictionary_isItsDescription() {
        XCTAssertEqual(DiagramStyle<Tagged>.plainLabel(Tagged.Phase.idle), "idle")
        XCTAssertEqual(DiagramStyle<Tagged>.plainLabel([3, 1, 2]), "[3, 1, 2]")
        XCTAssertEqual(DiagramStyle<Tagged>.plainLabel("text"), "text")
    }

    func test_mermaid_ofAStateHoldingASet_isTheSameOnEveryRun() {
        let diagram = StateExplorer<Tagged>().explore().mermaid(DiagramStyle(maxLabelLength: 10_000))
        let label = "Tagged(tags: Set([\(expectedTags)]), counts: [\(expectedCounts)], phase: Tagged.Phase.idle)"

        // Mermaid labels cannot hold double quotes; the renderer writes single ones.
        let expected = "state \"" + label.replacingOccurrences(of: "\"", with: "'") + "\" as s0"
        XCTAssertTrue(diagram.contains(expected), diagram)
    }
}
