extension Store {
    /// What the state box holds.
    @usableFromInline
    struct Committed {
        @usableFromInline var state: S
        /// The extras once made (see ``Store/extras``); before that, the event source given at creation, if any,
        /// which the extras then take over. One reference for everything optional keeps the box, and so every store,
        /// in a smaller malloc size class; sharing it with the event source keeps the store object in one too.
        @usableFromInline var tail: Tail

        /// What shares the box's one optional reference.
        @usableFromInline
        enum Tail {
            case empty
            case eventSource(AnyObject)
            case extras(StoreExtras<S>)
        }

        @inlinable
        init(state: S, eventSource: AnyObject?) {
            self.state = state
            self.tail = eventSource.map { .eventSource($0) } ?? .empty
        }

        /// The extras, if made.
        @inlinable
        var extras: StoreExtras<S>? {
            if case .extras(let extras) = tail { return extras }
            return nil
        }

        /// Puts the newly made `extras` in the slot, handing them the event source given at creation. (`deinit`
        /// empties the slot itself, to release what it held outside the lock.)
        mutating func install(_ extras: StoreExtras<S>) {
            if case .eventSource(let source) = tail { extras.creationEventSource = source }
            tail = .extras(extras)
        }

        /// The event source given at creation, if any.
        var eventSource: AnyObject? {
            switch tail {
            case .empty: return nil
            case .eventSource(let source): return source
            case .extras(let extras): return extras.creationEventSource
            }
        }
    }
}

// The committed state and the reference to the store's thread-safe extras: what a derived state may keep.
extension Store.Committed: Sendable {}

// Safe because: the extras are thread-safe (see `StoreExtras`); the event source is only held, to keep it alive, and
// handed out by `allEventSources` for settling, which only casts it to find the stores that feed this one.
extension Store.Committed.Tail: @unchecked Sendable {}
