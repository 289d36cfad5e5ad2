import Dispatch
import EffectStore
import XCTest

/// A plain class standing in for a view controller: not ready until its "outlets" are loaded.
@MainActor
final class FakeProcessListView: StatefulView {
    var isLoaded: Bool
    private(set) var rendered: [StandInListViewState] = []
    var onRender: (() -> Void)?
    var binding: ViewBinding?

    init(isLoaded: Bool = true) { self.isLoaded = isLoaded }

    var renderPolicy: RenderPolicy { isLoaded ? .possible : .notPossible }

    func render(state: StandInListViewState) {
        dispatchPrecondition(condition: .onQueue(.main))
        rendered.append(state)
        onRender?()
    }
}

/// A view that is always ready and draws a count.
@MainActor
final class FakeCounterView: StatefulView {
    private(set) var rendered: [Int] = []
    var onRender: (() -> Void)?

    func render(state: Int) {
        rendered.append(state)
        onRender?()
    }
}

final class StatefulViewTests: XCTestCase {
    private static let idle = StandInListViewState(title: "Processes", rows: [], showsSpinner: false)
    private static let loading = StandInListViewState(title: "Loading…", rows: [], showsSpinner: true)

    func test_bind_rendersTheCurrentAndEveryLaterStateOnTheMainQueue() {
        MainActor.assumeIsolated {  // XCTest runs tests on the main thread
            let store = Store<TwoFieldState>()
            let view = FakeCounterView()
            let rendered = XCTestExpectation(description: "rendered 0...3")
            view.onRender = { if view.rendered.count == 4 { rendered.fulfill() } }

            let binding = store.map(\.count).bind(view)
            XCTAssertEqual(view.rendered, [], "the first render comes on a later turn of the main queue")
            DispatchQueue.global().async {
                for _ in 1...3 { store.dispatch(event: .increment) }
            }

            waitRunningTheMainQueue(for: rendered)
            XCTAssertEqual(view.rendered, [0, 1, 2, 3])
            binding.cancel()
        }
    }

    func test_bind_viewNotReady_keepsTheLatestStateAndRendersItWhenReady() {
        MainActor.assumeIsolated {  // XCTest runs tests on the main thread
            let store = Store<StandInProcessState>(effectHandler: NoAnswers())
            let view = FakeProcessListView(isLoaded: false)
            view.binding = store.map { StandInListViewState($0) }.bind(view)
            store.dispatch(event: .fetchProcesses)  // no effect handler: stays loading

            drainMainQueue()
            XCTAssertEqual(view.rendered, [], "not rendered while the view is not ready")

            view.isLoaded = true
            view.binding?.viewDidBecomeReady()
            XCTAssertEqual(view.rendered, [Self.loading], "the latest state, not skipped")

            view.binding?.viewDidBecomeReady()
            XCTAssertEqual(view.rendered, [Self.loading], "rendered once")
        }
    }

    func test_bind_viewReadyBeforeAnyStateIsPending_rendersNormally() {
        MainActor.assumeIsolated {  // XCTest runs tests on the main thread
            let store = Store<StandInProcessState>(effectHandler: NoAnswers())
            let view = FakeProcessListView(isLoaded: false)
            view.binding = store.map { StandInListViewState($0) }.bind(view)
            view.isLoaded = true
            view.binding?.viewDidBecomeReady()  // nothing has arrived yet

            drainMainQueue()
            XCTAssertEqual(view.rendered, [Self.idle])
        }
    }

    func test_bind_releasedView_endsTheBinding() {
        MainActor.assumeIsolated {  // XCTest runs tests on the main thread
            let store = Store<TwoFieldState>()
            var view: FakeCounterView? = FakeCounterView()
            weak let weakView = view
            let binding = store.map(\.count).bind(view!)
            drainMainQueue()
            XCTAssertEqual(view?.rendered, [0])

            view = nil
            XCTAssertNil(weakView, "the binding holds the view weakly")
            store.dispatch(event: .increment)
            drainMainQueue()

            XCTAssertFalse(binding.isActive)
        }
    }

    func test_bind_viewHoldingItsBinding_releasesBothTogether() {
        MainActor.assumeIsolated {  // XCTest runs tests on the main thread
            let store = Store<StandInProcessState>(effectHandler: NoAnswers())
            var view: FakeProcessListView? = FakeProcessListView()
            weak let weakView = view
            view!.binding = store.map { StandInListViewState($0) }.bind(view!)
            weak let weakBinding = view!.binding

            view = nil

            XCTAssertNil(weakView)
            XCTAssertNil(weakBinding)
            store.dispatch(event: .fetchProcesses)
            drainMainQueue()
        }
    }
}

/// Runs the main run loop — which services the main queue — until every block already on the main queue has run.
@MainActor
func drainMainQueue(file: StaticString = #filePath, line: UInt = #line) {
    let drained = XCTestExpectation(description: "main queue drained")
    DispatchQueue.main.async { drained.fulfill() }
    waitRunningTheMainQueue(for: drained, file: file, line: line)
}

/// Waits up to 5 seconds for `expectation`, running the main run loop meanwhile.
@MainActor
func waitRunningTheMainQueue(
    for expectation: XCTestExpectation,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let result = XCTWaiter().wait(for: [expectation], timeout: 5)
    XCTAssertEqual(result, .completed, "timed out waiting for \(expectation.description)", file: file, line: line)
}
