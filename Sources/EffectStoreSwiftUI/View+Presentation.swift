// Sheets, covers, alerts and confirmation dialogs driven by an `ObservableState`: one-line adapters over the bindings
// of EffectStore (`binding(presented:event:)`, `binding(isPresented:event:)`, `sendAction(of:event:)`), whose logic is
// tested on Linux. Type-checked on Linux against a stand-in SwiftUI by `.ci/check-swiftui`.
#if canImport(SwiftUI)
import EffectStore
import SwiftUI

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension View {
    /// Presents a sheet while the binding holds a child's projection, and sends the dismissal when the user closes it.
    ///
    /// ```swift
    /// DetailView(model: model)
    ///     .sheet(item: model.binding(presented: \.editor, event: Detail.Event.editor)) { editor in
    ///         EditFormView(model: editor)   // editor: ObservableState<EditForm, EditForm.Event>
    ///     }
    /// ```
    ///
    /// SwiftUI's `sheet(item:onDismiss:content:)` over `Binding(item)`. A child's projection is made once per
    /// presentation, so a new child (or an `Identifiable` child with another `id`) shows a new sheet; a swipe down
    /// sends `.dismiss` (see `ObservableState.binding(presented:event:)`). Main-actor isolated.
    ///
    /// - Parameters:
    ///   - item: The presentation, from `ObservableState.binding(presented:event:)`.
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

    /// Presents an alert while the state holds one at `slot`; a tapped button sends its action, any other way the
    /// alert goes away sends the dismissal.
    ///
    /// ```swift
    /// DetailView(model: model)
    ///     .alert(\.alert, in: model, event: Detail.Event.alert)
    /// ```
    ///
    /// The alert's title, message and buttons come from the `AlertState`; each button has the SwiftUI role of its
    /// `ButtonState.role`. A tap sends `.presented(action)` for a button with an action
    /// (`ObservableState.sendAction(of:event:)`); the alert's closing then writes `false` to
    /// `ObservableState.binding(isPresented:event:)`, which sends `.dismiss` only if the alert is still in the
    /// state — after a button without an action, or the platform's "OK" when there are no buttons. SwiftUI runs a
    /// button's action before it writes `false`, which is what makes a tapped action arrive before any dismissal.
    /// Main-actor isolated.
    ///
    /// An alert held in one case of a destination enum is named through a property of the enum that returns that
    /// case's alert: `.alert(\.destination?.deleteAlert, in: model, event: { .destination(.deleteAlert($0)) })`.
    ///
    /// - Parameters:
    ///   - slot: Where the state keeps the alert.
    ///   - model: The projection of the presenting feature.
    ///   - embed: Wraps the alert's events in the feature's event type, such as `Detail.Event.alert`.
    /// - Returns: This view, presenting the alert.
    @MainActor
    public func alert<Value, Event, Action>(
        _ slot: KeyPath<Value, AlertState<Action>?> & Sendable,
        in model: ObservableState<Value, Event>,
        event embed: @escaping @Sendable (PresentationEvent<Action>) -> Event
    ) -> some View {
        let alert = model[dynamicMember: slot]
        return self.alert(
            alert?.title ?? "",
            isPresented: Binding(model.binding(isPresented: slot, event: embed)),
            presenting: alert,
            actions: { alert in
                ForEach(alert.buttons.indices, id: \.self) { index in
                    presentedButton(alert.buttons[index], in: model, event: embed)
                }
            },
            message: { alert in
                if let message = alert.message { Text(message) }
            }
        )
    }

    /// Presents a confirmation dialog while the state holds one at `slot`; a tapped button sends its action, any
    /// other way the dialog goes away sends the dismissal.
    ///
    /// ```swift
    /// MeetingRow(model: model)
    ///     .confirmationDialog(\.shareDialog, in: model, event: Meeting.Event.shareDialog)
    /// ```
    ///
    /// As `alert(_:in:event:)` does for an alert, with the dialog's `ConfirmationDialogState.titleVisibility` as
    /// SwiftUI's `Visibility`. Main-actor isolated.
    ///
    /// - Parameters:
    ///   - slot: Where the state keeps the dialog.
    ///   - model: The projection of the presenting feature.
    ///   - embed: Wraps the dialog's events in the feature's event type.
    /// - Returns: This view, presenting the dialog.
    @MainActor
    public func confirmationDialog<Value, Event, Action>(
        _ slot: KeyPath<Value, ConfirmationDialogState<Action>?> & Sendable,
        in model: ObservableState<Value, Event>,
        event embed: @escaping @Sendable (PresentationEvent<Action>) -> Event
    ) -> some View {
        let dialog = model[dynamicMember: slot]
        return confirmationDialog(
            dialog?.title ?? "",
            isPresented: Binding(model.binding(isPresented: slot, event: embed)),
            titleVisibility: visibility(of: dialog?.titleVisibility ?? .automatic),
            presenting: dialog,
            actions: { dialog in
                ForEach(dialog.buttons.indices, id: \.self) { index in
                    presentedButton(dialog.buttons[index], in: model, event: embed)
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
    ///     .fullScreenCover(item: model.binding(presented: \.onboarding, event: App.Event.onboarding)) { onboarding in
    ///         OnboardingView(model: onboarding)
    ///     }
    /// ```
    ///
    /// SwiftUI's `fullScreenCover(item:onDismiss:content:)` over `Binding(item)`, as `sheet(item:onDismiss:content:)`
    /// is for a sheet. iOS, tvOS, watchOS and visionOS (SwiftUI has no full-screen cover on macOS). Main-actor
    /// isolated.
    ///
    /// - Parameters:
    ///   - item: The presentation, from `ObservableState.binding(presented:event:)`.
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

/// The SwiftUI button of an alert's or a dialog's `button`: its label and role, and a tap that sends its action.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
private func presentedButton<Value, Event, Action>(
    _ button: ButtonState<Action>,
    in model: ObservableState<Value, Event>,
    event embed: @escaping @Sendable (PresentationEvent<Action>) -> Event
) -> Button<Text> {
    Button(role: button.role.map(buttonRole)) {
        model.sendAction(of: button, event: embed)
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
