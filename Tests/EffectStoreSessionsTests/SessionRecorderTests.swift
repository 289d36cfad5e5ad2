import EffectStoreSessions
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// A small Codable state for recording and replay: a counter that saves through an effect.
struct Ledger: State, Equatable, Codable {
    var balance = 0
    var pendingSaves = 0

    enum Event: Sendable, Equatable, Codable {
        case deposit(Int)
        case withdraw(Int)
        case saved(ok: Bool)
    }

    enum Effect: Sendable, Equatable { case save(Int) }

    static var initialState: Ledger { Ledger() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .deposit(let amount):
            balance += amount
            pendingSaves += 1
            return .save(balance)
        case .withdraw(let amount):
            guard amount <= balance else { return nil }  // refused: unchanged
            balance -= amount
            return nil
        case .saved:
            pendingSaves = max(pendingSaves - 1, 0)
            return nil
        }
    }
}

/// Answers every save from another thread, after a short while.
final class SlowSaves: EffectHandler, Sendable {
    func handle(effect: Ledger.Effect) -> Future<Ledger.Event>? {
        Future { resolve in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2)) { resolve(.saved(ok: true)) }
        }
    }
}

/// Parts 3 and 4 of issue 6: record every handled event, write and read JSON, replay into the pure state.
final class SessionRecorderTests: XCTestCase {
    func test_recorder_keepsEveryHandledEvent_includingEffectAnswers_andTheReplayReproducesEveryState() {
        let store = Store<Ledger>(initialState: Ledger(balance: 10), effectHandler: SlowSaves())
        let recorder = SessionRecorder(recording: store)

        let first = store.dispatch(event: .deposit(5))
        store.dispatch(event: .withdraw(100))  // refused, but still recorded
        let second = store.dispatch(event: .deposit(1))
        XCTAssertNotNil(first.wait(timeout: .seconds(5)))
        XCTAssertNotNil(second.wait(timeout: .seconds(5)))

        let log = recorder.log
        XCTAssertEqual(log.initialState, Ledger(balance: 10))
        XCTAssertEqual(log.entries.count, 5)
        XCTAssertEqual(log.entries.map(\.origin), [.dispatch, .dispatch, .dispatch, .effect, .effect])
        XCTAssertEqual(log.entries.prefix(3).map(\.event), [.deposit(5), .withdraw(100), .deposit(1)])
        XCTAssertEqual(log.entries.map(\.sequenceNumber), [1, 2, 3, 4, 5])
        XCTAssertEqual(log.finalState, store.state)
        XCTAssertEqual(log.finalState, Ledger(balance: 16, pendingSaves: 0))
        XCTAssertFalse(log.hasDroppedEntries)

        let replay = log.replay()
        assertReplayReproduces(log)
        XCTAssertEqual(replay.map(\.effect), [.save(15), nil, .save(16), nil, nil])
    }

    func test_recorder_pastItsLimit_dropsTheOldest_saysSo_andTheLogStillReplays() {
        let store = Store<Ledger>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store, limit: 3)

        for amount in 1...5 { store.dispatch(event: .deposit(amount)) }

