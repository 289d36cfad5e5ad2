import EffectStore

/// Shows reminders: a notification centre, or a stand-in for one.
public protocol TodoNotifier: Sendable {
    /// Shows a reminder for the todo titled `title`.
    func notify(_ title: String)
}

/// Performs a todo's effects: shows its reminder, and answers that it was shown.
public struct TodoReminders: Sendable {
    private let notifier: any TodoNotifier

    /// Reminders shown by `notifier`.
    public init(notifier: any TodoNotifier) {
        self.notifier = notifier
    }

    /// Shows the reminder.
    public func handle(_ effect: Todo.Effect) -> Future<Todo.Event>? {
        switch effect {
        case .notify(let title):
            notifier.notify(title)
            return Future(value: .reminded)
        case .plan:
            return nil  // never: the store takes plans apart
        }
    }
}
