import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

// The tests the explorer printed for the features with ordering bugs, pasted as printed, each in a value whose
// `explorer` is the feature's explorer: built with the buggy feature each fails (PastedTestsSwiftTestingTests), built
// with the fixed one each passes (EffectOrderExplorerTests and each feature's tests), and `assertPrinted(_:)` checks
// that each is here exactly as the explorer prints it.

/// Fails unless `test`, indented one level, is in the file `name` of this folder exactly as printed: the pasted test compiles
/// as printed.
func assertPrinted(
    _ test: String, pastedIn name: String, file: StaticString = #filePath, line: UInt = #line
) {
    let folder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
    guard let source = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
        return XCTFail("cannot read \(name) beside PastedTests.swift", file: file, line: line)
    }
    let indented = test.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    XCTAssertFalse(test.isEmpty, "nothing was printed", file: file, line: line)
    XCTAssertTrue(source.contains(indented), "not pasted as printed in \(name):\n\(test)", file: file, line: line)
}

struct PastedStaleSearchTest {
    let explorer: StateExplorer<StaleSearch>

    func test_effectOrder_theResultsShownAreForTheQuery() {
        // Effect order "e0 e1 a0.0" broke "the results shown are for the query" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.typed("a")),
            .send(.typed("ab")),
            .answer(.work(.search("a")), with: .answered(query: "a", results: ["a!"])),
        ])
    }
}

struct PastedDoubleSubmitTest {
    let explorer: StateExplorer<DoubleSubmit>

    func test_effectOrder_oneOrderPerCheckout() {
        // Effect order "e0 e1 a0.0 a1.0" broke "one order per checkout" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.submitTapped),
            .send(.submitTapped),
            .answer(.placeOrder, with: .orderPlaced),
            .answer(.placeOrder, with: .orderPlaced),
        ])
    }
}

struct PastedSaveAfterDismissTest {
    let explorer: StateExplorer<SaveAfterDismiss>

    func test_effectOrder_noBannerOnADismissedSheet() {
        // Effect order "e0 e1 a0.0" broke "no banner on a dismissed sheet" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.saveTapped),
            .send(.dismissed),
            .answer(.work(.save), with: .saved),
        ])
    }
}

struct PastedRearmedTimerTest {
    let explorer: StateExplorer<RearmedTimer>

    func test_effectOrder_aStoppedTimerDoesNotCount() {
        // Effect order "e0 t a0.0 e1 t a1.0" broke "a stopped timer does not count" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.start),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
            .send(.stop),
            .advance(by: .seconds(1)),
            .answer(.work(.tick), with: .ticked),
        ])
    }
}

struct PastedStaleIndexListTest {
    let explorer: StateExplorer<StaleIndexList>

    func test_effectOrder_noCrash() {
        // Effect order "e0 e1 a0.0" broke "no crash" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.loadLastTapped),
            .send(.removeFirstTapped),
            .answer(.loadDetail(index: 1, id: 2), with: .loaded(index: 1, id: 2, detail: "row 2")),
            // The step above crashes while the bug is there (Fatal error: Index out of range).
        ])
    }
}
