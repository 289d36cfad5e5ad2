#if canImport(Observation)
    import EffectStore
    import Observation

    // The logic of SwiftUI's presentation and navigation bindings, as plain main-actor functions that a test calls on
    // Linux: EffectStoreSwiftUI only wraps them in SwiftUI's types (`Binding(_:)` over an `EventBinding`).

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ObservableState: Identifiable {
        // The identity of the object (`ObjectIdentifier(self)`, from the standard library): a child's projection is
        // made once per presentation, so `sheet(item:)` shows a new sheet exactly when a new presentation begins.
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ObservableState where Value: ChildState, Value.Effect: ComposableEffect, Event == Value.Event {
        /// A projection of the child at `place` — presented, in a property, or in an enum case — for the child's view:
        /// it shows the child's state and sends the child's events, embedded as the place says, through this object.
        /// `nil` while no child is there.
        ///
        /// ```swift
        /// if let editor = model.scope(Detail.editor) {
        ///     EditFormView(model: editor)   // model: ObservableState<EditForm, EditForm.Event>
        /// }
        /// if let alert = model.scope(Detail.alert) {
        ///     Button("Delete") { alert.send(.confirmDeletion) }   // the alert's button: sends its action
        /// }
        /// ```
        ///
        /// The same object is returned for as long as the child stays; this object keeps it and hands it each new
        /// state of the child, right after applying its own, so a write through the child's bindings shows at once, as
        /// with any ``ObservableState``. When the child goes away, the projection keeps the child's last state — what a
        /// sheet shows while it slides away — and receives nothing more; presented again, the child gets a new
        /// projection. (This object sees the states it applies: a dismissal and a new presentation that arrive from the
        /// store's queue in one burst, applied as the latest state, are one presentation to it.) An `Identifiable`
        /// child replaced by one with another `id` is a new presentation, with a new projection. Reading this
        /// registers, with Observation, whether a child is there (and its `id`), not the child's properties: the
        /// parent's view is not re-rendered when only the child changes.
        ///
        /// The projection holds this object weakly: once it is released, the child's events go nowhere. Main-actor
        /// isolated, like this object.
        ///
        /// - Parameter place: The place of one child, which this object's state declares.
        /// - Returns: The child's projection, or `nil` when no child is there.
        public func scope<Holder>(
            _ place: ChildPlace<Value, Holder>
        ) -> ObservableState<Holder.Child, Holder.Child.Event>? where Holder.PlaceAddress == Never? {
            let read: (Value) -> Holder.Child? = { place.read($0).flatMap(Holder._child(in:)) }
            return scope(
                read, key: ObjectIdentifier(place), identifiedBy: { identity(of: $0) },
                registering: { _ = $0.observePresentationIdentity(of: place, read: read) },
                event: { place.embedEvent(Holder._event($0, at: nil)) })
        }

        /// The binding of a sheet or cover that shows the child presented at `place`: it reads the child's projection
        /// (``scope(_:)``), and setting it to `nil` — the user dismissed the sheet — sends the place's `.dismiss`.
        ///
        /// ```swift
        /// let editor = model.binding(Detail.editor)
        /// editor.wrappedValue?.send(.titleChanged("Daily"))   // sends .editor(.presented(.titleChanged("Daily")))
        /// editor.wrappedValue = nil                           // sends .editor(.dismiss)
        ///
        /// .sheet(item: model.binding(Detail.editor)) { EditFormView(model: $0) }
        /// ```
        ///
        /// Setting `nil` sends the dismissal only while a child is presented (a sheet closed by the state itself sends
        /// nothing back). Setting a projection is ignored: SwiftUI only ever writes `nil`, and a child is presented by
        /// an event of the app. An alert or a dialog is presented the same way: EffectStoreSwiftUI's adapters read
        /// whether it is there from this binding, and its buttons send their actions through its projection. Main-actor
        /// isolated, as SwiftUI reads and writes it.
        ///
        /// - Parameter place: The place of the presented child, which this object's state declares.
        /// - Returns: A binding whose value is the child's projection, or `nil`.
        public func binding<Child>(
            _ place: ChildPlace<Value, Child?>
        ) -> EventBinding<ObservableState<Child, Child.Event>?> {
            EventBinding(
                get: { self.scope(place) },
                set: { if $0 == nil, self.storage[keyPath: place.storedPath] != nil { self.send(place.embedEvent(.dismiss)) } }
            )
        }

        /// The ids of the screens of the stack at `place`, as the `path:` binding of a `NavigationStack`: setting a
        /// shorter path — the user went back — sends `.popFrom(id:)` for the first screen it leaves out.
        ///
        /// ```swift
        /// let path = model.binding(App.path)
        /// path.wrappedValue                   // [0, 1, 2]
        /// path.wrappedValue = [0]             // sends .path(.popFrom(id: 1))
        ///
        /// NavigationStack(path: model.binding(App.path)) { … }
        /// ```
        ///
        /// Only a path that is the current one with screens removed from the top sends an event; any other path —
        /// longer, reordered, with ids the stack never gave — is ignored, since screens are pushed by events of the
        /// app, never by the navigation stack. Reading registers the ids alone with Observation: the view that holds
        /// the `NavigationStack` is not re-rendered when only a screen's state changes. Main-actor isolated.
        ///
        /// - Parameter place: The place of the stack, which this object's state declares.
        /// - Returns: A binding of the screens' ids, bottom first.
        public func binding<Screen>(_ place: ChildPlace<Value, ScreenStack<Screen>>) -> EventBinding<[StackElementID]> {
            let stack = place.storedPath
            return EventBinding(
                get: { self[dynamicMember: stack.appending(path: \.ids)] },
                set: { ids in
                    let current = self.storage[keyPath: stack].ids
                    guard ids.count < current.count, current.starts(with: ids) else { return }
                    self.send(place.embedEvent(.popFrom(id: current[ids.count])))
                }
            )
        }

        /// A projection of the screen with `id` on the stack at `place`, for its destination view: what
        /// EffectStoreSwiftUI's `navigationDestination` adapter shows. It is ``scope(_:)``'s projection of that screen,
        /// sending the screen's events as `.element(id:_:)`: one object while the screen stays, its last state kept
        /// once it is popped; `nil` when the screen is not on the stack. Reading it registers nothing with
        /// Observation: the path binding (``binding(_:)-(ChildPlace<Value,ScreenStack<Screen>>)``) registers the ids.
        /// Main-actor isolated.
        ///
        /// Not for apps: an interface of the package's SwiftUI adapters (`@_spi(Adapters) import EffectStoreObservation`), kept
        /// out of the public API.
        @_spi(Adapters)
        public func scope<Screen>(
            screen id: StackElementID,
            in place: ChildPlace<Value, ScreenStack<Screen>>
        ) -> ObservableState<Screen, Screen.Event>? {
            let stack = place.storedPath
            // Registers nothing with Observation: the path binding registers the ids, and one member per screen ever
            // shown would be compared on every state from then on.
            return scope(
                { $0[keyPath: stack][id: id] }, key: PlaceKey(place: ObjectIdentifier(place), screen: id),
                identifiedBy: { _ in true }, registering: { _ in },
                event: { place.embedEvent(.element(id: id, $0)) })
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ObservableState {
        /// The projection of the child `read` finds, made once per presentation and kept in `childScopes` under `key`;
        /// `identity` tells two presentations apart, and `register` registers what a reader depends on with
        /// Observation.
        func scope<Child: ChildState, Identity: Equatable>(
            _ read: @escaping (Value) -> Child?,
            key: AnyHashable,
            identifiedBy identity: @escaping (Child) -> Identity,
            registering register: (ObservableState) -> Void,
            event embed: @escaping (Child.Event) -> Event
        ) -> ObservableState<Child, Child.Event>? {
            register(self)
            guard let child = read(storage) else { return nil }
            // Made below for this `key`, which names one child type: the cast does not fail.
            if let scope = childScopes[key], scope.shows(storage),
                let projection = scope.projection as? ObservableState<Child, Child.Event>
            {
                return projection
            }
            let presented = identity(child)
            let projection = ObservableState<Child, Child.Event>(scopedState: child) { [weak self] event in
                self?.send(embed(event))
            }
            childScopes[key] = ChildScope(
                projection: projection,
                shows: { parent in read(parent).map { identity($0) == presented } ?? false },
                update: { parent in
                    guard let child = read(parent), identity(child) == presented else { return false }
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

        /// What `read` finds as a presentation — `nil` when nothing is there, and its `id` when it is `Identifiable` —
        /// registered with Observation under a name of `place`'s own: a reader is notified when that changes.
        func observePresentationIdentity<Child>(
            of place: AnyObject, read: @escaping (Value) -> Child?
        ) -> AnyHashable?? {
            observeDerived(\.[presentationIdentityOf: ObjectIdentifier(place)]) { read($0).map { identity(of: $0) } }
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

        /// The name ``observePresentationIdentity(of:read:)`` registers for a place: it is never read through, only
        /// named (the registration reads with its own function).
        subscript(presentationIdentityOf place: ObjectIdentifier) -> AnyHashable?? { nil }
    }
    /// The key of a screen's projection in `childScopes`: its stack's place and its id.
    struct PlaceKey: Hashable {
        let place: ObjectIdentifier
        let screen: StackElementID
    }
#endif
