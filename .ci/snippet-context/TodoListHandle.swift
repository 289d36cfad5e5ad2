// For the handle(event:) snippet of Building an app from features: the list as the snippet before it shows it (the
// rows are the example's `Todo`), with the save the snippet after it shows.
struct TodoList: State, Equatable {
    var todos: IdentifiedStates<Todo> = []
    var filter: Filter = .all
    var nextID = 1

    enum Filter: Sendable, Hashable { case all, active, completed }
    enum SaveQueue: Hashable, Sendable { case save }

    enum Event: Sendable, Equatable {
        case add(title: String)
        case todo(id: Todo.ID, Todo.Event)
        case delete(id: Todo.ID)
        case clearCompleted
        case setFilter(Filter)
        case loaded(IdentifiedStates<Todo>), saved, storageFailed(String)
    }

    enum Work: Sendable, Equatable {
        case todo(id: Todo.ID, Todo.Work)
        case load
        case save(IdentifiedStates<Todo>)
    }
    typealias Effect = Planned<Work>

    static var initialState: TodoList { TodoList() }
    static let todos = ChildPlace(\TodoList.todos, event: Event.todo, work: Work.todo)
    static let places: ChildPlaces<TodoList> = [todos]

    private func save() -> Effect {
        Effect.work(.save(todos)).queued(id: SaveQueue.save, keepingOnlyLatest: true)
    }

// SNIPPET
}
