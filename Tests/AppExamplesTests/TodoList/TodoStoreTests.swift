import AppExamples
import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// The todo list on a real store: persistence, latest save wins, reminders in time, and deleted rows' reminders.
final class TodoStoreTests: XCTestCase {
    private func store(
        file: InMemoryTodoFile, notifier: RecordingNotifier = RecordingNotifier(), clock: TestClock = TestClock()
    )
        -> Store<TodoList>
    {
        Store<TodoList>(effectHandler: TodoListEffects(storage: file, notifier: notifier), clock: clock)
    }

    func test_load_readsTheSavedList() async {
        let file = InMemoryTodoFile(saved: Data(#"[{"id":3,"title":"Milk","isDone":true}]"#.utf8))
        let store = store(file: file)

        let state = await store.dispatch(event: .load).value

        XCTAssertEqual(Array(state.todos), [Todo(id: 3, title: "Milk", isDone: true)])
        XCTAssertEqual(state.nextID, 4)
    }

    func test_load_nothingSaved_isAnEmptyList() async {
        let store = store(file: InMemoryTodoFile())

        let state = await store.dispatch(event: .load).value

        XCTAssertTrue(state.isLoaded)
        XCTAssertTrue(state.todos.isEmpty)
    }

    func test_load_corruptFile_reportsTheError() async {
        let store = store(file: InMemoryTodoFile(saved: Data("not json".utf8)))

        let state = await store.dispatch(event: .load).value

        XCTAssertFalse(state.isLoaded)
        XCTAssertEqual(state.lastError?.hasPrefix("Could not read the todos"), true)
    }

    func test_changes_areSavedAsJSON_andReadBackByANewStore() async {
        let file = InMemoryTodoFile()
        let first = store(file: file)
        first.dispatch(event: .add(title: "Milk"))
        first.dispatch(event: .add(title: "Bread"))
        _ = await first.dispatch(event: .todo(id: 1, .toggle)).value

        let second = store(file: file)  // a store must live until its dispatch's future resolves

        let state = await second.dispatch(event: .load).value

        XCTAssertEqual(Array(state.todos), [Todo(id: 1, title: "Milk", isDone: true), Todo(id: 2, title: "Bread")])
    }

    func test_saves_latestWins_oneAtATime() async {
        let file = InMemoryTodoFile(holdingWrites: true)
        let store = store(file: file)
        store.dispatch(event: .add(title: "Milk"))
        let firstIsWriting = await eventually { file.heldCount == 1 }
        XCTAssertTrue(firstIsWriting)

        store.dispatch(event: .add(title: "Bread"))  // waits for its turn...
        let last = store.dispatch(event: .add(title: "Eggs"))  // ...and is replaced by this one
        file.releaseWrites()
        _ = await last.value

        XCTAssertEqual(file.writtenTitles, [["Milk"], ["Milk", "Bread", "Eggs"]])
    }

    func test_reminder_isShownWhenItsTimeComes() async {
        let notifier = RecordingNotifier()
        let clock = TestClock()
        let store = store(file: InMemoryTodoFile(), notifier: notifier, clock: clock)
        store.dispatch(event: .add(title: "Milk"))
        // Not awaited: the dispatch's future waits for the reminder, which waits for the clock.
        store.dispatch(event: .todo(id: 1, .remind(after: .seconds(60))))
        _ = await store.dispatch(event: .setFilter(.all)).value

        clock.advance(by: .seconds(59))
        XCTAssertEqual(notifier.shown, [])
        clock.advance(by: .seconds(1))
        let state = await store.dispatch(event: .setFilter(.all)).value

        XCTAssertEqual(notifier.shown, ["Milk"])
        XCTAssertEqual(state.todos[id: 1]?.isReminderPending, false)
    }

    /// A store with "Milk" (id 1) and "Bread" (id 2), each with a reminder pending after the delay given.
    private func storeWithTwoReminders(
        after delays: (EffectDuration, EffectDuration),
        notifier: RecordingNotifier,
        clock: TestClock
    ) async -> Store<TodoList> {
        let store = store(file: InMemoryTodoFile(), notifier: notifier, clock: clock)
        store.dispatch(event: .add(title: "Milk"))
        store.dispatch(event: .add(title: "Bread"))
        store.dispatch(event: .todo(id: 1, .remind(after: delays.0)))
        store.dispatch(event: .todo(id: 2, .remind(after: delays.1)))
        _ = await store.dispatch(event: .setFilter(.all)).value
        return store
    }

    func test_remindersOfTwoRows_areEachTheirOwn() async {
        let notifier = RecordingNotifier()
        let clock = TestClock()
        let store = await storeWithTwoReminders(after: (.seconds(10), .seconds(20)), notifier: notifier, clock: clock)

        clock.advance(by: .seconds(20))
        _ = await store.dispatch(event: .setFilter(.all)).value

        XCTAssertEqual(notifier.shown, ["Milk", "Bread"])
    }

    func test_deletingARow_cancelsItsPendingReminder() async {
        let notifier = RecordingNotifier()
        let clock = TestClock()
        let store = await storeWithTwoReminders(after: (.seconds(60), .seconds(60)), notifier: notifier, clock: clock)
        XCTAssertEqual(clock.scheduledCount, 2)

        _ = await store.dispatch(event: .delete(id: 1)).value
        XCTAssertEqual(clock.scheduledCount, 1)
        clock.advance(by: .seconds(60))
        _ = await store.dispatch(event: .setFilter(.all)).value

        XCTAssertEqual(notifier.shown, ["Bread"])
    }

    func test_makeTodoStore_startsByReadingTheSavedList() async {
        let file = InMemoryTodoFile(saved: Data(#"[{"id":1,"title":"Milk","isDone":false}]"#.utf8))
        let store = makeTodoStore(storage: file, notifier: RecordingNotifier(), clock: TestClock())

        let loaded = await eventually { store.state.isLoaded }

        XCTAssertTrue(loaded)
        XCTAssertEqual(store.state.todos.map(\.title), ["Milk"])
    }

    func test_todoFile_writesAndReadsATemporaryFile() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let first = Store<TodoList>(
            effectHandler: TodoListEffects(storage: TodoFile(url: url), notifier: RecordingNotifier())
        )
        _ = await first.dispatch(event: .add(title: "Milk")).value
        let second = Store<TodoList>(
            effectHandler: TodoListEffects(storage: TodoFile(url: url), notifier: RecordingNotifier())
        )

        let state = await second.dispatch(event: .load).value

        XCTAssertEqual(state.todos.map(\.title), ["Milk"])
    }
}
