import EffectStore
import Foundation
import XCTest

@testable import AppExamples

/// The todo list's logic, data in and data out.
final class TodoListTests: XCTestCase {
    private func list(_ todos: Todo...) -> TodoList { TodoList(todos: IdentifiedStates(todos)) }

    private func save(_ todos: Todo...) -> TodoList.Effect {
        TodoList.Effect.work(.save(IdentifiedStates(todos))).queued(
            id: TodoList.SaveQueue.save, keepingOnlyLatest: true)
    }

    func test_add_appendsWithTheNextID_andSaves() {
        var state = list(Todo(id: 4, title: "Milk"))

        let effect = state.transition(on: .add(title: "Bread"))

        XCTAssertEqual(state.todos.ids, [4, 5])
        XCTAssertEqual(effect, save(Todo(id: 4, title: "Milk"), Todo(id: 5, title: "Bread")))
    }

    func test_toggle_routesToTheRow_andSaves() {
        var state = list(Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Bread"))

        let effect = state.transition(on: .todo(id: 2, .toggle))

        XCTAssertEqual(state.todos.map(\.isDone), [false, true])
        XCTAssertEqual(effect, save(Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Bread", isDone: true)))
    }

    func test_eventForAMissingRow_isIgnored() {
        var state = list(Todo(id: 1, title: "Milk"))

        XCTAssertNil(state.transition(on: .todo(id: 9, .toggle)))
        XCTAssertEqual(state, list(Todo(id: 1, title: "Milk")))
    }

    func test_remind_startsTheRowsReminderUnderTheRow_withoutSaving() {
        let reminder = Todo.Effect.work(.notify(title: "Milk"))
            .debounced(id: Todo.ReminderID.reminder, for: .seconds(60))
        var todo = Todo(id: 1, title: "Milk")
        XCTAssertEqual(todo.transition(on: .remind(after: .seconds(60))), reminder)

        var state = list(Todo(id: 1, title: "Milk"))
        let effect = state.transition(on: .todo(id: 1, .remind(after: .seconds(60))))

        XCTAssertEqual(state.todos[id: 1]?.isReminderPending, true)
        XCTAssertEqual(effect, TodoList.todos.lift((1, reminder)))
        // Under the row's scope, which deleting the row cancels, and debounced under an id of the row's own.
        guard case .cancellable(let debounced, let row, cancelInFlight: false)? = effect?.plan,
            case .debounced(.work(.todo(id: 1, .notify(title: "Milk"))), let id, .seconds(60))? = debounced.plan
        else { return XCTFail("not the row's debounced reminder: \(String(describing: effect))") }
        XCTAssertEqual(TodoList.todos.ending(1), .cancel(id: row))
        XCTAssertNotEqual(id, EffectID(Todo.ReminderID.reminder))
    }

    func test_toggleDone_cancelsAPendingReminder() {
        var todo = Todo(id: 1, title: "Milk", isReminderPending: true)

        XCTAssertEqual(todo.transition(on: .toggle), .cancel(id: Todo.ReminderID.reminder))
        XCTAssertFalse(todo.isReminderPending)
    }

    func test_delete_cancelsTheRowsEffects_andSaves() {
        var state = list(Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Bread"))

        let effect = state.transition(on: .delete(id: 1))

        XCTAssertEqual(state.todos.ids, [2])
        XCTAssertEqual(effect, .all(TodoList.todos.ending(1), save(Todo(id: 2, title: "Bread"))))
        XCTAssertNil(state.transition(on: .delete(id: 1)))
    }

    func test_clearCompleted_removesDoneRows_cancelsTheirEffects_andSaves() {
        var state = list(
            Todo(id: 1, title: "Milk", isDone: true),
            Todo(id: 2, title: "Bread"),
            Todo(id: 3, title: "Eggs", isDone: true)
        )

        let effect = state.transition(on: .clearCompleted)

        XCTAssertEqual(state.todos.ids, [2])
        XCTAssertEqual(effect, .all(TodoList.todos.ending(1, 3), save(Todo(id: 2, title: "Bread"))))
        XCTAssertNil(state.transition(on: .clearCompleted))
    }

    func test_filter_showsTheMatchingTodosInOrder() {
        var state = list(
            Todo(id: 1, title: "Milk", isDone: true),
            Todo(id: 2, title: "Bread"),
            Todo(id: 3, title: "Eggs", isDone: true)
        )

        XCTAssertNil(state.transition(on: .setFilter(.completed)))
        XCTAssertEqual(state.visibleTodos.map(\.id), [1, 3])
        _ = state.transition(on: .setFilter(.active))
        XCTAssertEqual(state.visibleTodos.map(\.id), [2])
        _ = state.transition(on: .setFilter(.all))
        XCTAssertEqual(state.visibleTodos.map(\.id), [1, 2, 3])
    }

    func test_loaded_replacesTheTodos_andTheNextIDFollowsThem() {
        var state = TodoList.initialState

        XCTAssertEqual(state.transition(on: .load), .work(.load))
        _ = state.transition(on: .loaded([Todo(id: 7, title: "Milk")]))
        _ = state.transition(on: .add(title: "Bread"))

        XCTAssertTrue(state.isLoaded)
        XCTAssertEqual(state.todos.ids, [7, 8])
    }

    func test_json_savesIDTitleAndDone_notTheReminder() throws {
        let todos: IdentifiedStates<Todo> = [Todo(id: 1, title: "Milk", isDone: true, isReminderPending: true)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]

        let data = try encoder.encode(todos)

        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"[{"id":1,"isDone":true,"title":"Milk"}]"#)
        XCTAssertEqual(
            try JSONDecoder().decode(IdentifiedStates<Todo>.self, from: data),
            [Todo(id: 1, title: "Milk", isDone: true)]
        )
    }
}
