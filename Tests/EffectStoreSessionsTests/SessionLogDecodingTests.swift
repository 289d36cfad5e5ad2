import EffectStore
import Foundation
import XCTest

@testable import EffectStoreSessions

/// A recorded entry that says an event was handled must carry that event: without it a replay could only restore the
/// recorded state and would pass against any logic.
final class SessionLogDecodingTests: XCTestCase {
    private func log() -> SessionLog<Ledger> {
        let time = Date(timeIntervalSinceReferenceDate: 0)
        return SessionLog(
            initialState: Ledger(),
            entries: [
                .init(
                    sequenceNumber: 1, time: time, origin: .dispatch, event: .deposit(5),
                    state: Ledger(balance: 5, pendingSaves: 1)),
                .init(
                    sequenceNumber: 2, time: time, origin: .effect, event: .saved(ok: true),
                    state: Ledger(balance: 5, pendingSaves: 0)),
                .init(sequenceNumber: 3, time: time, origin: .undo, event: nil, state: Ledger()),
                .init(
                    sequenceNumber: 4, time: time, origin: .eventSource, event: .deposit(1),
                    state: Ledger(balance: 1, pendingSaves: 1)),
            ])
    }

    /// The log's JSON with the `"event"` key removed from the entry at `index`.
    private func json(removingEventFromEntryAt index: Int) throws -> Data {
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: log().jsonData()) as? [String: Any])
        var entries = try XCTUnwrap(object["entries"] as? [[String: Any]])
        XCTAssertNotNil(entries[index].removeValue(forKey: "event"))
        object["entries"] = entries
        return try JSONSerialization.data(withJSONObject: object)
    }

    private func decodingFailure(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try SessionLog<Ledger>(jsonData: data)
            XCTFail("the log decoded although an entry has lost its event", file: file, line: line)
            return ""
        } catch {
            return String(describing: error)
        }
    }

    func test_decoding_anUndoWithoutAnEvent_succeeds() throws {
        assertSameSession(try SessionLog<Ledger>(jsonData: log().jsonData()), log())
    }

    func test_decoding_aDispatchEntryWithoutItsEvent_failsNamingTheEntry() throws {
        let message = decodingFailure(try json(removingEventFromEntryAt: 0))
        XCTAssertTrue(message.contains("entry 0 (origin dispatch) has no event"), message)
        XCTAssertTrue(message.contains("To fix"), message)
    }

    func test_decoding_anEffectEntryWithoutItsEvent_failsNamingTheEntry() throws {
        let message = decodingFailure(try json(removingEventFromEntryAt: 1))
        XCTAssertTrue(message.contains("entry 1 (origin effect) has no event"), message)
    }

    func test_decoding_anEventSourceEntryWithoutItsEvent_failsNamingTheEntry() throws {
        let message = decodingFailure(try json(removingEventFromEntryAt: 3))
        XCTAssertTrue(message.contains("entry 3 (origin eventSource) has no event"), message)
    }
}
