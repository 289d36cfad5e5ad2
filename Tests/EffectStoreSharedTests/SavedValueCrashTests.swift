import EffectStore
import EffectStoreShared
import EffectStoreTesting
import Foundation
import XCTest

/// Proof against crashes: a child process saving edits as fast as it can is killed with `SIGKILL` at random moments,
/// over and over, and the file must hold a whole value every time — one the child saved, no older than what its last
/// finished flush acknowledged.
final class SavedValueCrashTests: XCTestCase {
    /// How many times the child is killed: 100, as the durability promise asks; 10 under ThreadSanitizer (CI's second
    /// run, which sets `TSAN_OPTIONS`), where the child runs several times slower and the run looks for races, not for
    /// torn files.
    static let kills = ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil ? 100 : 10
    /// The edits each child makes.
    static let edits = 1_000
    /// Every this many edits the child flushes and, once the flush has answered, prints `ACK <number>`.
    static let flushEvery = 25

    func test_killedAtRandomMoments_theFileHoldsAnAcknowledgedValue_andEveryFlushedValueSurvives() throws {
        if ChildScenario.isChild(self) { return editUntilKilled() }

        let folder = temporaryFolder(self)
        let url = folder.appendingPathComponent("edits.json")
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = SplitMix64(seed: seed)

        // One child left to finish: how long 1,000 edits take, so the kills fall across all of them.
        let calibration = try ChildScenario(self, environment: ["SAVED_CRASH_FILE": url.path])
        XCTAssertTrue(calibration.waitForOutput(containing: "READY\n", timeout: 60), "the child never started")
        let editsStarted = Date()
        XCTAssertTrue(calibration.waitForOutput(containing: "DONE\n", timeout: 60), "the child never finished")
        let editing = Date().timeIntervalSince(editsStarted)
        calibration.kill()
        _ = calibration.waitForEnd(timeout: 30)
        var acknowledged = try XCTUnwrap(Self.lastAcknowledged(in: calibration.outputText()))
        var newest = acknowledged

        var killedWhileEditing = 0
        for kill in 1...Self.kills {
            let child = try ChildScenario(self, environment: ["SAVED_CRASH_FILE": url.path])
            guard child.waitForOutput(containing: "READY\n", timeout: 60) else {
                child.kill()
                return XCTFail("kill \(kill): the child never started; it said:\n\(child.outputText())")
            }
            let delay = Double(random.next(below: 1_000)) / 1_000 * editing * 1.2
            usleep(UInt32(delay * 1_000_000))
            child.kill()
            let ending = child.waitForEnd(timeout: 30)
            let output = child.outputText()
            XCTAssertEqual(ending, .ended(signaled: true, status: SIGKILL), "kill \(kill): \(output)")
            if !output.contains("DONE\n") { killedWhileEditing += 1 }
            acknowledged = max(acknowledged, Self.lastAcknowledged(in: output) ?? 0)
            newest = Self.lastStarted(in: output).map { $0 + Self.edits } ?? newest

            let load = SavedValueWriter(key: editsKey, storage: FileStorage(url: url)).load()
            guard let value = load.value, case .loaded = load else {
                return XCTFail("kill \(kill) (seed \(seed)): the file does not hold a whole value: \(load)")
            }
            XCTAssertEqual(
                value, Edit(number: value.number), "kill \(kill) (seed \(seed)): not a value the child saved")
            XCTAssertGreaterThanOrEqual(
                value.number, acknowledged, "kill \(kill) (seed \(seed)): a value acknowledged by a flush was lost")
            XCTAssertLessThanOrEqual(value.number, newest, "kill \(kill) (seed \(seed)): a value never saved")
        }
        // Most kills must fall while the child edits, or the run proved little (100 kills gave 62 to 93 of them).
        XCTAssertGreaterThan(
            killedWhileEditing, Self.kills / 4, "seed \(seed): too few kills fell while the child was editing")
    }

    /// The child: continues from the saved value, makes 1,000 edits as fast as it can, flushing every 25, then waits to
    /// be killed.
    private func editUntilKilled() {
        guard let path = ProcessInfo.processInfo.environment["SAVED_CRASH_FILE"] else {
            return XCTFail("SAVED_CRASH_FILE is not set")
        }
        let writer = SavedValueWriter(key: editsKey, storage: FileStorage(url: URL(fileURLWithPath: path)))
        let load = writer.load()
        if case .failed(let error) = load { return XCTFail("the child could not load: \(error)") }
        let start = load.value?.number ?? 0
        say("START \(start)")
        say("READY")
        for number in start + 1...start + Self.edits {
            writer.save(Edit(number: number))
            if number % Self.flushEvery == 0 {
                guard writer.flush().wait(timeout: .seconds(30)) == .written else {
                    return XCTFail("the child's flush failed")
                }
                say("ACK \(number)")
            }
        }
        say("DONE")
        Thread.sleep(forTimeInterval: 60)  // the parent kills it; bounded if the parent is gone
    }

    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func lastAcknowledged(in output: String) -> Int? {
        numbers(after: "ACK ", in: output).last
    }

    private static func lastStarted(in output: String) -> Int? {
        numbers(after: "START ", in: output).last
    }

    private static func numbers(after prefix: String, in output: String) -> [Int] {
        output.split(separator: "\n").compactMap { line in
            line.hasPrefix(prefix) ? Int(line.dropFirst(prefix.count)) : nil
        }
    }
}

/// A value large enough that a write takes a while: its number, and items made from it, so a torn or mixed file
/// cannot pass for a value the child saved.
struct Edit: Codable, Equatable, Sendable {
    var number: Int
    var items: [Int]

    init(number: Int) {
        self.number = number
        self.items = (0..<2_000).map { number &* 7_919 &+ $0 }
    }
}

let editsKey = SavedKey<Edit>("edits")
