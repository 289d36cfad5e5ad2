import EffectStore
import EffectStoreTesting
import XCTest

/// A row of a list: a `ChildState` only, with no `initialState` to invent.
private struct DownloadRow: ChildState, Equatable {
    let id: Int
    var progress = 0
    var isDone = false

    enum Event: Sendable, Equatable {
        case start
        case progressed(Int)
        case finished
    }

    enum Work: Sendable, Equatable {
        case download(id: Int)
    }
    typealias Effect = Planned<Work>

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start where !isDone: return Effect.work(.download(id: id)).cancellable(id: id)
        case .progressed(let percent): progress = percent; return nil
        case .finished: isDone = true; progress = 100; return nil
        case .start: return nil
        }
    }
}

/// `TestStore` drives a feature that is only a `ChildState`, from an explicit initial state.
final class TestStoreChildStateTests: XCTestCase {
    func test_aChildStateAlone_isTestedWithSendReceiveAndComplete() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: DownloadRow(id: 7), reporter: failures.reporter)

        store.send(.start)
        store.receiveEffect(.work(.download(id: 7)))
        store.send(.progressed(40), from: .work(.download(id: 7))) { $0.progress = 40 }
        store.complete(.work(.download(id: 7)), with: .finished) {
            $0.isDone = true
            $0.progress = 100
        }
        store.send(.start)
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(store.transitions.map(\.event), [.start, .progressed(40), .finished, .start])
    }

    func test_aChildStateAlone_isExhaustive() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: DownloadRow(id: 7), reporter: failures.reporter)

        store.send(.progressed(10))
        store.finish()

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.contains("changed the state, but the test did not say how") == true)
    }

    func test_aState_stillDefaultsToItsInitialState() {
        let store = TestStore<Relay>()
        XCTAssertEqual(store.state, Relay.initialState)
        store.finish()
    }
}

/// A trace spec checks a `ChildState` too, from the state it is given.
final class TraceSpecChildStateTests: XCTestCase {
    func test_aTraceOfAChildStateAlone() {
        let failures = TestFailureCollector()
        assertTrace(
            given: DownloadRow(id: 3),
            [
                .when(.start, then: DownloadRow(id: 3), effect: DownloadRow.Effect.work(.download(id: 3)).cancellable(id: 3)),
                .when(.progressed(50), then: DownloadRow(id: 3, progress: 50)),
                .when(.finished, then: DownloadRow(id: 3, progress: 99, isDone: true)),
            ],
            reporter: failures.reporter)

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.contains("Trace step 3 of 3") == true, failures.messages.first ?? "")
    }
}
