/// An alert as data: a title, a message and buttons whose taps are typed events of the presenting feature.
///
/// Keep it in an optional property of the presenting feature (or in a case of its destination enum); the view shows
/// it while it is there. A tapped button's ``ButtonState/action`` reaches the feature through
/// ``ChildState/handleAlert(_:in:)``; dismissing it any other way sends nothing but the dismissal. Tests compare
/// alerts with `==`:
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
public struct AlertState<Action> {
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
public struct ConfirmationDialogState<Action> {
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
public struct ButtonState<Action> {
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

extension AlertState: Sendable where Action: Sendable {}
extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Codable where Action: Codable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Codable where Action: Codable {}
extension ButtonState: Sendable where Action: Sendable {}
extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Codable where Action: Codable {}

extension ChildState {
    /// Dismisses the alert at `slot` for a tap on one of its buttons or for its dismissal, and returns the tapped
    /// button's action.
    ///
    /// A view sends `.presented(action)` when a button with an action is tapped and `.dismiss` when the alert goes
    /// away otherwise (a button with no action, the platform's "OK"). Either way the alert leaves the state here;
    /// the feature then does what the action says:
    ///
    /// ```swift
    /// case .alert(let event):
    ///     switch state.handleAlert(event, in: \.alert) {
    ///     case .confirmDeletion?: return state.delete()
    ///     case nil: return nil
    ///     }
    /// ```
    ///
    /// An action for an alert that is no longer shown — a late tap, or a second event for one tap — is ignored and
    /// returns `nil`.
    ///
    /// - Parameters:
    ///   - event: The tapped button's action, or the dismissal.
    ///   - slot: Where the feature keeps the alert.
    /// - Returns: The action to carry out, or `nil` when there is none.
    public mutating func handleAlert<Action>(
        _ event: PresentationEvent<Action>,
        in slot: WritableKeyPath<Self, AlertState<Action>?>
    ) -> Action? {
        takeAction(event, dismissing: slot)
    }

    /// ``handleAlert(_:in:)`` for a confirmation dialog: dismisses the dialog at `slot` and returns the tapped
    /// button's action.
    ///
    /// - Parameters:
    ///   - event: The tapped button's action, or the dismissal.
    ///   - slot: Where the feature keeps the dialog.
    /// - Returns: The action to carry out, or `nil` when there is none.
    public mutating func handleConfirmationDialog<Action>(
        _ event: PresentationEvent<Action>,
        in slot: WritableKeyPath<Self, ConfirmationDialogState<Action>?>
    ) -> Action? {
        takeAction(event, dismissing: slot)
    }

    /// ``handleAlert(_:in:)`` for an alert held in one case of an optional destination enum: when the destination
    /// at `slot` is that alert, it is dismissed and the tapped button's action returned.
    ///
    /// ```swift
    /// case .destination(.deleteAlert(let event)):
    ///     let action = state.handleAlert(event, in: \.destination, case: .deleteAlert)
    ///     guard action == .confirmDeletion else { return nil }
    ///     return state.delete()
    /// ```
    ///
    /// - Parameters:
    ///   - event: The tapped button's action, or the dismissal.
    ///   - slot: Where the feature keeps its destination.
    ///   - enumCase: The destination's case that holds the alert.
    /// - Returns: The action to carry out, or `nil` when there is none (or another destination is shown).
    public mutating func handleAlert<Destination, Action>(
        _ event: PresentationEvent<Action>,
        in slot: WritableKeyPath<Self, Destination?>,
        case enumCase: EnumCase<Destination, AlertState<Action>>
    ) -> Action? {
        guard let destination = self[keyPath: slot], enumCase.extract(from: destination) != nil else { return nil }
        return takeAction(event, dismissing: slot)
    }

    /// Sets `slot` to `nil` and returns the tapped button's action; `nil`, changing nothing, when nothing is shown.
    private mutating func takeAction<Shown, Action>(
        _ event: PresentationEvent<Action>,
        dismissing slot: WritableKeyPath<Self, Shown?>
    ) -> Action? {
        guard self[keyPath: slot] != nil else { return nil }
        self[keyPath: slot] = nil
        if case .presented(let action) = event { return action }
        return nil
    }
}
