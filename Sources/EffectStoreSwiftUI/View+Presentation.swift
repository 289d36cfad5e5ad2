// Sheets, covers, alerts and confirmation dialogs driven by an `ObservableState`: one-line adapters over the binding of
// a presented child's place and its projection in EffectStore (`binding(_:)`, `scope(_:)`), whose logic is tested on
// Linux. Type-checked on Linux against a stand-in SwiftUI by `.ci/check-swiftui`.
#if canImport(SwiftUI)
import EffectStore
import EffectStoreObservation
import SwiftUI

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension View {
    /// Presents a sheet while the binding holds a child's projection, and sends the dismissal when the user closes it.
    ///
    /// ```swift
    /// DetailView(model: model)
    ///     .sheet(item: model.binding(Detail.editor)) { editor in
    ///         EditFormView(model: editor)   // editor: ObservableState<EditForm, EditForm.Event>
    ///     }
    /// ```
    ///
    /// SwiftUI's `sheet(item:onDismiss:content:)` over `Binding(item)`. A child's projection is made once per
    /// presentation, so a new child (or an `Identifiable` child with another `id`) shows a new sheet; a swipe down
    /// sends `.dismiss` (see `ObservableState.binding(_:)`). Main-actor isolated.
    ///
    /// - Parameters:
    ///   - item: The presentation, from `ObservableState.binding(_:)` of the child's place.
    ///   - onDismiss: Called by SwiftUI once the sheet is gone.
    ///   - content: The sheet's view, given the child's projection.
    /// - Returns: This view, presenting the sheet.
    @MainActor
    public func sheet<Item: Identifiable, Content: View>(
        item: EventBinding<Item?>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        sheet(item: Binding(item), onDismiss: onDismiss, content: content)
    }

    /// Presents an alert while the binding holds its projection; a tapped button sends its action, any other way the
    /// alert goes away sends the dismissal.
    ///
    /// ```swift
    /// DetailView(model: model)
    ///     .alert(item: model.binding(Detail.alert))
    /// ```
    ///
    /// The alert's title, message and buttons come from the `AlertState`; each button has the SwiftUI role of its
    /// `ButtonState.role`. A tap sends the button's action to the alert, which tells it to the presenting feature and
    /// goes away; the alert's closing then writes `nil` to the binding, which sends the dismissal only if the alert is
    /// still there — after a button without an action, or the platform's "OK" when there are no buttons. Main-actor
    /// isolated.
    ///
    /// An alert held in one case of a destination enum is its own place in the enum: bind it through the destination's
    /// projection, `EventBinding(get: { model.binding(Detail.destination).wrappedValue?.scope(Destination.alert) },
    /// set: { if $0 == nil { model.binding(Detail.destination).wrappedValue = nil } })`.
    ///
    /// - Parameter item: The alert's presentation, from `ObservableState.binding(_:)` of its place.
    /// - Returns: This view, presenting the alert.
    @MainActor
    public func alert<Action: Equatable>(
        item: EventBinding<ObservableState<AlertState<Action>, Action>?>
    ) -> some View {
        let alert = item.wrappedValue
        return self.alert(
            alert?.title ?? "",
            isPresented: Binding(EventBinding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })),
            presenting: alert,
            actions: { alert in
                ForEach(alert.buttons.indices, id: \.self) { index in presentedButton(alert.buttons[index], of: alert) }
            },
            message: { alert in
                if let message = alert.message { Text(message) }
            }
        )
    }

    /// Presents a confirmation dialog while the binding holds its projection; a tapped button sends its action, any
    /// other way the dialog goes away sends the dismissal.
    ///
    /// ```swift
    /// MeetingRow(model: model)
    ///     .confirmationDialog(item: model.binding(Meeting.shareDialog))
    /// ```
    ///
    /// As `alert(item:)` does for an alert, with the dialog's `ConfirmationDialogState.titleVisibility` as SwiftUI's
    /// `Visibility`. Main-actor isolated.
    ///
    /// - Parameter item: The dialog's presentation, from `ObservableState.binding(_:)` of its place.
    /// - Returns: This view, presenting the dialog.
    @MainActor
    public func confirmationDialog<Action: Equatable>(
        item: EventBinding<ObservableState<ConfirmationDialogState<Action>, Action>?>
    ) -> some View {
        let dialog = item.wrappedValue
        return confirmationDialog(
            dialog?.title ?? "",
            isPresented: Binding(EventBinding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })),
            titleVisibility: visibility(of: dialog?.titleVisibility ?? .automatic),
            presenting: dialog,
            actions: { dialog in
                ForEach(dialog.buttons.indices, id: \.self) { index in
                    presentedButton(dialog.buttons[index], of: dialog)
                }
            },
            message: { dialog in
                if let message = dialog.message { Text(message) }
            }
        )
    }
}

#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || EFFECTSTORE_SWIFTUI_STANDIN
@available(iOS 17, tvOS 17, watchOS 10, *)
@available(macOS, unavailable)
extension View {
    /// Presents a full-screen cover while the binding holds a child's projection, and sends the dismissal when it
    /// closes.
    ///
    /// ```swift
    /// RootView(model: model)
    ///     .fullScreenCover(item: model.binding(App.onboarding)) { onboarding in
    ///         OnboardingView(model: onboarding)
    ///     }
    /// ```
    ///
    /// SwiftUI's `fullScreenCover(item:onDismiss:content:)` over `Binding(item)`, as `sheet(item:onDismiss:content:)`
    /// is for a sheet. iOS, tvOS, watchOS and visionOS (SwiftUI has no full-screen cover on macOS). Main-actor
    /// isolated.
    ///
    /// - Parameters:
    ///   - item: The presentation, from `ObservableState.binding(_:)` of the child's place.
    ///   - onDismiss: Called by SwiftUI once the cover is gone.
    ///   - content: The cover's view, given the child's projection.
    /// - Returns: This view, presenting the cover.
    @MainActor
    public func fullScreenCover<Item: Identifiable, Content: View>(
        item: EventBinding<Item?>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        fullScreenCover(item: Binding(item), onDismiss: onDismiss, content: content)
    }
}
#endif

/// The SwiftUI button of an alert's or a dialog's `button`: its label and role, and a tap that sends its action to the
/// alert or dialog, which tells it to the presenting feature.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
private func presentedButton<Prompt: ChildState, Action>(
    _ button: ButtonState<Action>,
    of prompt: ObservableState<Prompt, Action>
) -> Button<Text> {
    Button(role: button.role.map(buttonRole)) {
        if let action = button.action { prompt.send(action) }
    } label: {
        Text(button.label)
    }
}

/// SwiftUI's role for a button's role.
private func buttonRole<Action>(_ role: ButtonState<Action>.Role) -> ButtonRole {
    switch role {
    case .destructive: .destructive
    case .cancel: .cancel
    }
}

/// SwiftUI's visibility for a dialog's title visibility.
private func visibility<Action>(of titleVisibility: ConfirmationDialogState<Action>.TitleVisibility) -> Visibility {
    switch titleVisibility {
    case .automatic: .automatic
    case .visible: .visible
    case .hidden: .hidden
    }
}
#endif
