import EffectStore

/// The todo list's effect handler: each row's effects go to the reminders with the row's id, the list's own —
/// loading and saving — to ``TodoListEffects``. No routing by hand.
public func makeTodoEffects(storage: any TodoStorage, notifier: any TodoNotifier) -> ComposedEffectHandler<TodoList> {
    let reminders = TodoReminders(notifier: notifier)
    return ComposedEffectHandler(
        .rows(effect: .todo, event: TodoList.Event.todo) { _, effect in reminders.handle(effect: effect) },
        .own(TodoListEffects(storage: storage))
    )
}

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
    let store = Store<TodoList>(effectHandler: makeTodoEffects(storage: storage, notifier: notifier), clock: clock)
    store.dispatch(event: .load)
    return store
}
