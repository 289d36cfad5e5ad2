// A `NavigationStack` driven by a `ScreenStack` in an `ObservableState`: one-line adapters over EffectStore's
// `binding(_:)` of a stack's place and `scope(screen:in:)`, whose logic is tested on Linux. Type-checked on Linux against
// a stand-in SwiftUI by `.ci/check-swiftui`.
#if canImport(SwiftUI)
import EffectStore
@_spi(Adapters) import EffectStoreObservation
import SwiftUI

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension NavigationStack where Data == [StackElementID] {
    /// A navigation stack whose path is the ids of a `ScreenStack`: the back button and the swipe send `.popFrom(id:)`.
    ///
    /// ```swift
    /// NavigationStack(path: model.binding(App.path)) {
    ///     MeetingListView(model: model)
    ///         .navigationDestination(for: App.path, in: model) { screen in
    ///             ScreenView(model: screen)
    ///         }
    /// }
    /// ```
    ///
    /// SwiftUI's `NavigationStack(path:root:)` over `Binding(path)`. Screens are pushed by the app's events (a button
    /// sends `.meetingTapped(meeting)`, the state pushes), not by `NavigationLink(value:)`: the stack gives the ids. A
    /// path SwiftUI shortens sends `.popFrom(id:)` for the first screen it leaves out; any other path it writes is
    /// ignored (see `ObservableState.binding(_:)`). Main-actor isolated.
    ///
    /// - Parameters:
    ///   - path: The stack's ids, from `ObservableState.binding(_:)`.
    ///   - root: The view under every screen.
    @MainActor
    public init(path: EventBinding<[StackElementID]>, @ViewBuilder root: () -> Root) {
        self.init(path: Binding(path), root: root)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension View {
    /// Shows each screen of the stack at `stack` with `destination`, given the screen's projection: its state, and a
    /// `send` that reaches the feature as `.element(id:_:)`.
    ///
    /// ```swift
    /// MeetingListView(model: model)
    ///     .navigationDestination(for: App.path, in: model) { screen in
    ///         switch screen.state {
    ///         case .detail: DetailView(model: screen)
    ///         case .record: RecordView(model: screen)
    ///         }
    ///     }
    /// ```
    ///
    /// SwiftUI's `navigationDestination(for: StackElementID.self)`, whose destination is the projection
    /// `ObservableState.scope(screen:in:)` makes: one object while the screen stays on the stack. An id no
    /// longer on the stack shows nothing. Put it inside the `NavigationStack` made with `init(path:root:)`. Main-actor
    /// isolated.
    ///
    /// - Parameters:
    ///   - stack: The place of the stack, which the feature declares.
    ///   - model: The projection of the feature that holds the stack.
    ///   - destination: The view of one screen, given its projection.
    /// - Returns: This view, with the destination of the stack's ids.
    @MainActor
    public func navigationDestination<Value: ChildState, Screen: ChildState, Destination: View>(
        for stack: ChildPlace<Value, ScreenStack<Screen>>,
        in model: ObservableState<Value, Value.Event>,
        @ViewBuilder destination: @escaping (ObservableState<Screen, Screen.Event>) -> Destination
    ) -> some View {
        navigationDestination(for: StackElementID.self) { id in
            if let screen = model.scope(screen: id, in: stack) { destination(screen) }
        }
    }
}
#endif
