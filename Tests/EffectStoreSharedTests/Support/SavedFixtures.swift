import EffectStore
import EffectStoreShared
import Foundation
import XCTest

/// A small saved value: a list of notes.
struct Notes: Codable, Equatable, Sendable {
    var items: [String]
}

let notesKey = SavedKey<Notes>("notes")

/// A folder of its own for one test, removed when the test ends.
func temporaryFolder(_ testCase: XCTestCase) -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("EffectStoreSharedTests-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
}

/// Waits (bounded) for a flush's answer.
func flushed<Value>(_ writer: SavedValueWriter<Value>, file: StaticString = #filePath, line: UInt = #line)
    -> SavedFlush?
{
    let answer = writer.flush().wait(timeout: .seconds(10))
    if answer == nil { XCTFail("the flush did not answer within 10 s", file: file, line: line) }
    return answer
}

/// A storage around an ``InMemoryStorage`` that counts the writes in flight at once and can hold writes at a gate.
final class ObservedStorage: SavedValueStorage {
    struct Counts {
        var inFlight = 0
        var mostInFlight = 0
    }

    let inner = InMemoryStorage()
    let counts = LockedBox<Counts>.make(Counts())
    let gate: DispatchSemaphore?
    let writeStarted = DispatchSemaphore(value: 0)

    /// - Parameter gated: Whether each write waits for `gate` to be signalled.
    init(gated: Bool = false) {
        gate = gated ? DispatchSemaphore(value: 0) : nil
    }

    func read() throws -> Data? { try inner.read() }
    func keepAside(_ data: Data) throws -> String { try inner.keepAside(data) }

    func write(_ data: Data) throws {
        counts.withLock { counts in
            counts.inFlight += 1
            counts.mostInFlight = max(counts.mostInFlight, counts.inFlight)
        }
        writeStarted.signal()
        if let gate { _ = gate.wait(timeout: .now() + .seconds(10)) } else { usleep(500) }
        counts.withLock { $0.inFlight -= 1 }
        try inner.write(data)
    }
}

/// Decodes what a storage wrote, as the file format holds it.
func decodedWrite<Value: Decodable>(_ data: Data, as: Value.Type) throws -> Value {
    try JSONDecoder().decode(WrittenEnvelope<Value>.self, from: data).value
}

/// The file format, as a test reads it.
struct WrittenEnvelope<Value: Decodable>: Decodable {
    let value: Value
}
