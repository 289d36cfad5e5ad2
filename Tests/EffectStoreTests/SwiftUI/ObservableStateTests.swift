#if canImport(Observation)
    import Dispatch
    import EffectStore
    import EffectStoreObservation
    import Foundation
    import Observation
    import XCTest

    /// A search screen's state: two `Equatable` properties, a counter, and a property that is not `Equatable`.
    private struct SearchState: State, Equatable {
        /// Not `Equatable`: an `ObservableState` cannot tell whether it changed, so it notifies on every new state.
        struct Tag: Sendable { var number = 0 }

        var query = ""
        var results: [String] = []
        var count = 0
        var tag = Tag()

        /// Computed: an `ObservableState` reads it through its key path, not at an offset in the state.
        var hasResults: Bool { !results.isEmpty }

        enum Event: Sendable {
            case queryChanged(String)
            case resultsArrived([String])
            case searched(String, results: [String])
            case increment
        }

        static var initialState: SearchState { SearchState() }

        mutating func handle(event: Event) -> Never? {
            switch event {
            case .queryChanged(let query): self.query = query
            case .resultsArrived(let results): self.results = results
            case .searched(let query, let results): (self.query, self.results) = (query, results)
            case .increment: count += 1
            }
            return nil
        }

        static func == (lhs: SearchState, rhs: SearchState) -> Bool {
            lhs.query == rhs.query && lhs.results == rhs.results && lhs.count == rhs.count
                && lhs.tag.number == rhs.tag.number
        }
    }

    /// How many times an observation's `onChange` ran, and whether always on the main thread.
    private final class ChangeCounter: Sendable {
        private struct Counts {
            var changes = 0
            var offMain = 0
        }

        private let counts = LockedBox.make(Counts())

        func record() {
            let isMainThread = Thread.isMainThread
            counts.withLock {
                $0.changes += 1
                if !isMainThread { $0.offMain += 1 }
            }
        }

        var count: Int { counts.withLock { $0.changes } }
        var countOffMainThread: Int { counts.withLock { $0.offMain } }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class ObservableStateTests: XCTestCase {
        /// Runs `read` under `withObservationTracking` and returns a counter of the `onChange` calls that follow.
        private func changes(afterReading read: () -> Void) -> ChangeCounter {
            let counter = ChangeCounter()
            withObservationTracking(read, onChange: { counter.record() })
            return counter
        }

        func test_readProperty_changeFiresOnChangeOnce() {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            let counter = changes { _ = model.query }

            model.send(.queryChanged("obs"))
            model.send(.queryChanged("obse"))

            XCTAssertEqual(counter.count, 1)
            XCTAssertEqual(model.query, "obse")
        }

        func test_unreadProperty_changeDoesNotFireOnChange() {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            let counter = changes { _ = model.query }

            model.send(.resultsArrived(["Observation"]))
            model.send(.increment)

            XCTAssertEqual(counter.count, 0, "the view read only `query`")
            XCTAssertEqual(model.results, ["Observation"])
        }

        func test_readProperty_newStateWithAnEqualValue_doesNotFire() {
            let store = Store<SearchState>(initialState: SearchState(query: "obs"))
            let model = ObservableState(store)
            let counter = changes { _ = model.query }

            model.send(.queryChanged("obs"))  // the store's state does not change
            model.send(.increment)  // a new state, with the same query

            XCTAssertEqual(counter.count, 0)
        }

        func test_storedPropertiesPastTheFirst_compareTheirOwnValues() {
            let store = Store<SearchState>(initialState: SearchState(results: ["a"]))
            let model = ObservableState(store)
            let countChanges = changes { _ = model.count }
            let resultsChanges = changes { _ = model.results }

            model.send(.queryChanged("obs"))  // neither `count` nor `results` changes
            model.send(.resultsArrived(["a"]))  // an equal array
            XCTAssertEqual(countChanges.count, 0)
            XCTAssertEqual(resultsChanges.count, 0)

            model.send(.increment)
            model.send(.resultsArrived(["a", "b"]))
            XCTAssertEqual(countChanges.count, 1)
            XCTAssertEqual(resultsChanges.count, 1)
            XCTAssertEqual(model.results, ["a", "b"])
        }

        func test_computedProperty_firesOnlyWhenItsValueChanges() {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            XCTAssertFalse(model.hasResults)
            model.send(.increment)  // compared with the value read first
            let counter = changes { _ = model.hasResults }

            model.send(.increment)
            model.send(.resultsArrived([]))
            XCTAssertEqual(counter.count, 0, "`hasResults` stayed false")

            model.send(.resultsArrived(["a"]))
            XCTAssertEqual(counter.count, 1)
            XCTAssertTrue(model.hasResults)
            let second = changes { _ = model.hasResults }
            model.send(.resultsArrived(["a", "b"]))
            XCTAssertEqual(second.count, 0, "still true: compared with the state shown, not the first one")
            model.send(.resultsArrived([]))
            XCTAssertEqual(second.count, 1)
        }

        func test_severalPropertiesChangedByOneState_eachFiresOnce() {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            let queryChanges = changes { _ = model.query }
            let resultsChanges = changes { _ = model.results }
            let eitherChanges = changes {
                _ = model.query
                _ = model.results
            }
            let countChanges = changes { _ = model.count }

            model.send(.searched("obs", results: ["Observation"]))

            XCTAssertEqual(queryChanges.count, 1)
            XCTAssertEqual(resultsChanges.count, 1)
            XCTAssertEqual(eitherChanges.count, 1, "one observation of both properties fires once")
            XCTAssertEqual(countChanges.count, 0)
            XCTAssertEqual(model.query, "obs")
            XCTAssertEqual(model.results, ["Observation"])
        }

        func test_nonEquatableProperty_firesOnEveryNewState() {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            let counter = changes { _ = model.tag }

            model.send(.increment)  // `tag` is untouched, but cannot be compared

            XCTAssertEqual(counter.count, 1)
        }

        func test_wholeState_firesOnAnyChange() {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            let counter = changes { _ = model.state }

            model.send(.resultsArrived(["Observation"]))

            XCTAssertEqual(counter.count, 1)
            XCTAssertEqual(model.state.results, ["Observation"])
        }

        func test_binding_writeIsVisibleOnTheNextRead() {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            let query = model.binding(\.query, to: SearchState.Event.queryChanged)
            let counter = changes { _ = query.wrappedValue }

            query.wrappedValue = "obs"

            XCTAssertEqual(model.query, "obs", "no main-queue hop needed")
            XCTAssertEqual(query.wrappedValue, "obs")
            XCTAssertEqual(store.state.query, "obs")
            XCTAssertEqual(counter.count, 1, "reading through the binding registers the property")
        }

        func test_send_isHandledAsADispatch() {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            let origins = LockedBox.make([TransitionOrigin]())
            let observation = store.observeTransitions { transition in origins.withLock { $0.append(transition.origin) }
            }

            model.send(.increment)

            XCTAssertEqual(
                origins.withLock { $0 }, [.dispatch], "handled before `send` returns, as `dispatch(event:)` is")
            observation.cancel()
        }

        func test_derivedState_showsTheDerivedValueAndSendsToTheStore() {
            let store = Store<SearchState>()
            let model = ObservableState(store.map { "\($0.query) (\($0.results.count))" }, dispatchingTo: store)
            let counter = changes { _ = model.state }

            model.send(.resultsArrived(["a", "b"]))

            XCTAssertEqual(model.state, " (2)")
            XCTAssertEqual(counter.count, 1)
        }

        func test_stateFromAnotherThread_arrivesOnTheMainQueue() async {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            let counter = changes { _ = model.count }
            let dispatched = expectation(description: "dispatched on another thread")

            DispatchQueue.global().async {
                store.dispatch(event: .increment)
                dispatched.fulfill()
            }
            await fulfillment(of: [dispatched], timeout: 5)
            await untilMainQueueShows(model, count: 1)

            XCTAssertEqual(counter.count, 1)
            XCTAssertEqual(counter.countOffMainThread, 0, "onChange ran on the main thread")
        }

        func test_burstFromAnotherThreadAndMainThreadWrites_endWithTheLatestState_neverAnOlderOne() async {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            let burst = 2_000
            let writes = 200
            let finished = expectation(description: "the burst is dispatched")
            DispatchQueue.global().async {
                for _ in 0..<burst { store.dispatch(event: .increment) }
                finished.fulfill()
            }

            var shown = model.count
            for _ in 0..<writes {
                let before = model.count
                model.send(.increment)
                XCTAssertGreaterThan(model.count, before, "a main-thread write applies at once")
                XCTAssertGreaterThanOrEqual(model.count, shown, "never back to an older state")
                shown = model.count
                await Task.yield()  // lets main-queue hops run between writes
            }
            await fulfillment(of: [finished], timeout: 10)
            await untilMainQueueShows(model, count: burst + writes)

            XCTAssertEqual(model.count, burst + writes)
        }

        func test_sendFromInsideOnChange_endsWithTheLatestState() {
            let store = Store<SearchState>()
            let model = ObservableState(store)
            // `onChange` runs inside the update, before the new state is stored; a send from there must not be undone
            // when that update finishes. (Observation calls `onChange` again for the nested update: send only once.)
            let calls = ChangeCounter()
            withObservationTracking {
                _ = model.count
            } onChange: {
                calls.record()
                if calls.count == 1 { MainActor.assumeIsolated { model.send(.increment) } }
            }

            model.send(.increment)

            XCTAssertEqual(store.state.count, 2)
            XCTAssertEqual(model.count, 2, "the nested send's state, not the older one being applied around it")
        }

        func test_release_cancelsTheSubscription() {
            let store = Store<SearchState>()
            let transforms = ChangeCounter()
            var model: ObservableState<String, SearchState.Event>? = ObservableState(
                store.map { state in
                    transforms.record()
                    return state.query
                },
                dispatchingTo: store)
            weak let weakModel = model
            model?.send(.queryChanged("obs"))
            let before = transforms.count

            model = nil
            store.dispatch(event: .queryChanged("gone"))

            XCTAssertNil(weakModel, "nothing keeps the projection alive")
            XCTAssertEqual(transforms.count, before, "no subscription is left to derive the new state")
        }

        func test_projection_keepsItsStoreAlive_untilReleased() {
            var store: Store<SearchState>? = Store<SearchState>()
            weak let weakStore = store
            var model: ObservableState<SearchState, SearchState.Event>? = ObservableState(store!)

            store = nil
            XCTAssertNotNil(weakStore, "the projection keeps the store it sends to")
            model?.send(.queryChanged("obs"))
            XCTAssertEqual(model?.query, "obs", "events still reach the store")

            model = nil
            XCTAssertNil(weakStore, "released with the projection")
        }

        func test_projectionOfADerivedState_keepsTheStoreItSendsTo_untilReleased() {
            var store: Store<SearchState>? = Store<SearchState>()
            weak let weakStore = store
            var model: ObservableState<String, SearchState.Event>? = ObservableState(
                store!.map(\.query), dispatchingTo: store!)

            store = nil
            model?.send(.queryChanged("obs"))
            XCTAssertEqual(model?.state, "obs")

            model = nil
            XCTAssertNil(weakStore)
        }

        /// Lets the main queue run until `model` shows `count`, for at most 5 seconds.
        private func untilMainQueueShows(
            _ model: ObservableState<SearchState, SearchState.Event>, count: Int,
            file: StaticString = #filePath, line: UInt = #line
        ) async {
            let deadline = Date().addingTimeInterval(5)
            while model.count != count && Date() < deadline {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
            XCTAssertEqual(model.count, count, "the main queue did not show the state in time", file: file, line: line)
        }
    }
#endif
