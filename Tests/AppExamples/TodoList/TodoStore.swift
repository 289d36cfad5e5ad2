import EffectStore

/// The todo list's effect handler: each row's effects go to the reminders with the row's id, the list's own to the
/// persistence. No routing by hand.
public func makeTodoEffects(storage: any TodoStorage, notifier: any TodoNotifier) -> ComposedEffectHandler<TodoList> {
    let reminders = TodoReminders(notifier: notifier)
    let persistence = TodoPersistence(storage: storage)
    return ComposedEffectHandler(
        .rows(effect: TodoList.Effect.todo, event: TodoList.Event.todo) { _, effect in reminders.handle(effect) },
        .child(effect: TodoList.Effect.persistence, event: TodoList.Event.persistence) { persistence.handle($0) }
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