        let log = recorder.log
        XCTAssertEqual(recorder.droppedEntryCount, 2)
        XCTAssertEqual(log.droppedEntryCount, 2)
        XCTAssertTrue(log.hasDroppedEntries)
        XCTAssertEqual(log.entries.map(\.event), [.deposit(3), .deposit(4), .deposit(5)])
        XCTAssertEqual(log.initialState, Ledger(balance: 3, pendingSaves: 2), "the state after the last dropped entry")
        assertReplayReproduces(log)
    }

    func test_log_writesAndReadsJSON_identically() throws {
        let store = Store<Ledger>(effectHandler: SlowSaves())
        let recorder = SessionRecorder(recording: store)
        XCTAssertNotNil(store.dispatch(event: .deposit(3)).wait(timeout: .seconds(5)))
        store.enableUndo()
        store.dispatch(event: .withdraw(1))
        store.undo()
        let log = recorder.log

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try log.write(to: url)
        let read = try SessionLog<Ledger>(contentsOf: url)

        assertSameSession(read, log)
        XCTAssertEqual(read.entries.last?.origin, .undo)
        XCTAssertNil(read.entries.last?.event)
        XCTAssertEqual(read.entries.last?.state, log.entries.last?.state, "an undo holds the state it restores")
        let text = try XCTUnwrap(String(data: try log.jsonData(), encoding: .utf8))
        XCTAssertTrue(text.hasPrefix("{\"formatVersion\":2,"), text)
    }

    func test_log_fromAnotherFormatVersion_failsToDecode_withAMessageThatSaysWhatToDo() throws {
        let json =
            #"{"formatVersion": 99, "initialState": {"balance": 0, "pendingSaves": 0}, "#
            + #""droppedEntryCount": 0, "entries": []}"#
        XCTAssertThrowsError(try SessionLog<Ledger>(jsonData: Data(json.utf8))) { error in
            XCTAssertTrue("\(error)".contains("To fix, record the session again"), "\(error)")
        }
    }

    func test_recorder_stop_keepsTheLog_andRecordsNothingMore() {
        let store = Store<Ledger>(effectHandler: NoAnswers())
        let recorder = SessionRecorder(recording: store)
        store.dispatch(event: .deposit(1))
        recorder.stop()
        store.dispatch(event: .deposit(2))
        XCTAssertEqual(recorder.log.entries.map(\.event), [.deposit(1)])
        XCTAssertFalse(store.needsTransitions)
    }

    func test_recorder_doesNotKeepTheStoreAlive() {
        weak var weakStore: Store<Ledger>?
        var recorder: SessionRecorder<Ledger>?
        do {
            let store = Store<Ledger>(effectHandler: SlowSaves())
            weakStore = store
            recorder = SessionRecorder(recording: store)
            store.dispatch(event: .deposit(1))
        }
        XCTAssertNil(weakStore, "a recorder must not keep its store alive")
        XCTAssertEqual(recorder?.log.entries.count, 1)
    }

    func test_recorder_withEventsFromManyThreads_recordsEachOnce_andTheReplayMatches() {
        let store = Store<Ledger>(effectHandler: SlowSaves())
        let recorder = SessionRecorder(recording: store)
        let futures = Recorder<Future<Ledger>>()

        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<25 {
                futures.append(store.dispatch(event: index % 5 == 0 ? .withdraw(3) : .deposit(thread + 1)))
            }
        }
        for future in futures.values { XCTAssertNotNil(future.wait(timeout: .seconds(5))) }

        let log = recorder.log
        let deposits = log.entries.filter { if case .deposit = $0.event { return true } else { return false } }
        XCTAssertEqual(log.entries.filter { $0.origin == .dispatch }.count, 100)
        XCTAssertEqual(log.entries.filter { $0.origin == .effect }.count, deposits.count)
        XCTAssertEqual(log.entries.map(\.sequenceNumber), Array(1...UInt64(log.entries.count)))
        assertReplayReproduces(log)
        XCTAssertEqual(log.finalState, store.state)
    }
}

/// Checks that the replay of `log` reproduces every state it holds (keyframes, and the last) with `==`, and every change
/// it holds between them.
func assertReplayReproduces<S: State & Equatable>(
    _ log: SessionLog<S>, file: StaticString = #filePath, line: UInt = #line
) {
    let steps = log.replay()
    XCTAssertEqual(steps.count, log.entries.count, file: file, line: line)
    for step in steps {
        XCTAssertTrue(step.matchesRecording, "entry \(step.index)", file: file, line: line)
        if let state = step.entry.state { XCTAssertEqual(step.to, state, "entry \(step.index)", file: file, line: line) }
    }
    XCTAssertEqual(steps.last?.to, log.entries.last?.state, "the last entry holds its state", file: file, line: line)
}

/// Checks that `read`, a log written and read back, records the same session as `log`: the same transitions, events
/// and effects, the same states where the file holds them (keyframes), and a replay that matches every entry.
func assertSameSession(
    _ read: SessionLog<Ledger>, _ log: SessionLog<Ledger>, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(read.initialState, log.initialState, file: file, line: line)
    XCTAssertEqual(read.droppedEntryCount, log.droppedEntryCount, file: file, line: line)
    XCTAssertEqual(read.entries.map(\.sequenceNumber), log.entries.map(\.sequenceNumber), file: file, line: line)
    XCTAssertEqual(read.entries.map(\.time), log.entries.map(\.time), file: file, line: line)
    XCTAssertEqual(read.entries.map(\.origin), log.entries.map(\.origin), file: file, line: line)
    XCTAssertEqual(read.entries.map(\.event), log.entries.map(\.event), file: file, line: line)
    XCTAssertEqual(read.entries.map(\.effectDescription), log.entries.map(\.effectDescription), file: file, line: line)
    for (readEntry, entry) in zip(read.entries, log.entries) where readEntry.state != nil {
        XCTAssertEqual(readEntry.state, entry.state, file: file, line: line)
    }
    XCTAssertEqual(read.finalState, log.finalState, file: file, line: line)
    XCTAssertTrue(
        read.replay().allSatisfy(\.matchesRecording), "the replay of the file matches", file: file, line: line)
}
