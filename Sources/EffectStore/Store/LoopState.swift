import Dispatch

// The records the store's loop keeps besides the store's own fields: its subscribers and its effects in flight.
//
// `@exclusivity(unchecked)` on their `var`s, as on the store's own (see Store.swift): they are confined to the store's
// queue and touched one block at a time, so two accesses cannot overlap; the dynamic check Swift would make costs the
// `dispatch.10-subscribers` and `stream.event` targets, on every subscriber of every event and every event of a run.

/// One subscription: the block, and the queue of the store it is attached to.
///
/// It holds the store's queue, not the store: a `weak` reference to the store would give every store a side table (an
/// allocation, past the benchmark's `memory.bytes-per-store` target). The queue is all that cancelling needs, since
/// cancelling only clears `block` on the queue; the store drops cancelled subscribers from its list itself (see
/// `SubscriberList`). A store's queue does not refer to its store, so holding it keeps no store alive.
@usableFromInline
final class Subscriber<S: State>: CancellableSubscription, @unchecked Sendable {
    // Safe because: `queue` is immutable; `block` is written in `init`, before the subscriber is shared, and then only
    // read and cleared on `queue`.

    /// The block; `nil` once the subscription is cancelled, which also releases what the block captured.
    @exclusivity(unchecked) @usableFromInline var block: (@Sendable (S) -> Void)?
    /// The queue of the store the subscription belongs to; the only place `block` is read or written.
    @usableFromInline let queue: DispatchQueue

    @inlinable
    init(queue: DispatchQueue, block: @escaping @Sendable (S) -> Void) {
        self.queue = queue
        self.block = block
    }

    override func cancel() {
        Store<S>.cancel(self)
    }
}

/// What the loop marker holds while a block released from outside any store's loop runs its captures' `deinit`s:
/// a loop, so stores schedule instead of waiting, but no store's, so none runs work at once.
final class NoStoreLoop: Sendable {
    static let marker = NoStoreLoop()
}

/// A store's subscribers, in subscription order: the only one held inline, or two or more in an array.
///
/// Needed by the benchmark's `memory.bytes-per-store` target: most stores have exactly one subscriber, and an array
/// for it would be one more allocation per store. Confined to the store's queue, like the store's other `var`s.
///
/// A cancel only clears its subscriber's `block`, so the list may hold cancelled subscribers: `append` replaces a
/// cancelled `only` one and compacts `many` when it would grow and at least half of it is cancelled, and
/// `Store.notify` compacts when at least half of those it skipped were cancelled. Each costs amortised constant time
/// per subscription.
@usableFromInline
struct SubscriberList<S: State> {
    /// The subscriber, when there is exactly one; then `many` is empty.
    @usableFromInline var only: Subscriber<S>?
    /// Two or more subscribers, or none. Cancelled ones (their `block` is `nil`) stay until compacted away.
    @usableFromInline var many: [Subscriber<S>]

    @inlinable
    init() {
        self.only = nil
        self.many = []
    }

    /// Whether there is no subscriber at all.
    @inlinable
    var isEmpty: Bool { only == nil && many.isEmpty }

    /// Adds `subscriber` last.
    @inlinable
    mutating func append(_ subscriber: Subscriber<S>) {
        if many.isEmpty, only?.block == nil {
            only = subscriber  // also replaces a cancelled one
            return
        }
        if let first = only {
            only = nil
            many = [first]
        } else if many.count == many.capacity, many.count(where: { $0.block == nil }) * 2 >= many.count {
            removeCancelled()  // about to grow, and at least half is cancelled: drop those instead
            return append(subscriber)
        }
        many.append(subscriber)
    }

    /// Drops the cancelled subscribers (those whose `block` is `nil`).
    @inlinable
    mutating func removeCancelled() {
        many.removeAll { $0.block == nil }
        if many.count == 1 { only = many.removeLast() }
    }
}

