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

/// An alert or a confirmation dialog: something presented whose buttons carry actions, answered with
/// ``ChildState/handleAlert(_:in:)``.
///
/// ``AlertState`` and ``ConfirmationDialogState`` are the two; the protocol lets one verb answer both.
public protocol ButtonPrompt {
    /// What a tap on one of the buttons asks the feature to do.
    associatedtype Action
    /// The buttons, in order.
    var buttons: [ButtonState<Action>] { get }
}

extension AlertState: ButtonPrompt {}
extension ConfirmationDialogState: ButtonPrompt {}

extension ChildState {
    /// Dismisses the alert or confirmation dialog at `slot` for a tap on one of its buttons or for its dismissal,
    /// and returns the tapped button's action.
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
    /// case .shareDialog(let event):
    ///     switch state.handleAlert(event, in: \.shareDialog) {   // a ConfirmationDialogState
    ///     case .copyLink?: return .copyLink(state.meeting.id)
    ///     case nil: return nil
    ///     }
    /// ```
    ///
    /// A tap meant for an alert that is gone never acts: an action when no alert is shown — a late tap, a second
    /// event for one tap — and an action the alert shown now does not offer — a tap on an earlier alert, arriving
    /// after another took its place — are ignored: nothing changes and the result is `nil`. The shown alert is
    /// known by the actions of its buttons, so two alerts shown one after the other that offer the same action are
    /// not told apart: give their actions values of their own (`.confirmDeletion(id)`) when that matters. A
    /// dismissal carries no action, and dismisses the alert shown.
    ///
    /// - Parameters:
    ///   - event: The tapped button's action, or the dismissal.
    ///   - slot: Where the feature keeps the alert or dialog.
    /// - Returns: The action to carry out, or `nil` when there is none.
    public mutating func handleAlert<Prompt: ButtonPrompt>(
        _ event: PresentationEvent<Prompt.Action>,
        in slot: WritableKeyPath<Self, Prompt?>
    ) -> Prompt.Action? where Prompt.Action: Equatable {
        takeAction(event, dismissing: slot, offered: { $0.buttons })
    }

    /// ``handleAlert(_:in:)`` for an alert or dialog held in one case of an optional destination enum, read through
    /// a property of the enum that returns that case's alert — the property a view names the alert by, too
    /// (`.alert(\.destination?.alert, in: model, event: …)`): when the destination at `slot` is that alert, it is
    /// dismissed and the tapped button's action returned.
    ///
    /// ```swift
    /// enum Destination: ChildState {
    ///     case edit(EditForm)
    ///     case alert(AlertState<AlertAction>)
    ///     var alert: AlertState<AlertAction>? { if case .alert(let alert) = self { alert } else { nil } }
    ///     // …
    /// }
    ///
    /// case .alert(let event):
    ///     switch state.handleAlert(event, in: \.destination, case: \.alert) {
    ///     case .confirmDeletion?: return state.delete()
    ///     case nil: return nil
    ///     }
    /// ```
    ///
    /// An event while another destination shows, or an action the alert shown does not offer, is ignored.
    ///
    /// - Parameters:
    ///   - event: The tapped button's action, or the dismissal.
    ///   - slot: Where the feature keeps its destination.
    ///   - alert: The destination's property that returns its alert when it is the alert's case, and `nil` otherwise.
    /// - Returns: The action to carry out, or `nil` when there is none (or another destination is shown).
    public mutating func handleAlert<Destination, Prompt: ButtonPrompt>(
        _ event: PresentationEvent<Prompt.Action>,
        in slot: WritableKeyPath<Self, Destination?>,
        case alert: KeyPath<Destination, Prompt?>
    ) -> Prompt.Action? where Prompt.Action: Equatable {
        takeAction(event, dismissing: slot, offered: { $0[keyPath: alert]?.buttons })
    }

    /// Sets `slot` to `nil` and returns the tapped button's action; `nil`, changing nothing, when nothing is shown,
    /// or when `offered` — the buttons of what is shown, `nil` when it is not an alert of this kind — offers no
    /// button with the action.
    private mutating func takeAction<Shown, Action: Equatable>(
        _ event: PresentationEvent<Action>,
        dismissing slot: WritableKeyPath<Self, Shown?>,
        offered: (Shown) -> [ButtonState<Action>]?
    ) -> Action? {
        guard let shown = self[keyPath: slot], let buttons = offered(shown) else { return nil }
        guard case .presented(let action) = event else {
            self[keyPath: slot] = nil
            return nil
        }
        guard buttons.contains(where: { $0.action == action }) else { return nil }
        self[keyPath: slot] = nil
        return action
    }
}
