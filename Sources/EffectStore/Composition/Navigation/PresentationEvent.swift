/// An event for a presented child — a sheet, a cover, a popover, an alert: one of the child's own events, or its
/// dismissal by the user.
///
/// The parent wraps it in one case of its own event, and routes it with
/// ``ChildState/route(_:to:)``, at the child's ``ChildPlace``, which hands `.presented` events to the
/// child while it is there and sets the child to `nil` on `.dismiss`:
///
/// ```swift
/// enum Event: Sendable {
///     case editTapped
///     case editor(PresentationEvent<EditForm.Event>)   // the sheet's events, and its dismissal
/// }
/// ```
///
/// A view sends `.dismiss` when the user dismisses the presentation (a swipe down, which SwiftUI's `sheet(item:)`
/// reports by setting its binding to `nil`), so that the state follows the screen: `ObservableState`'s
/// `ObservableState.binding(_:)` of the child's place sends it for you. See
/// <doc:Navigation>.
public enum PresentationEvent<ChildEvent> {
    /// One of the presented child's events. Ignored when nothing is presented: a late event for a dismissed child.
    case presented(ChildEvent)
    /// The user dismissed the presentation: the parent sets it to `nil`, which ends the child's effects.
    case dismiss
}

extension PresentationEvent: Sendable where ChildEvent: Sendable {}
extension PresentationEvent: Equatable where ChildEvent: Equatable {}
extension PresentationEvent: Hashable where ChildEvent: Hashable {}
extension PresentationEvent: Codable where ChildEvent: Codable {}
