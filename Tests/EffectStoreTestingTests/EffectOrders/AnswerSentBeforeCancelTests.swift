import EffectStore
import EffectStoreTesting
import XCTest

/// A download that relies on "a cancelled effect's answer never arrives": once cancelled, it never shows "done". In
/// the store an answer can have been sent to the store's queue already when the cancel is decided; the store drops it
/// (`Store.process(_:)`: the answer of a job no longer live is not handled). The explorer models exactly that: a
/// cancelled effect's answers stay on their way, may reach the store at any later step, and are dropped there.
struct CancellableDownload: State, Hashable {
    enum Status: Hashable, Sendable { case idle, downloading, cancelled, done }
    var status = Status.idle

    enum Event: Sendable, Hashable { case start, cancelTapped, finished }

    enum Work: Sendable, Equatable {
        case download
    }
    typealias Effect = Planned<Work>

    static var initialState: CancellableDownload { CancellableDownload() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start:
            status = .downloading
            return Effect.work(.download).cancellable(id: "download")
        case .cancelTapped:
            status = .cancelled
            return .cancel(id: "download")
        case .finished:
            status = .done  // no guard: a cancelled download's answer never arrives
            return nil
        }
    }
}

final class AnswerSentBeforeCancelTests: XCTestCase {
    let explorer = StateExplorer(initialState: CancellableDownload(), events: [.start, .cancelTapped])
        .transitionInvariant("a cancelled download stays cancelled") {
            $0.from.status != .cancelled || $0.to.status == .cancelled
        }
        .answering { _ in [.later(.finished)] }

    // Failed before: the cancel removed the pending answer, so "a0.0" after "e1" was not a choice (invalid).
    func test_anAnswerSentBeforeItsCancel_reachesTheStoreLater_andIsDropped() throws {
        let run = explorer.replay(try XCTUnwrap(Schedule("e0 e1 a0.0")))
        XCTAssertNil(run.invalidChoice, "the answer sent before the cancel is still on its way")
        XCTAssertEqual(run.replayed, 3)
        XCTAssertNil(run.failedCheck)
        XCTAssertEqual(run.state.status, .cancelled, "the store dropped the answer")
        XCTAssertEqual(run.transitions.map(\.event), [.start, .cancelTapped], "nothing handled the dropped answer")
    }

    // Failed before: the exploration never delivered an answer after its cancel (4 configurations, none merged).
    func test_exploration_triesTheAnswerAfterTheCancel_andStaysClean() {
        let exploration = explorer.exploreEffectOrders(bounds: EffectOrderBounds(depth: 6, outOfOrder: 1))
        XCTAssertNil(exploration.failure?.message)
        XCTAssertNil(exploration.cutShort)
        // "e0 a0.0 e1" (done, then cancelled) and "e0 e1 a0.0" (cancelled, the answer dropped) end in one
        // configuration: the one schedule left, and the one merged order, is the answer after the cancel.
        XCTAssertEqual(exploration.schedules, 1)
        XCTAssertEqual(exploration.configurations, 5)
        XCTAssertEqual(exploration.mergedOrders, 1)
    }
}
