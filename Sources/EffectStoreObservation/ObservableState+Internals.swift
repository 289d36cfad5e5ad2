#if canImport(Observation)
    import EffectStore
    import Observation

    /// One property of `Value` read through an ``ObservableState``: its key path seen from the object, for Observation,
    /// and how to tell whether a new state changed it.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @usableFromInline
    struct ObservedMember<Value: Sendable, Event> {
        /// Whether the property differs between the state shown (`old`) and the state about to be shown (`new`);
        /// always `true` when the property is not `Equatable`. Called once for each state applied, in order.
        @usableFromInline let hasChanged: (_ old: Value, _ new: Value) -> Bool
        /// `ObservationRegistrar.access` for the property, seen from the object.
        @usableFromInline let access: (ObservableState<Value, Event>) -> Void
        /// A mutation of the property, seen from the object: `ObservationRegistrar.willSet`, the closure given, then
        /// `didSet`. One closure for both costs one retain and release of its context fewer per change than two, and
        /// calling `willSet` and `didSet` spares the generic metadata look-up that `withMutation` makes per call.
        @usableFromInline let mutation: (ObservableState<Value, Event>, () -> Void) -> Void

        /// A property compared with `==` (made `@inlinable` so the comparison is specialised in the caller's module).
        @inlinable
        init<Member: Equatable>(_ keyPath: KeyPath<Value, Member>, in current: Value) {
            self.init(keyPath, hasChanged: Self.changeTest(keyPath, in: current))
        }

        /// A property that is compared with `==` if its type is `Equatable` at run time, and otherwise always changes.
        @inlinable
        init<Member>(_ keyPath: KeyPath<Value, Member>, in current: Value) {
            self.init(keyPath, hasChanged: Self.changeTest(keyPath, in: current))
        }

        // The change tests are made in `nonisolated` functions: a closure made in this main-actor type is isolated to
        // the main actor, and Swift checks the executor at the start of each call of such a closure (and of each
        // closure nested in it) — three checks per property and state, each paid on top of the comparison.

        /// The change test of a property compared with `==`.
        @inlinable
        nonisolated static func changeTest<Member: Equatable>(
            _ keyPath: KeyPath<Value, Member>,
            in current: Value
        ) -> (_ old: Value, _ new: Value) -> Bool {
            changeTest(keyPath, in: current) { $0 == $1 }
        }

        /// The change test of a property compared with `==` if its type is `Equatable` at run time; otherwise the
        /// property always changes.
        @inlinable
        nonisolated static func changeTest<Member>(
            _ keyPath: KeyPath<Value, Member>,
            in current: Value
        ) -> (_ old: Value, _ new: Value) -> Bool {
            guard let isEqual = RuntimeEquality(Member.self) else { return { _, _ in true } }
            return changeTest(keyPath, in: current, comparingWith: isEqual.areEqual)
        }

        /// The change test of a property compared with `areEqual`: the property is read through its key path once
        /// per state, and the value taken from one state is kept to compare with the next.
        @inlinable
        nonisolated static func changeTest<Member>(
            _ keyPath: KeyPath<Value, Member>,
            in current: Value,
            comparingWith areEqual: @escaping (Member, Member) -> Bool
        ) -> (_ old: Value, _ new: Value) -> Bool {
            // `last` is the property in the state shown: the previous call's `new`, or `current` at first.
            var last = current[keyPath: keyPath]
            return { _, new in
                let member = new[keyPath: keyPath]
                defer { last = member }
                return !areEqual(member, last)
            }
        }

        /// A value derived from the state by `read`, compared with `==`, registered under `name` (a key path of the
        /// object used as a name only, such as one to a subscript whose arguments say what `read` reads).
        init<Derived: Equatable>(
            named name: KeyPath<ObservableState<Value, Event>, Derived>,
            read: @escaping (Value) -> Derived
        ) {
            hasChanged = Self.changeTest(of: read)
            access = { $0.registrar.access($0, keyPath: name) }
            mutation = { model, body in
                model.registrar.willSet(model, keyPath: name)
                body()
                model.registrar.didSet(model, keyPath: name)
            }
        }

        /// The change test of a value derived from the state by `read`.
        nonisolated static func changeTest<Derived: Equatable>(
            of read: @escaping (Value) -> Derived
        ) -> (_ old: Value, _ new: Value) -> Bool {
            { old, new in read(old) != read(new) }
        }

        @inlinable
        init<Member>(_ keyPath: KeyPath<Value, Member>, hasChanged: @escaping (_ old: Value, _ new: Value) -> Bool) {
            // `\.state.query`: what Observation sees for `model.query`, built once per property.
            let path = (\ObservableState<Value, Event>.state).appending(path: keyPath)
            self.hasChanged = hasChanged
            access = { $0.registrar.access($0, keyPath: path) }
            mutation = { model, body in
                model.registrar.willSet(model, keyPath: path)
                body()
                model.registrar.didSet(model, keyPath: path)
            }
        }
    }

    /// The projection of one presented child or stack screen, as its parent projection keeps it (see
    /// `ObservableState.scope(_:event:)`): held strongly while the child is there, so a view is handed the same object
    /// on every render, and dropped when the child goes away.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @usableFromInline
    struct ChildScope<Parent> {
        /// The child's projection, an `ObservableState<Child, Child.Event>`.
        let projection: AnyObject
        /// Whether `parent` still holds the child this projection shows: present, and of the same identity.
        let shows: (_ parent: Parent) -> Bool
        /// Hands the projection the child's state in a new `parent` state; `false`, handing nothing, when the child
        /// is no longer there — the presentation ended.
        let update: (_ parent: Parent) -> Bool
    }

    /// The latest state a source delivered, handed from the store's queue to the main actor.
    ///
    /// It holds only the newest delivery: the source delivers in order, one at a time, so each deposit replaces an
    /// older state, and whatever the main actor takes is the newest one delivered so far. Taking empties it, so a later
    /// take never yields an older state than an earlier one. At most one main-queue hop is scheduled at a time.
    @usableFromInline
    struct StateInbox<Value: Sendable>: Sendable {
        @usableFromInline let box = LockedBox<(latest: Value?, isHopScheduled: Bool)>.make((nil, false))

        init() {}

        /// Leaves `value` for the main actor. Returns `true` when the caller must schedule a hop to take it.
        @inlinable
        func deposit(_ value: Value) -> Bool {
            box.withLock { inbox in
                inbox.latest = value
                defer { inbox.isHopScheduled = true }
                return !inbox.isHopScheduled
            }
        }

        /// Lets the next deposit schedule a hop, for a hop that found a state being applied and left its work to it.
        @inlinable
        func endHop() {
            box.withLock { $0.isHopScheduled = false }
        }

        /// Takes the newest state not yet taken, if any.
        ///
        /// - Parameter endingHop: True when called by the scheduled hop: a later deposit then schedules a new one.
        @inlinable
        func take(endingHop: Bool) -> Value? {
            box.withLock { inbox in
                if endingHop { inbox.isHopScheduled = false }
                defer { inbox.latest = nil }
                return inbox.latest
            }
        }
    }
#endif
