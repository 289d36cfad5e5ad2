#if canImport(Observation)
    import EffectStore
    import Dispatch
    import Observation

    /// A store's state — or a ``/EffectStore/DerivedState`` of it — as an `Observable` object on the main actor, for SwiftUI.
    ///
    /// Read the state's properties on the object itself; a view re-renders only when a property it read changes.
    /// Write by sending an event, or through a binding that sends one:
    ///
    /// ```swift
    /// struct SearchView: View {
    ///     let model: ObservableState<SearchState, SearchState.Event>
    ///
    ///     var body: some View {
    ///         TextField("Search", text: Binding(model.binding(\.query, to: SearchState.Event.queryChanged)))
    ///         List(model.results, id: \.self) { Text($0) }
    ///         Button("Clear") { model.send(.clear) }
    ///     }
    /// }
    ///
    /// let model = ObservableState(Store<SearchState>(effectHandler: SearchEffects()))   // keeps its store alive
    /// SearchView(model: model)
    /// ```
    ///
    /// ## What notifies
    ///
    /// Reading a property through the object (`model.query`, by dynamic member lookup) registers that property with
    /// Observation, so `withObservationTracking` — and a SwiftUI view's `body` — sees exactly which properties were
    /// read. When a new state arrives, a property notifies its observers only if its value changed: an `Equatable`
    /// property is compared with `==`; a property that is not `Equatable` notifies on every new state. ``state``
    /// (the whole value) notifies when the state changed (every new state when `Value` is not `Equatable`). Only
    /// properties read through the object are tracked: `model.user.name` registers `user`, compared as a whole.
    ///
    /// ## Writes are synchronous
    ///
    /// ``send(_:)`` — and a binding's setter, which calls it — dispatches the event and, when called from outside
    /// any store's callbacks (a view, a button action: the usual case), applies the resulting state before it
    /// returns, so the very next read shows it: after `binding.wrappedValue = "obs"`, `model.query` is `"obs"`.
    /// Called from inside a store's callback, the event is handled asynchronously (see <doc:Threading>) and
    /// its state arrives like any other.
    ///
    /// ## Threading
    ///
    /// The object is isolated to the main actor. States the source delivers on its store's queue are handed to the
    /// main queue: a burst of states is applied as the latest one, in one main-queue hop, and the object never goes
    /// back to an older state than one it has shown.
    ///
    /// ## Lifetime
    ///
    /// The object keeps the store it sends events to alive, as a view model keeps its services: made with ``init(_:)``
    /// or ``init(_:dispatchingTo:)``, it holds that store strongly, so keeping the object (in a view's `@State`, in
    /// your app or scene) keeps the feature running, and releasing it releases the store, unless you keep the store
    /// too. It also holds a subscription to the source, cancelled when the object is released. The subscription holds
    /// the object weakly, so the store and the object form no cycle; do not hold the object in the store's effect
    /// handler or event source, which would make one. With ``init(_:send:)``, it keeps `send` and what `send` captures.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @dynamicMemberLookup
    public final class ObservableState<Value: Sendable, Event>: Observable {
        // The paths a dispatch takes are `@inlinable`, like the store's, so that `ObservableState<YourState, …>` and
        // the store calls it makes are specialised in your module (unspecialised, a send would spend most of its time
        // in generic metadata look-ups). What they touch is therefore visible to inlinable code; none of it is public
        // API.

        // `@exclusivity(unchecked)` on the `var`s below: the benchmark's `observable.update` target (≤ 3× dispatch)
        // needs it. They are confined to the main actor, and every access is a single read or write that ends before
        // any callback runs (an observer's `willSet` may read a property, which appends to `members`), so no two
        // accesses overlap.

        /// The state shown; changed only by `apply(_:)`.
        @exclusivity(unchecked) @usableFromInline var storage: Value
        @usableFromInline let registrar = ObservationRegistrar()
        /// Sends an event to the store; keeps what it captures (the store, for ``init(_:)``) alive.
        @usableFromInline let sendEvent: (Event) -> Void
        /// States delivered by the source, waiting to be applied on the main actor.
        @usableFromInline let inbox = StateInbox<Value>()
        /// The subscription to the source; cancelled when this object is released.
        @exclusivity(unchecked) @usableFromInline var token: SubscriptionToken?
        /// `==` when `Value` is `Equatable`, to tell whether ``state`` changed.
        @usableFromInline let isEqual: RuntimeEquality<Value>?
        /// True while `applyDelivered(endingHop:)` runs, so that a nested call leaves its state to it.
        @exclusivity(unchecked) @usableFromInline var isApplying = false
        /// Whether ``state`` itself has been read, so a new state must notify it.
        @exclusivity(unchecked) @usableFromInline var isWholeStateRead = false
        /// The properties read through dynamic member lookup, in the order first read.
        @exclusivity(unchecked) @usableFromInline var members: [ObservedMember<Value, Event>] = []
        /// The index in `members` of each property, by its key path into `Value`.
        @exclusivity(unchecked) @usableFromInline var memberIndex: [AnyKeyPath: Int] = [:]
        /// Scratch space for `apply(_:)`: the indices of the members that changed, kept to reuse its capacity.
        @exclusivity(unchecked) @usableFromInline var changedMembers: [Int] = []
        /// The projections of children and stack screens made by `scope(_:)`, by their place (and screen id): each is
        /// handed its child's state after every state applied here, and dropped when its child goes.
        @exclusivity(unchecked) @usableFromInline var childScopes: [AnyHashable: ChildScope<Value>] = [:]

        /// Observes `source` and sends events with `send`.
        ///
        /// ```swift
        /// let rows = ObservableState(processStore.map(ProcessListViewState.init)) { processStore.dispatch(event: $0) }
        /// ```
        ///
        /// Prefer ``init(_:)`` for a whole store and ``init(_:dispatchingTo:)`` for a derived state of a store.
        ///
        /// - Parameters:
        ///   - source: A ``/EffectStore/Store`` or a ``/EffectStore/DerivedState`` to observe. Its current state is shown at once.
        ///   - send: Sends an event; called on the main actor by ``send(_:)`` and bindings. To keep writes synchronous,
        ///     it should dispatch to the store synchronously, as ``/EffectStore/Store/dispatch(event:)`` does from the main thread.
        @inlinable
        public init<Source: StateSource>(_ source: Source, send: @escaping (Event) -> Void)
        where Source.Value == Value {
            self.storage = source.state
            self.sendEvent = send
            self.isEqual = RuntimeEquality(Value.self)
            let inbox = self.inbox
            token = source.subscribe { [weak self] value in
                // On the source store's queue: leave the state in the inbox, and hop once for however many arrive.
                guard inbox.deposit(value) else { return }
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated { self?.applyDelivered(endingHop: true) }
                }
            }
            applyDelivered(endingHop: false)  // the state delivered during `subscribe`, if it is newer
        }

        /// A projection of a child, fed by its parent projection (see `scope(_:event:)`) rather than by a source.
        ///
        /// - Parameters:
        ///   - state: The child's current state.
        ///   - send: Sends a child's event, wrapped, through the parent projection.
        init(scopedState state: Value, send: @escaping (Event) -> Void) {
            self.storage = state
            self.sendEvent = send
            self.isEqual = RuntimeEquality(Value.self)
        }

        /// The whole state. Reading it registers the whole state with Observation.
        ///
        /// ```swift
        /// let snapshot = model.state
        /// ```
        ///
        /// Prefer reading properties on the object (`model.query`): a view that reads ``state`` re-renders on every
        /// change of the state.
        @inlinable
        public var state: Value {
            isWholeStateRead = true
            registrar.access(self, keyPath: \.state)
            return storage
        }

        /// The value of one property of the state, read as `model.query`. Registers that property with Observation.
        ///
        /// ```swift
        /// Text(model.query)
        /// ```
        ///
        /// An `Equatable` property notifies only when a new state changes it.
        ///
        /// - Parameter keyPath: The property of `Value` to read.
        /// - Returns: Its value in the current state.
        @inlinable
        public subscript<Member: Equatable>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
            members[memberIndex[keyPath] ?? track(ObservedMember(keyPath, in: storage), for: keyPath)].access(self)
            return storage[keyPath: keyPath]
        }

        /// The value of one property of the state, read as `model.tag`. Registers that property with Observation.
        ///
        /// ```swift
        /// let tag = model.tag
        /// ```
        ///
        /// A property whose type is not `Equatable` notifies on every new state, since no change can be ruled out.
        ///
        /// - Parameter keyPath: The property of `Value` to read.
        /// - Returns: Its value in the current state.
        @inlinable
        public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
            members[memberIndex[keyPath] ?? track(ObservedMember(keyPath, in: storage), for: keyPath)].access(self)
            return storage[keyPath: keyPath]
        }

        /// Sends `event` to the store and, when the store handles it synchronously, shows the resulting state at once.
        ///
        /// ```swift
        /// Button("Search") { model.send(.search) }
        /// ```
        ///
        /// From outside any store's callbacks (a view, an action), the store handles the event before this returns
        /// and the next read shows its state.
        ///
        /// - Parameter event: The event to send.
        @inlinable
        public func send(_ event: Event) {
            sendEvent(event)
            applyDelivered(endingHop: false)
        }

        /// A getter and setter for one property, whose setter sends the event `event` makes of the new value.
        ///
        /// ```swift
        /// let query = model.binding(\.query, to: SearchState.Event.queryChanged)
        /// query.wrappedValue = "obs"      // sends .queryChanged("obs"); model.query is now "obs"
        /// TextField("Search", text: Binding(query))   // in SwiftUI
        /// ```
        ///
        /// - Parameters:
        ///   - keyPath: The property to read.
        ///   - event: Makes the event to send for a new value, usually an enum case such as `Event.queryChanged`.
        /// - Returns: A binding that reads through this object and writes with ``send(_:)``.
        @inlinable
        public func binding<Member>(
            _ keyPath: KeyPath<Value, Member> & Sendable,
            to event: @escaping @Sendable (Member) -> Event
        ) -> EventBinding<Member> {
            EventBinding(
                get: { self[dynamicMember: keyPath] },
                set: { self.send(event($0)) }
            )
        }

        /// A getter and setter for one field, whose setter sends the binding event that sets the field
        /// (``/EffectStore/BindingEvent/set(_:_:)``): for a feature whose events have a `case binding(BindingEvent<State>)`.
        ///
        /// ```swift
        /// Toggle("Notifications", isOn: Binding(model.binding(\.notificationsOn)))
        /// TextField("Name", text: Binding(model.binding(\.displayName)))
        /// model.binding(\.displayName).wrappedValue = "Blob"   // sends .binding(.set(\.displayName, "Blob"))
        /// ```
        ///
        /// - Parameter keyPath: The field to read and set.
        /// - Returns: A binding that reads through this object and writes with ``send(_:)``.
        @inlinable
        public func binding<Member: Equatable & Sendable>(
            _ keyPath: WritableKeyPath<Value, Member> & Sendable
        ) -> EventBinding<Member> where Event: BindableEvent, Event.Root == Value {
            binding(keyPath, to: { Event.binding(.set(keyPath, $0)) })
        }

        /// Starts tracking a property read for the first time; returns its index in `members`.
        @inlinable
        func track(_ member: ObservedMember<Value, Event>, for keyPath: AnyKeyPath) -> Int {
            members.append(member)
            memberIndex[keyPath] = members.count - 1
            return members.count - 1
        }

        /// Applies the latest state the source delivered, until none is left.
        ///
        /// Called again while a state is being applied (a send from an observer's `willSet`), it only leaves the new
        /// state to the loop in progress, which applies it after the current one: applying it at once would let the
        /// outer update store its older state over it.
        ///
        /// - Parameter endingHop: True for the main-queue hop, which lets the next delivery schedule another.
        @inlinable
        func applyDelivered(endingHop: Bool) {
            guard !isApplying else {
                if endingHop { inbox.endHop() }
                return
            }
            isApplying = true
            defer { isApplying = false }
            var endingHop = endingHop
            while let value = inbox.take(endingHop: endingHop) {
                apply(value)
                endingHop = false
            }
        }

        /// Shows `value`, notifying exactly the tracked properties whose values changed: `willSet` for each before the
        /// state changes, `didSet` after.
        @inlinable
        func apply(_ value: Value) {
            let old = storage
            // `changedMembers` is reused: its first `changedCount` elements are this state's. An observer's `willSet`
            // may read a property for the first time, which appends to `members`: it is notified from the next state.
            var changedCount = 0
            for index in members.indices where members[index].hasChanged(old, value) {
                if changedCount < changedMembers.count {
                    changedMembers[changedCount] = index
                } else {
                    changedMembers.append(index)
                }
                changedCount += 1
            }
            let wholeStateChanged = isWholeStateRead && !(isEqual?(old, value) ?? false)
            if wholeStateChanged { registrar.willSet(self, keyPath: \.state) }
            store(value, notifyingChanged: changedCount)
            if wholeStateChanged { registrar.didSet(self, keyPath: \.state) }
            if !childScopes.isEmpty { updateChildScopes(value) }
        }

        /// Stores `value` inside the mutation of each of the first `count` members in `changedMembers`, from
        /// `position` on: `willSet` for each, then the new state, then `didSet` for each (in the reverse order).
        @inlinable
        func store(_ value: Value, notifyingChanged count: Int, from position: Int = 0) {
            guard position < count else {
                storage = value
                return
            }
            members[changedMembers[position]].mutation(self) {
                store(value, notifyingChanged: count, from: position + 1)
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ObservableState where Value: State, Event == Value.Event {
        /// Observes a whole store and sends events to it.
        ///
        /// ```swift
        /// let model = ObservableState(searchStore)   // ObservableState<SearchState, SearchState.Event>
        /// ```
        ///
        /// - Parameter store: The store to show. Kept alive as long as this object (see "Lifetime" above).
        @inlinable
        public convenience init(_ store: Store<Value>) {
            self.init(store, dispatchingTo: store)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ObservableState {
        /// Observes a derived state of a store, or any state source, and sends events to `store`.
        ///
        /// ```swift
        /// let rows = ObservableState(processStore.map(ProcessListViewState.init), dispatchingTo: processStore)
        /// ```
        ///
        /// - Parameters:
        ///   - source: A ``/EffectStore/DerivedState`` (or a ``/EffectStore/Store``) to show.
        ///   - store: The store that handles the events. Kept alive as long as this object (see "Lifetime" above).
        @inlinable
        public convenience init<Source: StateSource, S: State>(_ source: Source, dispatchingTo store: Store<S>)
        where Source.Value == Value, Event == S.Event {
            // Strongly, as "Lifetime" above says; a weak capture would also cost a weak load and a release of the store
            // (slow once the store has a side table) per event sent. `post` is `dispatch(event:)` without the future
            // nobody reads, so no send makes and releases one.
            self.init(source) { event in store.post(event) }
        }
    }

#endif
