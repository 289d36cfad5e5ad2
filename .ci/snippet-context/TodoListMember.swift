// For the fragment of Building an app from features that is a member of the todo example's `TodoList`.
extension TodoList {
// SNIPPET
    func snippetUse() -> Effect { save() }
}
