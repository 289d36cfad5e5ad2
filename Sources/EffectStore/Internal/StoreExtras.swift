import Dispatch

/// What a ``Store`` makes only when something needs it: its lifetime, its transition observers and its undo history.
///
/// A store refers to its extras from its state box (`Store.Committed.extras`), made on first use, so a store that is
/// never observed, never undone and never asked for its lifetime carries one `nil` reference for all of it. The loop
/// looks at the extras only when `Store.needsTransitions` is set.
@usableFromInline
final class StoreExtras<S: State>: @unchecked Sendable {
    // Safe because: `lifetime` and `history` are immutable references to thread-safe objects (`history` is guarded
    // by its own lock: written on the store's queue, read from any thread), `equality` is an immutable value;
    // `observers`, `nextSequenceNumber`, `hasHistory` and `idleWaiters` are confined to the store's queue, like the
    // store's `var`s; `clock` is written in the store's `init`, before the extras are shared; `addedEventSources`,
    // `asyncPending`, `asyncCompleted` and `creationEventSource` are only touched under the store's state-box lock.

    /// Ends with the store; see ``StoreLifetime``.
    let lifetime = StoreLifetime()
    /// The clock the store was given, if not the default; set in the store's `init`, before it is shared.
    @usableFromInline var clock: (any EffectClock)?
    /// Event sources added after creation (`addEventSource(_:)`); guarded by the store's state-box lock.
    var addedEventSources: [AnyObject] = []
    /// The event source given at the store's creation, taken over from the state box when the extras are made.
    @usableFromInline var creationEventSource: AnyObject?

    // Settling (see `Store+Settling.swift`).
    /// Blocks scheduled on the store's queue from another store's loop and not yet finished; guarded by the store's
    /// state-box lock.
    var asyncPending = 0
    /// Such blocks finished so far; guarded by the store's state-box lock.
    var asyncCompleted: UInt64 = 0
    /// Confined to the store's queue: semaphores of threads waiting for the store to be idle.
    var idleWaiters: [DispatchSemaphore] = []
    /// `==` when `S` is `Equatable`, to tell whether a transition changed the state. Here rather than in the store,
    /// because only transitions need it: a store that makes none pays neither its memory nor its dynamic cast.
    @usableFromInline let equality = RuntimeEquality(S.self)

    /// Confined to the store's queue: the installed observers, in the order they were installed.
    @usableFromInline var observers: ContiguousArray<TransitionObserver<S>> = []
    /// Confined to the store's queue: the number the next transition gets.
    @usableFromInline var nextSequenceNumber: UInt64 = 1

    /// The undo history, or `nil` when undo is not enabled.
    let history = LockedBox<UndoHistory<S>?>.make(nil)
    /// Confined to the store's queue: whether `history` is not `nil`, so the loop need not take its lock to know.
    @usableFromInline var hasHistory = false

    @usableFromInline
    init() {}

    /// Whether anything needs transitions: an observer, or an undo history. On the store's queue.
    var needsTransitions: Bool {
        !observers.isEmpty || hasHistory
    }

    /// Whether going from `previous` to `next` changes the state; always for a state that is not `Equatable`.
    @inlinable
    func changed(from previous: S, to next: S) -> Bool {
        equality.map { !$0.areEqual(previous, next) } ?? true
    }

    /// Numbers the next transition. On the store's queue.
    @inlinable
    func takeSequenceNumber() -> UInt64 {
        defer { nextSequenceNumber += 1 }
        return nextSequenceNumber
    }

    /// Calls every active observer with `transition`, in installation order. On the store's queue.
    @inlinable
    func deliver(_ transition: StoreTransition<S>) {
        // Iterates a snapshot: an observer may install or cancel observers while this runs.
        for observer in observers where observer.isActive {
            observer.block(transition)
        }
    }
}
