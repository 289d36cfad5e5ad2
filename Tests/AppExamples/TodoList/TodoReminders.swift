import EffectStore

/// Shows reminders: a notification centre, or a stand-in for one.
public protocol TodoNotifier: Sendable {
    /// Shows a reminder for the todo titled `title`.
    func notify(_ title: String)
}

/// Performs a todo's work: shows its reminder, and answers that it was shown.
public final class TodoReminders: PlannedEffectHandler, Sendable {
    private let notifier: any TodoNotifier

    /// Reminders shown by `notifier`.
    public init(notifier: any TodoNotifier) {
        self.notifier = notifier
    }

    /// Shows the reminder.
    public func perform(_ work: Todo.Work) -> Future<Todo.Event>? {
        switch work {
        case .notify(let title):
            notifier.notify(title)
            return Future(value: .reminded)
        }
    }
}
