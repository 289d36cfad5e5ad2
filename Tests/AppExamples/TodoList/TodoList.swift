import EffectStore

/// The todo list: rows with ids, a filter, "clear completed", and a save after every change, latest save wins.
///
/// The rows are one place, ``todos``, declared once: events reach a row by id with one line, and a row's work comes
/// out with its id. The place is among the list's ``places``, so a deleted row's reminder ends however the row goes —
/// one deleted, completed ones cleared, the list reloaded.
public struct TodoList: State, Equatable {
    /// The todos, in order.
    public var todos: IdentifiedStates<Todo> = []
    /// Which todos are shown.
    public var filter: Filter = .all
    /// The id the next todo gets.
    public var nextID = 1
    /// Whether the saved list was read.
    public var isLoaded = false
    /// The last save or load that failed, for the view to show.
    public var lastError: String?

    /// A todo list; empty until ``Event/loaded(_:)`` brings the saved one.
    public init(todos: IdentifiedStates<Todo> = [], filter: Filter = .all) {
        self.todos = todos
        self.filter = filter
        self.nextID = (todos.map(\.id).max() ?? 0) + 1
    }

    /// Which todos are shown.
    public enum Filter: String, Sendable, Hashable, CaseIterable {
        case all, active, completed

        /// Whether `todo` is shown under this filter.
        public func includes(_ todo: Todo) -> Bool {
            switch self {
            case .all: true
            case .active: !todo.isDone
            case .completed: todo.isDone
            }
        }
    }

    /// The todos the filter shows, in order.
    public var visibleTodos: [Todo] { todos.filter(filter.includes) }

    /// What can happen to the list.
    public enum Event: Sendable, Equatable {
        /// Read the saved list.
        case load
        case add(title: String)
        /// An event of the todo with `id`.
        case todo(id: Todo.ID, Todo.Event)
        case delete(id: Todo.ID)
        case clearCompleted
        case setFilter(Filter)
        /// The saved list; empty when nothing was saved yet.
        case loaded(IdentifiedStates<Todo>)
        /// The last save was written.
        case saved
        /// A read or write of the saved list failed, with what went wrong.
        case storageFailed(String)
    }

    /// What the list asks for: a row's work, or — its own — a read or write of the saved list.
    public enum Work: Sendable, Equatable {
        case todo(id: Todo.ID, Todo.Work)
        /// Read the saved list.
        case load
        /// Write the list.
        case save(IdentifiedStates<Todo>)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// The id of the save queue: one save at a time, and only the latest waits.
    public enum SaveQueue: Hashable, Sendable { case save }

    public static var initialState: TodoList { TodoList() }

    /// The rows: each row's events come with its id, its work goes out with it, and its reminders end when it leaves.
    public static let todos = ChildPlace(\TodoList.todos, event: Event.todo, work: Work.todo)
    public static let places: ChildPlaces<TodoList> = [todos]

    /// Decides the next list and what to do.
    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .load:
            return .work(.load)
        case .add(let title):
            todos.append(Todo(id: nextID, title: title))
            nextID += 1
            return save()
        case .todo(let id, let event):
            let effect = route((id, event), to: Self.todos)
            guard event.changesSavedData, todos.contains(id: id) else { return effect }
            return effect.map { .all($0, save()) } ?? save()
        case .delete(let id):
            guard todos.remove(id: id) != nil else { return nil }
            return save()
        case .clearCompleted:
            let count = todos.count
            todos.removeAll(where: \.isDone)
            return todos.count == count ? nil : save()
        case .setFilter(let filter):
            self.filter = filter
            return nil
        case .loaded(let saved):
            todos = saved
            nextID = max(nextID, (saved.map(\.id).max() ?? 0) + 1)
            isLoaded = true
            return nil
        case .saved:
            lastError = nil
            return nil
        case .storageFailed(let message):
            lastError = message
            return nil
        }
    }

    /// Writes the list as it is now, after the save running, replacing a save still waiting: latest save wins.
    private func save() -> Effect {
        Effect.work(.save(todos)).queued(id: SaveQueue.save, keepingOnlyLatest: true)
    }
}
