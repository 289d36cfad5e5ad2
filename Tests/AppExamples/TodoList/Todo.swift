import EffectStore

/// One row of the todo list: a title, done or not, and a reminder that may be pending.
///
/// A todo only exists with data, so it is a ``ChildState``, not a `State`: it needs no initial value. Its one effect
/// is the reminder, debounced under an id of its own, so that setting a new reminder replaces the pending one; the
/// list starts it under the row's id, so deleting the row cancels it.
public struct Todo: ChildState, Identifiable, Hashable, Codable {
    /// The todo's id, unique in its list.
    public let id: Int
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var isDone: Bool
    /// Whether a reminder waits for its time. Not saved: a reminder lives as long as the app runs.
    public var isReminderPending: Bool

    /// A todo; new ones are not done and have no reminder.
    public init(id: Int, title: String, isDone: Bool = false, isReminderPending: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
        self.isReminderPending = isReminderPending
    }

    /// What can happen to a todo.
    public enum Event: Sendable, Hashable {
        case toggle
        case rename(String)
        /// Remind me of this todo after `delay`; replaces a pending reminder.
        case remind(after: EffectDuration)
        /// The reminder was shown.
        case reminded

        /// Whether this event changes what is saved.
        var changesSavedData: Bool {
            switch self {
            case .toggle, .rename: true
            case .remind, .reminded: false
            }
        }
    }

    /// What a todo asks for: a reminder.
    public enum Work: Sendable, Hashable {
        /// Show a reminder for the todo titled so.
        case notify(title: String)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// The id of the row's reminder; the list makes it the row's own.
    enum ReminderID: Hashable, Sendable { case reminder }

    /// Toggles, renames, and sets or forgets the reminder.
    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .toggle:
            isDone.toggle()
            guard isDone, isReminderPending else { return nil }
            isReminderPending = false
            return .cancel(id: ReminderID.reminder)  // done: no need to remind
        case .rename(let title):
            self.title = title
            return nil
        case .remind(let delay):
            guard !isDone else { return nil }
            isReminderPending = true
            return Effect.work(.notify(title: title)).debounced(id: ReminderID.reminder, for: delay)
        case .reminded:
            isReminderPending = false
            return nil
        }
    }

    private enum CodingKeys: String, CodingKey { case id, title, isDone }

    /// Reads a saved todo: no reminder pending.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            isDone: try container.decode(Bool.self, forKey: .isDone)
        )
    }
}
