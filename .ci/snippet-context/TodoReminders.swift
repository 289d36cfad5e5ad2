// With TodoFakes.swift, for the README's row snippet: the rows' effect handler.
let reminders = TodoReminders(notifier: notifier)
