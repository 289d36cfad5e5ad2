#if canImport(Observation)
    import Dispatch
    import EffectStore
    import EffectStoreObservation
    import Foundation
    import Observation
    import XCTest

    /// Counts `==` calls on ``Item``, to bound the work a change costs.
    private let itemComparisons = LockedBox.make(0)

    /// One row of a checklist: a title and a mark.
    private struct Item: ChildState, Identifiable, Equatable {
        let id: Int
        var title: String
        var isDone = false

        enum Event: Sendable { case toggle, rename(String) }

        mutating func handle(event: Event) -> Never? {
            switch event {
            case .toggle: isDone.toggle()
            case .rename(let title): self.title = title
            }
            return nil
        }

        static func == (lhs: Item, rhs: Item) -> Bool {
            itemComparisons.withLock { $0 += 1 }
            return lhs.id == rhs.id && lhs.title == rhs.title && lhs.isDone == rhs.isDone
        }
    }

    /// A checklist whose parent changes its rows every way `IdentifiedStates` allows.
    private struct Checklist: State {
        var items: IdentifiedStates<Item> = []
        var saved: IdentifiedStates<Item> = []
        var unrelated = 0

        enum Event: Sendable {
            case item(id: Int, Item.Event)
            case retitle(id: Int, String)
            case retitleRepeatedly(id: Int, String, times: Int)
            case markAllDone
            case insert(Item, at: Int)
            case remove(id: Int)
            case removeDone
            case move(from: Int, to: Int)
            case sortByTitle
            case replace([Item])
            case save
            case restore
            case bumpUnrelated
        }

        // Planned<Never>, not Never: a parent whose Effect is Never stops when a row leaves (see AlertStateTests'
        // test_aParentWithNoEffects_presentsAnAlert_andATapDismissesIt).
        typealias Effect = Planned<Never>

        static var initialState: Checklist { Checklist() }

        static let items = ChildPlace(\Checklist.items, event: Event.item)
        static let places: ChildPlaces<Checklist> = [items]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .item(let id, let event): return route((id, event), to: Self.items)
            case .retitle(let id, let title): items[id: id]?.title = title
            case .retitleRepeatedly(let id, let title, let times):
                for time in 1...times { items[id: id]?.title = "\(title) \(time)" }
            case .markAllDone: for id in items.ids { items[id: id]?.isDone = true }
            case .insert(let item, let position): items.insert(item, at: position)
            case .remove(let id): items.remove(id: id)
            case .removeDone: items.removeAll { $0.isDone }
            case .move(let source, let destination): items.move(fromOffsets: [source], toOffset: destination)
            case .sortByTitle: items.sort { $0.title < $1.title }
            case .replace(let items): self.items = IdentifiedStates(items)
            case .save: saved = items
            case .restore: items = saved
            case .bumpUnrelated: unrelated += 1
            }
            return nil
        }

        /// `count` rows, ids `0..<count`, titled by id.
        static func with(_ count: Int) -> Checklist {
            Checklist(items: IdentifiedStates((0..<count).map { Item(id: $0, title: "item \($0)") }))
        }
    }

    /// How many times an observation's `onChange` ran (here and in ObservableStackTests).
    final class Fired: Sendable {
        private let box = LockedBox.make(0)
        func record() { box.withLock { $0 += 1 } }
        var count: Int { box.withLock { $0 } }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class ObservableRowsTests: XCTestCase {
        private typealias List = ObservableRows<Item, Item.Event>

        private func list(_ state: Checklist) -> (Store<Checklist>, List) {
            let store = Store<Checklist>(initialState: state, effectHandler: NoAnswers())
            return (store, ObservableRows(store, Checklist.items))
        }

        /// Runs `read` under `withObservationTracking`; the returned counter counts the `onChange` calls that follow.
        private func fired(afterReading read: () -> Void) -> Fired {
            let fired = Fired()
            withObservationTracking(read) { fired.record() }
            return fired
        }

        /// One counter per row, each observing only its row's value.
        private func rowObservers(_ list: List) -> [Int: Fired] {
            var observers: [Int: Fired] = [:]
            for row in list.rows { observers[row.id] = fired { _ = row.state } }
            return observers
        }

        /// Observes `row`'s title, and observes it again each time it is told of a change: reading it from
        /// `willSet`, as it is told.
        private static func observeAgainAndAgain(_ row: ObservableRow<Item, Item.Event>, counting told: Fired) {
            withObservationTracking { _ = row.title } onChange: {
                told.record()
                MainActor.assumeIsolated { observeAgainAndAgain(row, counting: told) }
            }
        }

        /// The ids of the rows whose observers fired.
        private func firedIDs(_ observers: [Int: Fired]) -> [Int] {
            observers.filter { $0.value.count > 0 }.keys.sorted()
        }

        func test_rows_showTheStoresRowsInOrder_asObjectsIdentifiedByTheRowsIDs() {
            let (_, list) = list(.with(3))

            XCTAssertEqual(list.ids, [0, 1, 2])
            XCTAssertEqual(list.rows.map(\.title), ["item 0", "item 1", "item 2"])
            XCTAssertEqual(list.count, 3)
            XCTAssertTrue(list[id: 1] === list.rows[1])
            XCTAssertNil(list[id: 9])
        }

        func test_rowEvent_notifiesThatRowOnly_andNotTheList_andIsShownAtOnce() {
            let (store, list) = list(.with(5))
            let rows = rowObservers(list)
            let listFired = fired { _ = list.rows }

            list[id: 3]?.send(.toggle)

            XCTAssertEqual(firedIDs(rows), [3])
            XCTAssertEqual(listFired.count, 0, "the ids did not change")
            XCTAssertEqual(list[id: 3]?.isDone, true, "the send is synchronous")
            XCTAssertEqual(store.state.items[id: 3]?.isDone, true)
        }

        func test_rowNeverReadThroughObservation_stillShowsItsLatestValue() {
            let (store, list) = list(.with(3))
            let row = list.rows[2]  // not read yet: nobody observes it

            store.dispatch(event: .retitle(id: 2, "Eggs"))
            list.send(.toggle, forRow: 0)
            let fired = fired { _ = row.title }
            row.send(.rename("Oats"))

            XCTAssertEqual(fired.count, 1, "observed from its first read on")
            XCTAssertEqual(row.title, "Oats")
        }

        func test_rowChangedAgainBeforeItIsReadAgain_isToldOnce_andObservedAgainFromTheNextRead() {
            let (store, list) = list(.with(2))
            let row = list.rows[1]
            let first = fired { _ = row.title }

            row.send(.rename("Milk"))
            store.dispatch(event: .retitle(id: 1, "Oats"))  // nobody has read the row since its observer was told
            list.send(.toggle, forRow: 0)

            XCTAssertEqual(first.count, 1, "an observer is told once: its tracking ends then")
            XCTAssertEqual(row.title, "Oats", "the value shown is the latest")

            let second = fired { _ = row.title }
            row.send(.rename("Rye"))

            XCTAssertEqual(second.count, 1, "read again: observed again")
            XCTAssertEqual(first.count, 1)
            XCTAssertEqual(row.title, "Rye")
        }

        func test_anObserverThatReadsTheRowAgainWhenTold_isToldOfEveryChange() {
            let (_, list) = list(.with(1))
            let row = list.rows[0]
            let told = Fired()
            Self.observeAgainAndAgain(row, counting: told)

            row.send(.rename("Milk"))
            row.send(.rename("Oats"))
            row.send(.rename("Oats"))  // equal: changes nothing

            XCTAssertEqual(told.count, 2)
        }

        func test_bindingOfARow_sendsTheRowsEvent() {
            let (store, list) = list(.with(2))
            let title = list.rows[1].binding(\.title, to: Item.Event.rename)

            title.wrappedValue = "Milk"

            XCTAssertEqual(title.wrappedValue, "Milk")
            XCTAssertEqual(store.state.items.map(\.title), ["item 0", "Milk"])
        }

        func test_editByTheParent_notifiesTheEditedRowsOnly() {
            let (store, list) = list(.with(4))
            let rows = rowObservers(list)
            let listFired = fired { _ = list.rows }

            store.dispatch(event: .retitle(id: 2, "Bread"))
            list.send(.rename("Milk"), forRow: 0)  // applies what the store delivered, in order

            XCTAssertEqual(firedIDs(rows), [0, 2])
            XCTAssertEqual(list[id: 2]?.title, "Bread")
            XCTAssertEqual(listFired.count, 0)
        }

        func test_moreChangesInOneStateThanTheJournalKeeps_compareEveryRow() {
            let (store, list) = list(.with(3))
            let rows = rowObservers(list)

            store.dispatch(event: .retitleRepeatedly(id: 1, "again", times: 100))
            list.send(.rename("item 0"), forRow: 0)  // equal: changes nothing

            XCTAssertEqual(firedIDs(rows), [1])
            XCTAssertEqual(list[id: 1]?.title, "again 100")
        }

        func test_editOfEveryRowByTheParent_notifiesEveryRow() {
            let (store, list) = list(.with(3))
            let rows = rowObservers(list)

            store.dispatch(event: .markAllDone)
            list.send(.toggle, forRow: 0)  // and 0 back to not done

            XCTAssertEqual(firedIDs(rows), [0, 1, 2])
            XCTAssertEqual(list.rows.map(\.isDone), [false, true, true])
        }

        func test_insert_notifiesTheList_withANewObject_andNoRowObserver() {
            let (store, list) = list(.with(3))
            let rows = rowObservers(list)
            let listFired = fired { _ = list.rows }
            let before = list.rows

            store.dispatch(event: .insert(Item(id: 7, title: "new"), at: 1))
            list.send(.toggle, forRow: 7)

            XCTAssertEqual(list.ids, [0, 7, 1, 2])
            XCTAssertEqual(listFired.count, 1)
            XCTAssertEqual(firedIDs(rows), [], "no existing row changed")
            XCTAssertEqual(list[id: 7]?.state, Item(id: 7, title: "new", isDone: true))
            XCTAssertTrue(list[id: 0] === before[0] && list[id: 2] === before[2], "existing rows keep their objects")
        }

        func test_aBurstOfInsertionsBeforeTheMainActorApplies_showsEveryNewRow() {
            let (store, list) = list(.with(2))
            let listFired = fired { _ = list.count }

            store.dispatch(event: .replace(Array(store.state.items)))  // a new collection: every row compared
            for id in 2..<500 { store.dispatch(event: .insert(Item(id: id, title: "item \(id)"), at: id)) }
            list.send(.toggle, forRow: 499)

            XCTAssertEqual(list.ids, Array(0..<500))
            XCTAssertEqual(list.rows.map(\.state), Array(store.state.items))
            XCTAssertEqual(listFired.count, 1)
        }

        func test_remove_notifiesTheList_andTheRemovedRow_whichStopsAndLetsGo() {
            let (store, list) = list(.with(3))
            let removed = list.rows[1]
            let rows = rowObservers(list)
            let listFired = fired { _ = list.rows }
            let removedFired = fired { _ = removed.isRemoved }

            store.dispatch(event: .remove(id: 1))
            list.send(.toggle, forRow: 0)
            removed.send(.toggle)  // ignored: the row is gone

            XCTAssertEqual(list.ids, [0, 2])
            XCTAssertEqual(listFired.count, 1)
            XCTAssertEqual(removedFired.count, 1)
            XCTAssertTrue(removed.isRemoved)
            XCTAssertEqual(removed.state, Item(id: 1, title: "item 1"), "it keeps its last value")
            XCTAssertEqual(firedIDs(rows), [0])
            XCTAssertNil(list[id: 1])

            store.dispatch(event: .insert(Item(id: 1, title: "again"), at: 0))
            list.send(.toggle, forRow: 0)
            XCTAssertFalse(list[id: 1] === removed, "a row added again gets a new object")
            XCTAssertEqual(removed.title, "item 1", "the removed row's object no longer updates")
        }

        func test_removedRow_holdsNothingAlive() {
            weak var weakStore: Store<Checklist>?
            weak var weakList: List?
            var removed: ObservableRow<Item, Item.Event>?
            do {
                let (store, list) = list(.with(2))
                weakStore = store
                weakList = list
                removed = list.rows[0]
                list.send(.toggle, forRow: 1)
                store.dispatch(event: .remove(id: 0))
                list.send(.toggle, forRow: 1)
            }
            XCTAssertEqual(removed?.isRemoved, true)
            XCTAssertNil(weakList, "the removed row's object does not keep its list")
            XCTAssertNil(weakStore, "nor the store")
        }

        func test_removeAllWhere_detachesTheRemovedRows() {
            let (store, list) = list(.with(4))
            list.send(.toggle, forRow: 1)
            list.send(.toggle, forRow: 3)
            let objects = list.rows

            store.dispatch(event: .removeDone)
            list.send(.rename("x"), forRow: 0)

            XCTAssertEqual(list.ids, [0, 2])
            XCTAssertEqual(objects.map(\.isRemoved), [false, true, false, true])
        }

        func test_moveAndSort_notifyTheListOnly() {
            let (store, list) = list(.with(3))
            let rows = rowObservers(list)
            let listFired = fired { _ = list.ids }

            store.dispatch(event: .move(from: 0, to: 3))
            list.send(.rename("a"), forRow: 2)

            XCTAssertEqual(list.ids, [1, 2, 0])
            XCTAssertEqual(listFired.count, 1)
            XCTAssertEqual(firedIDs(rows), [2], "only the renamed row; the move changed no row")

            let sortFired = fired { _ = list.ids }
            store.dispatch(event: .sortByTitle)
            list.send(.toggle, forRow: 1)
            XCTAssertEqual(list.ids, [2, 0, 1])
            XCTAssertEqual(sortFired.count, 1)
        }

        func test_wholesaleReplacement_comparesEveryRow_andNotifiesTheChangedOnes() {
            let (store, list) = list(.with(3))
            let rows = rowObservers(list)
            let listFired = fired { _ = list.rows }
            let objects = list.rows

            store.dispatch(event: .replace([Item(id: 0, title: "item 0"), Item(id: 1, title: "new"), objects[2].state]))
            list.send(.rename("item 0"), forRow: 0)  // an equal value: notifies nobody

            XCTAssertEqual(firedIDs(rows), [1])
            XCTAssertEqual(list[id: 1]?.title, "new")
            XCTAssertEqual(listFired.count, 0, "the same ids, in the same order")
            XCTAssertTrue(list.rows.elementsEqual(objects, by: ===))

            store.dispatch(event: .replace([Item(id: 5, title: "only")]))
            list.send(.toggle, forRow: 5)
            XCTAssertEqual(list.ids, [5])
            XCTAssertEqual(listFired.count, 1)
            XCTAssertEqual(objects.map(\.isRemoved), [true, true, true])
        }

        func test_restoringAnOlderCopy_isSeenAsTheChangeItIs() {
            // The copy saved in the state and the rows go their own ways: restoring the copy must not look like "no
            // change" because both have seen as many changes.
            let (store, list) = list(.with(3))
            store.dispatch(event: .save)
            list.send(.toggle, forRow: 0)
            let rows = rowObservers(list)

            store.dispatch(event: .restore)
            list.send(.rename("item 2"), forRow: 2)  // equal: changes nothing

            XCTAssertEqual(firedIDs(rows), [0])
            XCTAssertEqual(list.rows.map(\.isDone), [false, false, false])
        }

        func test_unrelatedChange_notifiesNoRowAndNotTheList() {
            let (store, list) = list(.with(3))
            let rows = rowObservers(list)
            let listFired = fired { _ = list.rows }

            store.dispatch(event: .bumpUnrelated)
            list.send(.rename("item 1"), forRow: 1)

            XCTAssertEqual(firedIDs(rows), [])
            XCTAssertEqual(listFired.count, 0)
        }

        func test_changesFromAnotherThread_arriveOnTheMainQueue_mergedInOrder() async {
            let (store, list) = list(.with(3))
            let rows = rowObservers(list)
            let dispatched = expectation(description: "dispatched on another thread")

            DispatchQueue.global().async {
                store.dispatch(event: .item(id: 0, .toggle))
                store.dispatch(event: .insert(Item(id: 9, title: "nine"), at: 0))
                store.dispatch(event: .item(id: 9, .toggle))
                store.dispatch(event: .retitle(id: 2, "two"))
                store.dispatch(event: .remove(id: 1))
                dispatched.fulfill()
            }
            await fulfillment(of: [dispatched], timeout: 5)
            // Every dispatch has returned, so the store's state is the last one; wait for the rows to reach it. (Not for
            // a count: the list has 3 rows before the changes and after them, so that wait ended before they came.)
            let deadline = Date().addingTimeInterval(5)
            while list.rows.map(\.state) != Array(store.state.items) && Date() < deadline {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }

            XCTAssertEqual(list.ids, [9, 0, 2])
            XCTAssertEqual(list.rows.map(\.state), Array(store.state.items))
            XCTAssertEqual(firedIDs(rows), [0, 1, 2].filter { $0 != 1 })
        }

        /// The work one toggle costs, in `==` calls on rows, is the same for 100 and for 10,000 rows — where a derived
        /// state per row costs one per row.
        /// A store with undo keeps every state, so each event's change copies the rows — a journal of their own, which
        /// records because the one it was copied from did: the list still compares the changed row only.
        func test_rowsCopiedOnEveryEvent_stillCompareOnlyTheChangedRow() {
            let (store, list) = list(.with(50))
            store.enableUndo()
            let rows = rowObservers(list)
            let before = itemComparisons.withLock { $0 }

            for id in [3, 7, 9] { list.send(.toggle, forRow: id) }

            XCTAssertEqual(itemComparisons.withLock { $0 } - before, 3, "one `==` per toggle, not one per row")
            XCTAssertEqual(firedIDs(rows), [3, 7, 9])
            store.undo()
            list.send(.rename("item 0"), forRow: 0)  // equal: changes nothing, applies the undo
            XCTAssertEqual(list.rows.filter(\.isDone).map(\.id), [3, 7], "the undo is seen too")
        }

        func test_oneToggle_costsTheSameWork_in100And10000Rows() {
            func comparisonsPerToggle(rows count: Int) -> Double {
                let (store, list) = list(.with(count))
                let rows = rowObservers(list)
                let toggles = 50
                let before = itemComparisons.withLock { $0 }
                for toggle in 0..<toggles { list.rows[(toggle * 37) % count].send(.toggle) }
                let comparisons = itemComparisons.withLock { $0 } - before
                XCTAssertEqual(rows.values.filter { $0.count > 0 }.count, toggles, "one row notified per toggle")
                XCTAssertEqual(store.state.items.filter(\.isDone).count, toggles)
                return Double(comparisons) / Double(toggles)
            }
            let small = comparisonsPerToggle(rows: 100)
            let large = comparisonsPerToggle(rows: 10_000)

            XCTAssertLessThanOrEqual(small, 1)
            XCTAssertLessThanOrEqual(large, small, "the cost does not grow with the rows")

            // The alternative, measured the same way: one derived state per row, `store.map { $0.items[i] }`.
            func comparisonsPerEventWithDerivedStates(rows count: Int) -> Double {
                let store = Store<Checklist>(initialState: .with(count), effectHandler: NoAnswers())
                let tokens = (0..<count).map { index in store.map { $0.items[index] }.subscribe { _ in } }
                let before = itemComparisons.withLock { $0 }
                for toggle in 0..<10 { store.dispatch(event: .item(id: toggle, .toggle)) }
                withExtendedLifetime(tokens) {}
                return Double(itemComparisons.withLock { $0 } - before) / 10
            }
            XCTAssertEqual(comparisonsPerEventWithDerivedStates(rows: 100), 100, "one `==` per derived state per event")
        }
    }
#endif
