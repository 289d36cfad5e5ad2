import EffectStore

/// A settings screen, as a newcomer ports it from TCA: two bound fields (a toggle and a text field), a debounced check
/// of the name, a save the user can cancel, and an alert when the save fails.
///
/// Both fields are set by one event, ``Event/binding(_:)``, whose one branch applies every field; the name also asks
/// for a check 300 ms after the last keystroke. The save is a cancellable effect that its handler performs with
/// `EffectAnswer.run(catching:mapError:)`: cancelling it stops the request, and its late answer is never handled.
public struct SettingsForm: State, Equatable {
    public var notificationsOn = false
    public var displayName = ""
    /// What is wrong with ``displayName``, once checked; `nil` when it is fine or not checked yet.
    public var nameProblem: String?
    public var isSaving = false
    /// The save-failed alert, while it shows.
    public var alert: AlertState<AlertAction>?

    public init() {}

    /// What the save-failed alert's buttons do.
    public enum AlertAction: Equatable, Sendable {
        case retry
    }

    public enum Event: BindableEvent, Equatable {
        /// The view set a field: the toggle, or the name as typed.
        case binding(BindingEvent<SettingsForm>)
        /// The answer of the name check.
        case nameChecked(problem: String?)
        case saveTapped
        case cancelSaveTapped
        case saved
        case saveFailed(String)
        /// A tap on a button of the save-failed alert, or its dismissal.
        case alert(PresentationEvent<AlertAction>)
    }

    public enum Work: Sendable, Equatable {
        /// Check that the name is free; answers ``Event/nameChecked(problem:)``.
        case checkName(String)
        /// Save the settings; answers ``Event/saved`` or ``Event/saveFailed(_:)``.
        case save(notificationsOn: Bool, displayName: String)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// The ids of the form's effects.
    public enum ID: Hashable, Sendable {
        case nameCheck
        case save
    }

    public static var initialState: SettingsForm { SettingsForm() }

    /// The save-failed alert: a tap on a button tells its action, and the alert goes away.
    public static let alert = ChildPlace(\SettingsForm.alert, event: Event.alert)
    public static let places: ChildPlaces<SettingsForm> = [alert]

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .binding(let binding):
            binding.apply(to: &self)
            guard case \.displayName = binding else { return nil }
            nameProblem = nil
            if displayName.isEmpty { return .cancel(id: ID.nameCheck) }
            return Effect.work(.checkName(displayName)).debounced(id: ID.nameCheck, for: .milliseconds(300))
        case .nameChecked(let problem):
            nameProblem = problem
            return nil
        case .saveTapped:
            guard !isSaving, !displayName.isEmpty, nameProblem == nil else { return nil }
            return save()
        case .cancelSaveTapped:
            isSaving = false
            return .cancel(id: ID.save)
        case .saved:
            isSaving = false
            return nil
        case .saveFailed(let reason):
            isSaving = false
            alert = AlertState(
                title: "Could not save", message: reason,
                buttons: [ButtonState("Try again", action: .retry), ButtonState(role: .cancel, "Cancel")])
            return nil
        case .alert(let event):
            return route(event, to: Self.alert) { form, action in
                switch action {
                case .retry: form.save()
                }
            }
        }
    }

    /// Starts saving what the form holds, replacing a save in flight.
    private mutating func save() -> Effect {
        isSaving = true
        return Effect.work(.save(notificationsOn: notificationsOn, displayName: displayName))
            .cancellable(id: ID.save, cancelInFlight: true)
    }
}