/// A store's effects in flight, and the dispatches waiting for them: the books the loop keeps, and nothing else.
/// Made on the store's first effect; confined to the store's queue (but the inbox, which runs deposit into from any
/// thread), and touched only by the loop (Store+Loop.swift).
@usableFromInline
final class EffectBooks<S: State> {
    /// The plan an effect carries, when `S.Effect` is a ``ComposableEffect``; `nil` when it cannot carry one.
    @usableFromInline let planOf: ((S.Effect) -> EffectPlan<S.Effect>?)?
    /// What the plans decide: jobs, timers, queues, throttles, and how many each chain waits for.
    @exclusivity(unchecked) @usableFromInline var scheduler: EffectScheduler<S.Effect>
    /// What delayed, debounced and throttled effects wait with.
    let clock: any EffectClock
    /// Runs in flight, to stop when their job is cancelled.
    @exclusivity(unchecked) @usableFromInline var runs: [UInt64: EffectRun<S.Event>] = [:]
    /// The clock's cancel functions of the timers set.
    @exclusivity(unchecked) var timers: [UInt64: @Sendable () -> Void] = [:]
    /// The promises of the dispatches waiting for their chains, by chain.
    @exclusivity(unchecked) @usableFromInline var waiting: [UInt64: Promise<S>] = [:]
    /// The last chain number handed out; chains are numbered from 1.
    @exclusivity(unchecked) var lastChain: UInt64 = 0
    /// Where runs leave their events for the loop.
    @usableFromInline let inbox = RunInbox<S>()
    /// Whether a drain of the inbox runs, and whether another was asked for meanwhile (see `handleRunEvents`).
    @exclusivity(unchecked) @usableFromInline var isDrainingInbox = false
    @exclusivity(unchecked) @usableFromInline var drainsInboxAgain = false

    init(clock: any EffectClock) {
        let planOf = planExtractor(for: S.Effect.self)
        self.planOf = planOf
        self.scheduler = EffectScheduler(planOf: { planOf?($0) })
        self.clock = clock
    }

    /// A new chain number, for a dispatch whose chain may have to wait.
    @usableFromInline
    func takeChain() -> UInt64 {
        lastChain += 1
        return lastChain
    }
}

/// The events a store's runs have sent that its loop has not handled yet, in the order sent.
///
/// A run's `send` leaves its event here and returns; it does not wait for the store's queue. The first event after a
/// drain schedules one drain on the queue (``Store/Work/runEvents``), which handles everything left by then; so a
/// run that sends faster than the loop handles pays one queue hop per batch, not per event, and its thread and the
/// store's queue work at the same time. A run's end comes through here too, after its events.
///
/// Order: a `send` returns only once a drain that will take its event is on the store's queue — it is put there under
/// the inbox's lock — so whatever the sending thread puts on the queue after `send` returns (a `dispatch`, say) is
/// handled after it. A send from inside the store's own loop queues a drain after the current work, as an event
/// dispatched from there would be.
///
/// Bound: when ``limit`` entries wait, a sender outside any store waits for the queue to drain them, as a dispatch
/// would, so that a run faster than its store waits instead of filling memory.
@usableFromInline
final class RunInbox<S: State>: Sendable {
    @usableFromInline
    enum Entry: Sendable {
        /// An event `job`'s run sent.
        case event(S.Event, job: UInt64)
        /// `job`'s run finished.
        case ended(UInt64)
    }

    @usableFromInline
    struct Contents: Sendable {
        @usableFromInline var entries: [Entry] = []
        /// Whether a drain that will take the entries is on the queue.
        @usableFromInline var drainIsScheduled = false
    }

    /// How many entries may wait before a sender outside any store waits for them to be handled.
    @inlinable
    static var limit: Int { 1024 }

    @usableFromInline let contents = LockedBox.make(Contents())

    /// Leaves `entry` for the loop and, when no drain is on the queue, calls `scheduleDrain` to put one there (under
    /// the lock, so that the next sender finds it there). Returns whether ``limit`` entries wait.
    @inlinable
    @discardableResult
    func deposit(_ entry: Entry, scheduleDrain: (() -> Void)?) -> Bool {
        contents.withLock { contents in
            contents.entries.append(entry)
            if let scheduleDrain, !contents.drainIsScheduled {
                contents.drainIsScheduled = true
                scheduleDrain()
            }
            return contents.entries.count >= Self.limit
        }
    }

    /// Takes every entry, oldest first; the next deposit schedules a new drain. On the store's queue.
    @inlinable
    func take() -> [Entry] {
        contents.withLock { contents in
            contents.drainIsScheduled = false
            defer { contents.entries = [] }
            return contents.entries
        }
    }
}

/// Tells the store that a job's answer will never come, when the future that would have carried it is released
/// unanswered: its chain then ends (as "no answer") instead of keeping its dispatch future waiting forever.
final class AnswerTicket: @unchecked Sendable {
    // Safe because: `isAnswered` is written by the answer's callback, which runs before the future releases the
    // callback (and so this ticket): the release orders the write before `deinit`. `onUnanswered` is immutable.
    private let onUnanswered: @Sendable () -> Void
    var isAnswered = false

    init(onUnanswered: @escaping @Sendable () -> Void) {
        self.onUnanswered = onUnanswered
    }

    deinit {
        if !isAnswered { onUnanswered() }
    }
}
