// For the TodoList snippet of Building an app from features, which shows the type's parts: what it leaves out (the
// filter's test and the handling of events, shown in the next snippets).
import AppExamples
import EffectStore

extension TodoList.Filter {
    func includes(_ todo: Todo) -> Bool {
        switch self {
        case .all: true
        case .active: !todo.isDone
        case .completed: todo.isDone
        }
    }
}

extension TodoList {
    mutating func handle(event: Event) -> Effect? { nil }
}
