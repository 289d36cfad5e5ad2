import EffectStore

/// A todo list store that has started reading the saved list.
///
/// - Parameters:
///   - storage: Where the list is saved.
///   - notifier: Shows reminders.
///   - clock: What reminders wait with; a `TestClock` in tests.
public func makeTodoStore(
    storage: any TodoStorage,
    notifier: any TodoNotifier,
    clock: (any EffectClock)? = nil
) -> Store<TodoList> {
    let store = Store<TodoList>(effectHandler: TodoListEffects(storage: storage, notifier: notifier), clock: clock)
    store.dispatch(event: .load)
    return store
}
