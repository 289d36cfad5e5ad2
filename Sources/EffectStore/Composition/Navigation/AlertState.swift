/// An alert as data: a title, a message and buttons whose taps are typed events of the presenting feature.
///
/// Keep it in an optional property of the presenting feature (or in a case of its destination enum), declared as a
/// ``ChildPlace`` like any presented child; the view shows it while it is there. A tapped button's
/// ``ButtonState/action`` reaches the feature as the alert's message, through ``ChildState/route(_:to:messages:)``, and
/// the alert goes away; dismissing it any other way sends nothing but the dismissal. Tests compare alerts with `==`:
///
/// ```swift
/// enum AlertAction: Equatable, Sendable { case confirmDeletion }
///
/// state.alert = AlertState(
///     title: "Delete?",
///     message: "Are you sure you want to delete this meeting?",
///     buttons: [
///         ButtonState(role: .destructive, "Delete", action: .confirmDeletion),
///         ButtonState(role: .cancel, "Never mind"),
///     ]
/// )
/// ```
///
/// `Equatable`, `Hashable`, `Codable` and `Sendable` when its action is.
public struct AlertState<Action: Sendable> {
    /// The alert's title.
    public var title: String
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in order. None: the platform shows one "OK" button, which sends nothing.
    public var buttons: [ButtonState<Action>]

    /// An alert.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The text under the title, if any.
    ///   - buttons: The buttons, in order; none shows the platform's "OK", which sends nothing.
    public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

/// A confirmation dialog (an action sheet) as data: like ``AlertState``, with a choice of whether the title shows.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(
///     title: "Share",
///     titleVisibility: .visible,
///     buttons: [ButtonState("Copy link", action: .copyLink), ButtonState(role: .cancel, "Cancel")]
/// )
/// ```
///
/// `Equatable`, `Hashable`, `Codable` and `Sendable` when its action is.
public struct ConfirmationDialogState<Action: Sendable> {
    /// Whether a dialog's title shows.
    public enum TitleVisibility: String, Hashable, Codable, Sendable {
        /// As the platform chooses.
        case automatic
        /// Always.
        case visible
        /// Never.
        case hidden
    }

    /// The dialog's title.
    public var title: String
    /// Whether the title shows.
    public var titleVisibility: TitleVisibility
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in order.
    public var buttons: [ButtonState<Action>]

    /// A confirmation dialog.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - titleVisibility: Whether the title shows; `.automatic` by default.
    ///   - message: The text under the title, if any.
    ///   - buttons: The buttons, in order.
    public init(
        title: String,
        titleVisibility: TitleVisibility = .automatic,
        message: String? = nil,
        buttons: [ButtonState<Action>]
    ) {
        self.title = title
        self.titleVisibility = titleVisibility
        self.message = message
        self.buttons = buttons
    }
}

/// One button of an ``AlertState`` or a ``ConfirmationDialogState``: its label, its role, and the action its tap
/// sends, if any.
///
/// ```swift
/// ButtonState(role: .destructive, "Delete", action: .confirmDeletion)
/// ButtonState(role: .cancel, "Cancel")              // dismisses, sends nothing
/// ```
public struct ButtonState<Action: Sendable> {
    /// What a button means, which the platform shows (a destructive button in red, a cancel button apart).
    public enum Role: String, Hashable, Codable, Sendable {
        /// Destroys data.
        case destructive
        /// Leaves things as they are.
        case cancel
    }

    /// The button's role, or `nil` for an ordinary button.
    public var role: Role?
    /// The button's label.
    public var label: String
    /// The action a tap sends to the presenting feature, or `nil` for a button that only dismisses.
    public var action: Action?

    /// A button.
    ///
    /// - Parameters:
    ///   - role: The button's role, or `nil` for an ordinary button.
    ///   - label: The button's label.
    ///   - action: The action a tap sends, or `nil` for a button that only dismisses.
    public init(role: Role? = nil, _ label: String, action: Action? = nil) {
        self.role = role
        self.label = label
        self.action = action
    }
}

extension AlertState: Sendable {}
extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Codable where Action: Codable {}
extension ConfirmationDialogState: Sendable {}
extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Codable where Action: Codable {}
extension ButtonState: Sendable {}
extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Codable where Action: Codable {}

/// An alert or a confirmation dialog: something presented whose buttons carry actions. Presented at a
/// ``ChildPlace`` and routed with ``ChildState/route(_:to:messages:)``, it tells the tapped button's action and goes
/// away.
///
/// ``AlertState`` and ``ConfirmationDialogState`` are the two.
public protocol ButtonPrompt {
    /// What a tap on one of the buttons asks the feature to do.
    associatedtype Action: Sendable
    /// The buttons, in order.
    var buttons: [ButtonState<Action>] { get }
}

extension AlertState: ButtonPrompt {}
extension ConfirmationDialogState: ButtonPrompt {}

extension AlertState: ChildState where Action: Equatable {
    /// A tap on a button of the alert: its action.
    public typealias Event = Action
    /// The tapped button's action, told to the presenting feature.
    public typealias Effect = PlannedEffect<Never, Action>

    /// Tells the presenting feature `action` when one of the buttons offers it; an action the alert does not offer — a
    /// tap on an earlier alert, arriving after this one took its place — tells nothing. The alert then goes away.
    public mutating func handle(event action: Action) -> Effect? {
        buttons.contains { $0.action == action } ? .tell(action) : nil
    }
}

extension ConfirmationDialogState: ChildState where Action: Equatable {
    /// A tap on a button of the dialog: its action.
    public typealias Event = Action
    /// The tapped button's action, told to the presenting feature.
    public typealias Effect = PlannedEffect<Never, Action>

    /// Tells the presenting feature `action` when one of the buttons offers it, as ``AlertState`` does.
    public mutating func handle(event action: Action) -> Effect? {
        buttons.contains { $0.action == action } ? .tell(action) : nil
    }
}
