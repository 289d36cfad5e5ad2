/// An event for a ``ScreenStack``: one screen's own event, or the user going back.
///
/// The parent wraps it in one case of its own event and routes it with
/// ``ChildState/route(_:to:)``, at the stack's ``ChildPlace``:
///
/// ```swift
/// enum Event: Sendable {
///     case path(StackEvent<Screen.Event>)
///     // …
/// }
/// ```
///
/// A view sends `.popFrom(id:)` when the user goes back (the back button, a swipe: what SwiftUI's
/// `NavigationStack(path:)` reports as a shorter path), so that the state follows the screen:
/// `ObservableState.binding(_:)` of the stack's place sends it for you.
public enum StackEvent<ScreenEvent> {
    /// An event of the screen with `id`. Ignored when that screen is not on the stack: a late event for a popped
    /// screen.
    case element(id: StackElementID, ScreenEvent)
    /// The user went back from the screen with `id`: it and every screen above it are popped. Ignored when `id` is
    /// not on the stack.
    case popFrom(id: StackElementID)
}

extension StackEvent: Sendable where ScreenEvent: Sendable {}
extension StackEvent: Equatable where ScreenEvent: Equatable {}
extension StackEvent: Hashable where ScreenEvent: Hashable {}
extension StackEvent: Codable where ScreenEvent: Codable {}
