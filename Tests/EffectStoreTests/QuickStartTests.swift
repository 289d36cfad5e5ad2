import EffectStoreTesting
import Foundation
import XCTest

// The quick start itself is in QuickStart.swift, a file of its own, so that no import of this file hides one the
// README forgets.

final class QuickStartTests: XCTestCase {
    func test_quickStart_runsTheWholeLoop_andPrintsWhatTheReadmeSays() async {
        // What the quick start prints is checked here, not printed into the test run's output.
        let capture = StandardOutputCapture()
        let final = await runCounter()
        let printed = capture.end()
        XCTAssertEqual(final, .idle(count: 1))
        XCTAssertTrue(printed.contains("saved 1\n"), printed)
        XCTAssertTrue(printed.contains("state: saving(count: 1)\n"), printed)
        XCTAssertTrue(printed.contains("state: idle(count: 1)\n"), printed)
    }

    func test_quickStart_stateIsTestedDataInDataOut() {
        var state = CounterState.idle(count: 0)
        XCTAssertEqual(state.handle(event: .increment), .save(count: 1))
        XCTAssertEqual(state, .saving(count: 1))
        XCTAssertNil(state.handle(event: .increment), "a second increment while saving is ignored")
        XCTAssertEqual(state, .saving(count: 1))
        XCTAssertNil(state.handle(event: .saved))
        XCTAssertEqual(state, .idle(count: 1))
    }

    func test_readme_quickStartMatchesQuickStartSwift() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = folder.deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: folder.appendingPathComponent("QuickStart.swift"), encoding: .utf8)

        let sourceLines = source.components(separatedBy: "\n")
        guard let begin = sourceLines.firstIndex(of: "// README quick start: begin"),
            let end = sourceLines.firstIndex(of: "// README quick start: end")
        else { return XCTFail("the quick start markers are missing from QuickStart.swift") }
        let expected = sourceLines[(begin + 1)..<end].joined(separator: "\n")

        // The quick start is the README's first block that CI compiles as it stands.
        guard let marker = readme.range(of: "<!-- snippet: compile -->\n```swift\n"),
            let close = readme.range(of: "\n```", range: marker.upperBound..<readme.endIndex)
        else { return XCTFail("README.md has no ```swift block after a '<!-- snippet: compile -->' marker") }
        let documented = String(readme[marker.upperBound..<close.lowerBound])

        XCTAssertEqual(
            documented, expected,
            "README.md's quick start differs from QuickStart.swift. To fix, copy the code between the markers in "
                + "Tests/EffectStoreTests/QuickStart.swift into the README's quick start block (or the other way round)."
        )
    }
}
