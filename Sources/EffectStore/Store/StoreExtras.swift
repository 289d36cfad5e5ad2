import Dispatch

extension Store {
    /// What the state box holds: the committed state, and what the store makes only when something needs it.
    @usableFromInline
    struct Committed {
        @usableFromInline var state: S
        /// The store's extras once made (see ``Store/extras``); before that, the event source given at creation, if
        /// any, which the extras then take over. One optional reference for both keeps every store's box in the malloc
        /// size class the benchmark's `memory.bytes-per-store` target needs.
        @usableFromInline var tail: AnyObject?

        @inlinable
        init(state: S, eventSource: AnyObject?) {
            self.state = state
            self.tail = eventSource
        }

        /// The extras, if made.
        var extras: StoreExtras<S>? { tail as? StoreExtras<S> }

        /// The event source given at creation, if any.
        var eventSource: AnyObject? { extras.map { $0.creationEventSource } ?? tail }
    }

    /// The store's extras, made on first use. Safe from any thread.
    var extras: StoreExtras<S> {
        stateBox.withLock { extras(in: &$0) }
    }

    /// The extras in `committed`, made if need be. Call it under the state box's lock.
    func extras(in committed: inout Committed) -> StoreExtras<S> {
        if let extras = committed.extras { return extras }
        let extras = StoreExtras<S>()
        extras.creationEventSource = committed.tail
        committed.tail = extras
        hasExtras = true
        return extras
    }

    /// What ends with this store: its async effects' tasks and its `states` streams. Safe from any thread.
    var lifetime: StoreLifetime { extras.lifetime }

    /// What delayed, debounced and throttled effects wait with. `package`: EffectStoreShared's saves wait on it too.
    package var clock: any EffectClock { stateBox.withLock { $0.extras?.clock } ?? DispatchEffectClock() }
}

// The committed state and the reference to the store's extras or event source: what a derived state may keep.
// Safe because: the extras are thread-safe (see `StoreExtras`); the event source is only held, to keep it alive, and
// handed out by `allEventSources` for settling, which only casts it to find the stores that feed this one.
extension Store.Committed: @unchecked Sendable {}

/// What a ``Store`` makes only when something needs it: its lifetime, transition observers, undo history, the clock
/// it was given, event sources added later, and the books of a settling wait.
///
/// A store refers to its extras from its state box (`Store.Committed`), made on first use, so a store that is never
/// observed, undone, given a clock or asked for its lifetime carries one `nil` reference for all of it. The loop
/// looks at the extras only when `Store.needsTransitions` is set.
final class StoreExtras<S: State>: @unchecked Sendable {
    // Safe because: `lifetime` and `history` are immutable references to thread-safe objects (`history` is guarded
    // by its own lock: written on the store's queue, read from any thread), `equality` is an immutable value;
    // `observers`, `nextSequenceNumber`, `hasHistory` and `idleWaiters` are confined to the store's queue, like the
    // store's `var`s; `clock` is written in the store's `init`, before the extras are shared; `addedEventSources`,
    // `asyncPending`, `asyncCompleted` and `creationEventSource` are only touched under the store's state-box lock.

    /// Ends with the store; see ``StoreLifetime``.
    let lifetime = StoreLifetime()
    /// The clock the store was given, if not the default; set in the store's `init`, before it is shared.
    var clock: (any EffectClock)?
    /// Event sources added after creation (`addEventSource(_:)`).
    var addedEventSources: [AnyObject] = []
    /// The event source given at the store's creation, taken over from the state box when the extras are made.
    var creationEventSource: AnyObject?

    // Settling (see `Store+Settling.swift`).
    /// Blocks scheduled on the store's queue from another store's loop and not yet finished.
    var asyncPending = 0
    /// Such blocks finished so far.
    var asyncCompleted: UInt64 = 0
    /// Semaphores of threads waiting for the store to be idle.
    var idleWaiters: [DispatchSemaphore] = []

    /// `==` when `S` is `Equatable`, to tell whether a transition changed the state. Here rather than in the store,
    /// because only transitions need it.
    let equality = RuntimeEquality(S.self)
    /// The installed observers, in the order they were installed.
    var observers: [TransitionObserver<S>] = []
    /// The number the next transition gets.
    var nextSequenceNumber: UInt64 = 1

    /// The undo history, or `nil` when undo is not enabled.
    let history = LockedBox<UndoHistory<S>?>.make(nil)
    /// Whether `history` is not `nil`, so the loop need not take its lock to know.
    var hasHistory = false

    init() {}

    /// Whether anything needs transitions: an observer, or an undo history. On the store's queue.
    var needsTransitions: Bool {
        !observers.isEmpty || hasHistory
    }

    /// Whether going from `previous` to `next` changes the state; always for a state that is not `Equatable`.
    func changed(from previous: S, to next: S) -> Bool {
        equality.map { !$0.areEqual(previous, next) } ?? true
    }

    /// Numbers the next transition. On the store's queue.
    func takeSequenceNumber() -> UInt64 {
        defer { nextSequenceNumber += 1 }
        return nextSequenceNumber
    }

    /// Calls every active observer with `transition`, in installation order. On the store's queue.
    func deliver(_ transition: StoreTransition<S>) {
        // Iterates a snapshot: an observer may install or cancel observers while this runs.
        for observer in observers where observer.isActive {
            observer.block(transition)
        }
    }
}
