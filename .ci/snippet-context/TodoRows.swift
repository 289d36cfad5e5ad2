// For the snippets that observe the todo list's rows one by one (README, Building an app from features): the todo
// store, with the fakes of TodoFakes.swift, and Observation for `withObservationTracking`.
import Observation

let store = Store<TodoList>(effectHandler: TodoListEffects(storage: file, notifier: notifier))
