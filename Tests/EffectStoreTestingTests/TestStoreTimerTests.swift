import EffectStore
import EffectStoreTesting
import XCTest

/// A timer that re-arms itself: each tick's answer asks for the next tick, one second later.
private struct Ticker: State, Equatable {
    var seconds = 0
    var isRunning = false

    enum Event: Sendable, Equatable { case start, stop, tick }

    enum Work: Sendable, Equatable {
        case tick
        case beep
    }
    typealias Effect = Planned<Work>

    static var initialState: Ticker { Ticker() }
    static let nextTick = Effect.work(.tick).delayed(by: .seconds(1), id: "ticking")

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start where !isRunning:
            isRunning = true
            return Self.nextTick
        case .stop where isRunning:
            isRunning = false
            return .cancel(id: "ticking")
        case .tick where isRunning:
            seconds += 1
            // Every second tick beeps too.
            return seconds.isMultiple(of: 2) ? .all(.work(.beep), Self.nextTick) : Self.nextTick
        case .start, .stop, .tick:
            return nil
        }
    }
}

/// `advance(by:answering:with:)`: a self-re-arming timer fires as often on the test store's clock as in a real store.
final class TestStoreTimerTests: XCTestCase {
    func test_advanceAnswering_threeSecondsOfAOneSecondTimer_handlesThreeTicks() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Ticker(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        let answered = store.advance(by: .seconds(3), answering: .work(.tick), with: .tick) { $0.seconds += 1 }
        store.receiveEffect(.work(.beep))      // the second tick's beep waits to be received, like any effect
        store.complete(.work(.beep))
        store.send(.stop) { $0.isRunning = false }
        store.finish()

        XCTAssertEqual(failures.messages, [])
        XCTAssertEqual(answered, 3)
        XCTAssertEqual(store.state.seconds, 3)
        XCTAssertEqual(store.transitions.map(\.event), [.start, .tick, .tick, .tick, .stop])
    }

    func test_advanceAnswering_checksTheStateOfEachAnswer() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Ticker(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.advance(by: .seconds(1), answering: .work(.tick), with: .tick) { $0.seconds += 2 }
        store.send(.stop) { $0.isRunning = false }
        store.finish()

        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(
            failures.messages.first?.contains(
                "the state after advance(by: 1000 ms, answering: .work(.tick), with: .tick) (answer 1, at 1000 ms) is not "
                    + "the one expected")
                == true, failures.messages.first ?? "")
    }

    func test_advanceAnswering_leavesTheNextTickPending_forFinishToReport() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Ticker(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.advance(by: .milliseconds(1500), answering: .work(.tick), with: .tick) { $0.seconds += 1 }
        store.finish()

        XCTAssertEqual(store.state.seconds, 1)
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.contains("1 timer(s) still pending on store.clock") == true)
        store.clock.runAll()
    }

    func test_plainAdvance_leavesTheFirstTickToTheTest_andALoopAnswersEach() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Ticker(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.advance(by: .seconds(3))
        XCTAssertEqual(store.unreceivedEffects, [.work(.tick)], "the next tick waits for the test's answer to this one")
        store.receiveEffect(.work(.tick))
        store.complete(.work(.tick), with: .tick) { $0.seconds = 1 }
        for second in 2...3 {
            store.advance(by: .seconds(1))
            store.receiveEffect(.work(.tick))
            store.complete(.work(.tick), with: .tick) { $0.seconds = second }
            if second == 2 {
                store.receiveEffect(.work(.beep))
                store.complete(.work(.beep))
            }
        }
        store.send(.stop) { $0.isRunning = false }
        store.finish()

        XCTAssertEqual(failures.messages, [])
    }
}
