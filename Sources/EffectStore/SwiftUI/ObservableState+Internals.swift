#if canImport(Observation)
    import Observation

    /// One property of `Value` read through an ``ObservableState``: its key path seen from the object, for Observation,
    /// and how to tell whether a new state changed it.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @usableFromInline
    struct ObservedMember<Value: Sendable, Event> {
        /// Takes the property from a new state and returns whether it differs from the one taken before (from the state
        /// shown when the property was first read); always `true` when the property is not `Equatable`. Called once for
        /// each state applied, in order, so it compares with the previous state with one key path read.
        @usableFromInline let hasChanged: (Value) -> Bool
        /// `ObservationRegistrar.access`, `willSet` and `didSet` for the property, seen from the object.
        @usableFromInline let access: (ObservableState<Value, Event>) -> Void
        @usableFromInline let willSet: (ObservableState<Value, Event>) -> Void
        @usableFromInline let didSet: (ObservableState<Value, Event>) -> Void

        /// A property compared with `==` (made `@inlinable` so the comparison is specialised in the caller's module).
        @inlinable
        init<Member: Equatable>(_ keyPath: KeyPath<Value, Member>, in current: Value) {
            var last = current[keyPath: keyPath]
            self.init(keyPath) { value in
                let member = value[keyPath: keyPath]
                defer { last = member }
                return member != last
            }
        }

        /// A property that is compared with `==` if its type is `Equatable` at run time, and otherwise always changes.
        @inlinable
        init<Member>(_ keyPath: KeyPath<Value, Member>, in current: Value) {
            guard let isEqual = RuntimeEquality(Member.self) else {
                self.init(keyPath) { _ in true }
                return
            }
            var last = current[keyPath: keyPath]
            self.init(keyPath) { value in
                let member = value[keyPath: keyPath]
                defer { last = member }
                return !isEqual(member, last)
            }
        }

        @inlinable
        init<Member>(_ keyPath: KeyPath<Value, Member>, hasChanged: @escaping (Value) -> Bool) {
            // `\.state.query`: what Observation sees for `model.query`, built once per property.
            let path = (\ObservableState<Value, Event>.state).appending(path: keyPath)
            self.hasChanged = hasChanged
            access = { $0.registrar.access($0, keyPath: path) }
            willSet = { $0.registrar.willSet($0, keyPath: path) }
            didSet = { $0.registrar.didSet($0, keyPath: path) }
        }
    }

    /// The latest state a source delivered, handed from the store's queue to the main actor.
    ///
    /// It holds only the newest delivery: the source delivers in order, one at a time, so each deposit replaces an
    /// older state, and whatever the main actor takes is the newest one delivered so far. Taking empties it, so a later
    /// take never yields an older state than an earlier one. At most one main-queue hop is scheduled at a time.
    @usableFromInline
    struct StateInbox<Value: Sendable>: Sendable {
        @usableFromInline let box = LockedBox<(latest: Value?, isHopScheduled: Bool)>.make((nil, false))

        @usableFromInline
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
