import EffectStoreTesting
import Foundation
import RecruitmentProcess
import XCTest

/// README.md shows `ProcessState`'s machine as drawn by the explorer; this test keeps the two the same, and
/// regenerates the README's copy when asked to.
final class ReadmeDiagramTests: XCTestCase {
    static let begin = "<!-- process-diagram:begin -->"
    static let end = "<!-- process-diagram:end -->"
    static let updateVariable = "EFFECTSTORE_UPDATE_README"
    static let command = "EFFECTSTORE_UPDATE_README=1 swift test --filter RecruitmentProcessTests.ReadmeDiagramTests"

    /// The package's README.md, found from this file: Tests/RecruitmentProcessTests/ReadmeDiagramTests.swift.
    private let readmeURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("README.md")

    func test_readmeDiagram_isTheExplorersMermaid() throws {
        let exploration = ProcessExploration.explorer().explore()
        let block = "```mermaid\n" + exploration.mermaid(ProcessExploration.diagramStyle) + "```"
        let readme = try String(contentsOf: readmeURL, encoding: .utf8)
        guard let section = Self.section(in: readme) else {
            return XCTFail(
                """
                README.md has no \(Self.begin) … \(Self.end) section for the process diagram.
                To fix, put the two markers, each on its own line, where the diagram belongs, then run \
                `\(Self.command)`.
                """)
        }

        let current = String(readme[section]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard current != block else { return }
        if ProcessInfo.processInfo.environment[Self.updateVariable] == "1" {
            try readme.replacingCharacters(in: section, with: "\n" + block + "\n")
                .write(to: readmeURL, atomically: true, encoding: .utf8)
            print("ReadmeDiagramTests: rewrote the process diagram in \(readmeURL.path)")
            return
        }
        XCTFail(
            """
            README.md's process diagram is not what the explorer draws for ProcessState.
            README.md has:
            \(current.isEmpty ? "(nothing)" : current)
            The explorer draws:
            \(block)
            To fix, run `\(Self.command)` from the package root, which rewrites the block between \
            \(Self.begin) and \(Self.end), and commit README.md.
            """)
    }

    /// The text between the markers, or `nil` when a marker is missing.
    static func section(in readme: String) -> Range<String.Index>? {
        guard let begin = readme.range(of: Self.begin),
            let end = readme.range(of: Self.end, range: begin.upperBound..<readme.endIndex)
        else { return nil }
        return begin.upperBound..<end.lowerBound
    }
}
