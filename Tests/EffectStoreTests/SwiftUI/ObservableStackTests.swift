#if canImport(Observation)
    import EffectStore
    import EffectStoreObservation
    import Observation
    import XCTest

    /// A navigation stack observed as rows: one object per screen, notified when its screen changes; the list
    /// notified on pushes and pops.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class ObservableStackTests: XCTestCase {
        private func screens(of store: Store<Host>) -> ObservableRows<StackElement<HostScreen>, HostScreen.Event> {
            ObservableRows(store, Host.path)
        }

        private func fired(afterReading read: () -> Void) -> Fired {
            let fired = Fired()
            withObservationTracking(read) { fired.record() }
            return fired
        }

        func test_aScreensEvent_notifiesThatScreenOnly_andNotTheList() {
            let store = Store<Host>(effectHandler: NoAnswers())
            store.dispatch(event: .push(.ticker(Ticker(id: 1))))
            store.dispatch(event: .push(.ticker(Ticker(id: 2))))
            let list = screens(of: store)
            XCTAssertEqual(list.ids, [0, 1])
            let bottom = fired { _ = list.rows[0].state }
            let top = fired { _ = list.rows[1].state }
            let listFired = fired { _ = list.rows }

            list.rows[1].send(.ticker(.tick))   // sends .path(.element(id: 1, .ticker(.tick)))

            XCTAssertEqual(top.count, 1)
            XCTAssertEqual(bottom.count, 0)
            XCTAssertEqual(listFired.count, 0)
            XCTAssertEqual(list.rows[1].screen, .ticker(Ticker(id: 2, ticks: 1)))
            XCTAssertEqual(store.state.path[id: 1], .ticker(Ticker(id: 2, ticks: 1)))
        }

        func test_pushAndPop_notifyTheList_andAPoppedScreensObjectStops() {
            let store = Store<Host>(effectHandler: NoAnswers())
            store.dispatch(event: .push(.note("a")))
            let list = screens(of: store)
            let listFired = fired { _ = list.rows }
            store.dispatch(event: .push(.ticker(Ticker(id: 1))))
            RunLoop.main.run(until: Date().addingTimeInterval(0.05))
            XCTAssertEqual(listFired.count, 1)
            XCTAssertEqual(list.ids, [0, 1])

            let popped = list.rows[1]
            list.send(.ticker(.tick), forRow: 1)
            XCTAssertEqual(popped.screen, .ticker(Ticker(id: 1, ticks: 1)))
            store.dispatch(event: .popTop)
            RunLoop.main.run(until: Date().addingTimeInterval(0.05))
            XCTAssertEqual(list.ids, [0])
            XCTAssertTrue(popped.isRemoved)
        }

        func test_anEventFromTheStoreForTheBottomScreen_notifiesThatScreenOnly() async {
            // Async: on Linux, a main-actor test class needs one async test (see NavigationBindingsTests).
            let store = Store<Host>(effectHandler: NoAnswers())
            store.dispatch(event: .push(.ticker(Ticker(id: 1))))
            store.dispatch(event: .push(.note("b")))
            let list = screens(of: store)
            let top = fired { _ = list.rows[1].state }
            let bottom = fired { _ = list.rows[0].state }

            store.dispatch(event: .path(.element(id: 0, .ticker(.tick))))
            _ = await store.dispatch(event: .showAlert).value
            try? await Task.sleep(nanoseconds: 50_000_000)

            XCTAssertEqual(bottom.count, 1)
            XCTAssertEqual(top.count, 0)
            XCTAssertEqual(list.rows[0].screen, .ticker(Ticker(id: 1, ticks: 1)))
        }
    }
#endif
