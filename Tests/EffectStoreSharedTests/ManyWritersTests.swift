import EffectStore
import EffectStoreShared
import EffectStoreTesting
import Foundation
import XCTest

/// Writers of one file counting up together, each with its own writer and storage — on threads of this process, and
/// in processes of their own: each reads, adds one, and when its write meets a change it had not seen, takes that
/// change and tries again. No increment is lost, because a write goes only over what its writer last read or wrote,
/// compared and renamed under the file's lock (issue 54, point 3).
final class ManyWritersTests: XCTestCase {
    /// How many increments each writer makes.
    static let increments = 50

    func test_writersOnFourThreads_countingTogether_loseNoIncrement() throws {
        let url = temporaryFolder(self).appendingPathComponent("count.json")
        let conflicts = LockedBox<Int>.make(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let met = Self.countUp(url)
            conflicts.withLock { $0 += met }
        }
        XCTAssertEqual(
            SavedValueWriter(key: countKey, storage: FileStorage(url: url)).load(), .loaded(4 * Self.increments))
        XCTAssertGreaterThan(conflicts.withLock { $0 }, 0, "the writers never met: the test proved nothing")
    }

    func test_writersOfThreeProcesses_countingTogether_loseNoIncrement() throws {
        let environment = ProcessInfo.processInfo.environment
        if ChildScenario.isChild(self) {
            guard let path = environment["SAVED_COUNT_FILE"], let go = environment["SAVED_COUNT_GO"] else {
                return XCTFail("SAVED_COUNT_FILE or SAVED_COUNT_GO is not set")
            }
            FileHandle.standardOutput.write(Data("READY\n".utf8))
            // Bounded: the parent makes the file once both children are ready, or the test has failed.
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: go), Date() < deadline { usleep(1_000) }
            let conflicts = Self.countUp(URL(fileURLWithPath: path))
            FileHandle.standardOutput.write(Data("CONFLICTS \(conflicts)\n".utf8))
            return
        }
        let folder = temporaryFolder(self)
        let url = folder.appendingPathComponent("count.json")
        let go = folder.appendingPathComponent("go").path
        let children = try (0..<2).map { _ in
            try ChildScenario(self, environment: ["SAVED_COUNT_FILE": url.path, "SAVED_COUNT_GO": go])
        }
        for child in children {
            guard child.waitForOutput(containing: "READY\n", timeout: 60) else {
                children.forEach { $0.kill() }
                return XCTFail("a child never started: \(child.outputText())")
            }
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: go, contents: nil))
        var conflicts = Self.countUp(url)
        for child in children {
            XCTAssertEqual(child.waitForEnd(timeout: 120), .ended(signaled: false, status: 0))
            let output = child.outputText()
            let line = output.split(separator: "\n").first { $0.hasPrefix("CONFLICTS ") }
            guard let count = line.flatMap({ Int($0.dropFirst("CONFLICTS ".count)) }) else {
                return XCTFail("a child did not finish counting: \(output)")
            }
            conflicts += count
        }
        XCTAssertEqual(
            SavedValueWriter(key: countKey, storage: FileStorage(url: url)).load(), .loaded(3 * Self.increments))
        XCTAssertGreaterThan(conflicts, 0, "the processes' writers never met: the test proved nothing")
    }

    /// Adds one to the count in `url`, ``increments`` times, as its own writer: on a change it had not seen, it takes
    /// that change's count and tries again.
    ///
    /// - Returns: How many of its writes met another writer's change.
    private static func countUp(_ url: URL) -> Int {
        let writer = SavedValueWriter(key: countKey, storage: FileStorage(url: url))
        var count = writer.load().value ?? 0
        var conflicts = 0
        for _ in 0..<increments {
            while true {
                writer.save(count + 1)
                let answer = writer.flush().wait(timeout: .seconds(30))
                if answer == .written {
                    count += 1
                    break
                }
                guard answer?.error?.reason == .changedOutside, let change = writer.checkForOutsideChange()?.value
                else {
                    XCTFail("a flush answered \(String(describing: answer))")
                    return conflicts
                }
                conflicts += 1
                count = change
            }
        }
        return conflicts
    }
}

/// A count that several writers add to.
private let countKey = SavedKey<Int>("count")
