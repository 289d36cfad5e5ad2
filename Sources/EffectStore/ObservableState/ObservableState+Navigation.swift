#if canImport(Observation)
    import Observation

    // The logic of SwiftUI's presentation and navigation bindings, as plain main-actor functions that a test calls on
    // Linux: EffectStoreSwiftUI only wraps them in SwiftUI's types (`Binding(_:)` over an `EventBinding`).

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ObservableState: Identifiable {
        // The identity of the object (`ObjectIdentifier(self)`, from the standard library): a child's projection is
        // made once per presentation, so `sheet(item:)` shows a new sheet exactly when a new presentation begins.
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ObservableState {
        /// A projection of the child presented at `slot`, for the child's view: it shows the child's state and sends
        /// the child's events, wrapped by `embed`, through this object. `nil` while no child is presented.
        ///
        /// ```swift
        /// if let editor = model.scope(\.editor, event: { Detail.Event.editor(.presented($0)) }) {
        ///     EditFormView(model: editor)   // model: ObservableState<EditForm, EditForm.Event>
        /// }
        /// ```
        ///
        /// The same object is returned for as long as the child stays presented; this object keeps it and hands it
        /// each new state of the child, right after applying its own, so a write through the child's bindings shows
        /// at once, as with any ``ObservableState``. When the child goes away (set to `nil`), the projection keeps
        /// the child's last state — what a sheet shows while it slides away — and receives nothing more; presented
        /// again, the child gets a new projection. (This object sees the states it applies: a dismissal and a new
        /// presentation that arrive from the store's queue in one burst, applied as the latest state, are one
        /// presentation to it.) An `Identifiable` child replaced by one with another `id` is a new presentation,
        /// with a new projection. Reading this registers, with Observation, whether a child is presented (and its
        /// `id`), not the child's properties: the parent's view is not re-rendered when only the child changes.
        ///
        /// `binding(presented:event:)` makes the binding `sheet(item:)` takes from this, and
        /// the navigation stack's destinations the projection of one screen of a stack.
        ///
        /// The projection holds this object weakly: once it is released, the child's events go nowhere. Main-actor
        /// isolated, like this object.
        ///
        /// - Parameters:
        ///   - slot: Where the state keeps the presented child.
        ///   - embed: Wraps a child's event in this object's event type, such as
        ///     `{ Detail.Event.editor(.presented($0)) }`.
        /// - Returns: The child's projection, or `nil` when no child is presented.
        public func scope<Child: ChildState>(
            _ slot: KeyPath<Value, Child?>,
            event embed: @escaping (Child.Event) -> Event
        ) -> ObservableState<Child, Child.Event>? {
            scope(
                slot, identifiedBy: presentationIdentity, registering: { _ = $0.observePresentationIdentity(at: slot) },
                event: embed)
        }

        /// The binding of a sheet or cover that shows the child presented at `slot`: it reads the child's projection
        /// (`scope(_:event:)`), and setting it to `nil` — the user dismissed the sheet — sends `.dismiss`.
        ///
        /// ```swift
        /// let editor = model.binding(presented: \.editor, event: Detail.Event.editor)
        /// editor.wrappedValue?.send(.titleChanged("Daily"))   // sends .editor(.presented(.titleChanged("Daily")))
        /// editor.wrappedValue = nil                           // sends .editor(.dismiss)
        ///
        /// .sheet(item: model.binding(presented: \.editor, event: Detail.Event.editor)) { EditFormView(model: $0) }
        /// ```
        ///
        /// Setting `nil` sends `embed(.dismiss)` only while a child is presented (a sheet closed by the state itself
        /// sends nothing back). Setting a projection is ignored: SwiftUI only ever writes `nil`, and a child is
        /// presented by an event of the app. Main-actor isolated, as SwiftUI reads and writes it.
        ///
        /// - Parameters:
        ///   - slot: Where the state keeps the presented child.
        ///   - embed: Wraps a presentation event in this object's event type, usually an enum case such as
        ///     `Detail.Event.editor`.
        /// - Returns: A binding whose value is the child's projection, or `nil`.
        public func binding<Child: ChildState>(
            presented slot: KeyPath<Value, Child?> & Sendable,
            event embed: @escaping @Sendable (PresentationEvent<Child.Event>) -> Event
        ) -> EventBinding<ObservableState<Child, Child.Event>?> {
            presentationBinding(of: slot, embed) { self.scope(slot) { embed(.presented($0)) } }
        }

        /// Whether something is presented at `slot` — an ``AlertState``, a ``ConfirmationDialogState``, any child —
        /// as the `isPresented:` binding of an alert or a dialog: setting it to `false` sends `.dismiss`.
        ///
        /// ```swift
        /// let isShown = model.binding(isPresented: \.alert, event: Detail.Event.alert)
        /// isShown.wrappedValue            // true while state.alert != nil
        /// isShown.wrappedValue = false    // sends .alert(.dismiss)
        /// ```
        ///
        /// Setting `false` sends `embed(.dismiss)` only while something is presented: after a button's action
        /// (``sendAction(of:event:)``) has taken the alert away, SwiftUI's closing write sends nothing more. Setting
        /// `true` is ignored: an alert is shown by an event of the app. Reading registers the presence alone with
        /// Observation. Main-actor isolated.
        ///
        /// - Parameters:
        ///   - slot: Where the state keeps what is presented.
        ///   - embed: Wraps a presentation event in this object's event type, such as `Detail.Event.alert`.
        /// - Returns: A binding that reads the presence and dismisses when set to `false`.
        public func binding<Item, ItemEvent>(
            isPresented slot: KeyPath<Value, Item?> & Sendable,
            event embed: @escaping @Sendable (PresentationEvent<ItemEvent>) -> Event
        ) -> EventBinding<Bool> {
            EventBinding(
                get: { self.observePresence(at: slot) },
                set: { if !$0 { self.sendDismissal(of: slot, embed) } }
            )
        }

        /// Sends what a tap on `button` of an alert or a dialog means: `.presented(action)` for a button with an
        /// action, nothing for a button without one (the dismissal that follows the tap sends `.dismiss`).
        ///
        /// ```swift
        /// Button(button.label) { model.sendAction(of: button, event: Detail.Event.alert) }
        /// ```
        ///
        /// The feature's ``ChildState/handleAlert(_:in:)`` takes the alert away and carries the action out, so the
        /// `false` SwiftUI then writes to ``binding(isPresented:event:)`` sends nothing. Main-actor isolated.
        ///
        /// - Parameters:
        ///   - button: The tapped button.
        ///   - embed: Wraps a presentation event in this object's event type, such as `Detail.Event.alert`.
        public func sendAction<Action>(
            of button: ButtonState<Action>,
            event embed: (PresentationEvent<Action>) -> Event
        ) {
            guard let action = button.action else { return }
            send(embed(.presented(action)))
        }

        /// The ids of the screens of the stack at `stack`, as the `path:` binding of a `NavigationStack`: setting a
        /// shorter path — the user went back — sends `.popFrom(id:)` for the first screen it leaves out.
        ///
        /// ```swift
        /// let path = model.binding(path: \.path, event: App.Event.path)
        /// path.wrappedValue                   // [0, 1, 2]
        /// path.wrappedValue = [0]             // sends .path(.popFrom(id: 1))
        ///
        /// NavigationStack(path: model.binding(path: \.path, event: App.Event.path)) { … }
        /// ```
        ///
        /// Only a path that is the current one with screens removed from the top sends an event; any other path —
        /// longer, reordered, with ids the stack never gave — is ignored, since screens are pushed by events of the
        /// app, never by the navigation stack. Reading registers the ids alone with Observation: the view that holds
        /// the `NavigationStack` is not re-rendered when only a screen's state changes. Main-actor isolated.
        ///
        /// - Parameters:
        ///   - stack: Where the state keeps its ``ScreenStack``.
        ///   - embed: Wraps a stack event in this object's event type, such as `App.Event.path`.
        /// - Returns: A binding of the screens' ids, bottom first.
        public func binding<Screen, ScreenEvent>(
            path stack: KeyPath<Value, ScreenStack<Screen>> & Sendable,
            event embed: @escaping @Sendable (StackEvent<ScreenEvent>) -> Event
        ) -> EventBinding<[StackElementID]> {
            EventBinding(
                get: { self[dynamicMember: stack.appending(path: \.ids)] },
                set: { self.sendPop(to: $0, in: stack, embed) }
            )
        }

        /// A projection of the screen with `id` on the stack at `stack`, for its destination view: what
        /// EffectStoreSwiftUI's `navigationDestination` adapter shows. It is ``scope(_:event:)``'s projection of the
        /// child at `path[id: id]`, sending the screen's events as `.element(id:_:)`, wrapped by `embed`: one object
        /// while the screen stays, its last state kept once it is popped; `nil` when the screen is not on the stack.
        /// Reading it registers nothing with Observation: the path binding (``binding(path:event:)``) registers the
        /// ids. Main-actor isolated.
        ///
        /// Not for apps: an interface of the package's SwiftUI adapters (`@_spi(Adapters) import EffectStore`), kept
        /// out of the public API.
        @_spi(Adapters)
        public func scope<Screen: ChildState>(
            screen id: StackElementID,
            in stack: KeyPath<Value, ScreenStack<Screen>>,
            event embed: @escaping (StackEvent<Screen.Event>) -> Event
        ) -> ObservableState<Screen, Screen.Event>? {
            // Registers nothing with Observation: the path binding registers the ids, and one member per screen ever
            // shown would be compared on every state from then on.
            scope(
                stack.appending(path: \.[id: id]), identifiedBy: { _ in true }, registering: { _ in },
                event: { embed(.element(id: id, $0)) }
            )
        }

        /// The projection of the child at `slot`, made once per presentation and kept in `childScopes`; `identity`
        /// tells two presentations apart, and `register` registers what a reader depends on with Observation.
        func scope<Child: ChildState, Identity: Equatable>(
            _ slot: KeyPath<Value, Child?>,
            identifiedBy identity: @escaping (Child) -> Identity,
            registering register: (ObservableState) -> Void,
            event embed: @escaping (Child.Event) -> Event
        ) -> ObservableState<Child, Child.Event>? {
            register(self)
            guard let child = storage[keyPath: slot] else { return nil }
            // Made below for this `slot`, whose type names `Child`: the cast does not fail.
            if let scope = childScopes[slot], scope.shows(storage),
                let projection = scope.projection as? ObservableState<Child, Child.Event>
            {
                return projection
            }
            let presented = identity(child)
            let projection = ObservableState<Child, Child.Event>(scopedState: child) { [weak self] event in
                self?.send(embed(event))
            }
            childScopes[slot] = ChildScope(
                projection: projection,
                shows: { parent in parent[keyPath: slot].map { identity($0) == presented } ?? false },
                update: { parent in
                    guard let child = parent[keyPath: slot], identity(child) == presented else { return false }
                    projection.receiveScoped(child)
                    return true
                }
            )
            return projection
        }

        /// Hands each child projection its child's state in `value`, just applied; drops those whose child went away.
        @usableFromInline
        func updateChildScopes(_ value: Value) {
            for (slot, scope) in childScopes where !scope.update(value) {
                // Only the scope seen here: an observer called while a child's state was shown may have made anew.
                if childScopes[slot]?.projection === scope.projection { childScopes[slot] = nil }
            }
        }

        /// Shows `value`, handed down by the parent projection, as a state delivered by a source is shown.
        func receiveScoped(_ value: Value) {
            // Through the inbox, so that a state handed down while this object applies one waits for it. The inbox's
            // hop flag stays set: a projection without a source never schedules a hop.
            _ = inbox.deposit(value)
            applyDelivered(endingHop: false)
        }

        /// A binding that reads `projection` and sends `embed(.dismiss)` when set to `nil`, while a child is presented.
        private func presentationBinding<Child: ChildState>(
            of slot: KeyPath<Value, Child?> & Sendable,
            _ embed: @escaping @Sendable (PresentationEvent<Child.Event>) -> Event,
            projection: @escaping @MainActor @Sendable () -> ObservableState<Child, Child.Event>?
        ) -> EventBinding<ObservableState<Child, Child.Event>?> {
            EventBinding(get: projection, set: { if $0 == nil { self.sendDismissal(of: slot, embed) } })
        }

        /// Whether something is at `slot`, registered with Observation: a reader is notified when that changes.
        ///
        /// Registered under a key path of its own, `\.[presenceAt: slot]`, rather than under `slot` with a property
        /// appended: the runtime crashes reading a key path appended to one that ends in optional chaining
        /// (`\.destination?.alert`) when the chain meets `nil`.
        func observePresence<Item>(at slot: KeyPath<Value, Item?>) -> Bool {
            observeDerived(\.[presenceAt: slot]) { $0[keyPath: slot] != nil }
        }

        /// What is at `slot` as a presentation: `nil` when nothing is, and its `id` when it is `Identifiable` —
        /// registered with Observation as ``observePresence(at:)`` registers presence.
        func observePresentationIdentity<Item>(at slot: KeyPath<Value, Item?>) -> AnyHashable?? {
            observeDerived(\.[presentationIdentityAt: slot]) { $0[keyPath: slot].map(presentationIdentity) }
        }

        /// `read` of the state, registered with Observation under `name` like a property read through the object:
        /// its observers are notified when a new state changes it.
        func observeDerived<Derived: Equatable>(
            _ name: KeyPath<ObservableState, Derived>,
            read: @escaping (Value) -> Derived
        ) -> Derived {
            members[memberIndex[name] ?? track(ObservedMember(named: name, read: read), for: name)].access(self)
            return read(storage)
        }

        /// Whether something is at `slot`: the name ``observePresence(at:)`` registers.
        subscript<Item>(presenceAt slot: KeyPath<Value, Item?>) -> Bool { storage[keyPath: slot] != nil }

        /// What is at `slot` as a presentation: the name ``observePresentationIdentity(at:)`` registers.
        subscript<Item>(presentationIdentityAt slot: KeyPath<Value, Item?>) -> AnyHashable?? {
            storage[keyPath: slot].map(presentationIdentity)
        }

        /// Sends `embed(.dismiss)` while something is presented at `slot`.
        private func sendDismissal<Item, ItemEvent>(
            of slot: KeyPath<Value, Item?>,
            _ embed: (PresentationEvent<ItemEvent>) -> Event
        ) {
            guard storage[keyPath: slot] != nil else { return }
            send(embed(.dismiss))
        }

        /// Sends `.popFrom(id:)` for the first screen `ids` leaves out, when `ids` is the stack's path shortened.
        private func sendPop<Screen, ScreenEvent>(
            to ids: [StackElementID],
            in stack: KeyPath<Value, ScreenStack<Screen>>,
            _ embed: (StackEvent<ScreenEvent>) -> Event
        ) {
            let current = storage[keyPath: stack].ids
            guard ids.count < current.count, current.starts(with: ids) else { return }
            send(embed(.popFrom(id: current[ids.count])))
        }
    }
    /// What tells one presentation of `child` from the next: its `id` when it is `Identifiable` (a child replaced by
    /// one with another `id` is a new presentation), and nothing otherwise (a child stays one presentation until it
    /// goes away).
    func presentationIdentity<Child>(_ child: Child) -> AnyHashable? {
        func id<Item: Identifiable>(of item: Item) -> AnyHashable { AnyHashable(item.id) }
        return (child as? any Identifiable).map { id(of: $0) }
    }
#endif
