/// The read side of a value that will be available later, exactly once.
///
/// A `Future` is resolved once, by its ``Promise`` or by the resolve function handed to
/// ``init(_:)-(((Value)->Void)->Void)``; the first resolution wins and later ones are ignored. Every callback added
/// with ``onComplete(_:)``, ``map(_:)`` or ``flatMap(_:)`` runs exactly once, including callbacks added after the
/// future was resolved.
///
/// ```swift
/// let future = Future<Int> { resolve in
///     DispatchQueue.global().async { resolve(42) }
/// }
/// future.map { $0 + 1 }.onComplete { print($0) }   // prints 43
/// let value = await future.value                  // 42
/// ```
///
/// ## Threading
///
/// A `Future` is safe to use from any thread: its state is guarded by a lock, and callbacks are collected
/// under that lock but always run after it is released. Callbacks run on **the thread that resolves the
/// future**; a callback added to a future that is already resolved runs **immediately, on the thread that adds
/// it**, before the adding call returns. Keep callbacks short, or hop to a queue of your choice inside them.
///
/// Chains are resolved iteratively, not recursively: resolving the head of a chain of 20,000 `map`s runs in
/// constant stack depth. Releasing a chain that was never resolved is iterative too.
///
/// A `Future` is `Sendable` when its `Value` is.
///
/// A future is one value. An effect that sends several events over time answers with a run instead: see
/// ``EffectAnswer``.
public class Future<Value> {
    // Not `final` for two internal subclasses: `ResolvedFuture` (below), the store's own futures resolved from the
    // start, and the deprecated bridge of runs returned as futures (`RunFuture`, Effects/EffectRun.swift). Every member
    // is `final`. `public`, not `open`: no other module can subclass it.

    // No case holds a `Value` itself, only class references: the layout of `Storage` is then the same for every
    // `Value`, so the `deinit` of a future (which, as every class's, is not specialised) destroys it with at most one
    // release. With a `Value` in a case, every future's `deinit` first looked up `Storage<Value>`'s metadata in the
    // runtime's generic cache: about 325 instructions a future (callgrind), a third of an effect-less dispatch.
    @usableFromInline
    enum Storage {
        /// Resolved from the start by ``init(value:)``: immutable, so read without any lock.
        case ready(ReadyValue<Value>)
        /// Resolved from the start: the future is a `ResolvedFuture`, whose own stored property holds the value
        /// (immutable, so read without any lock), with no second object.
        case resolvedInline
        /// Resolved later, by a promise: state behind a lock.
        case pending(LockedBox<FutureState<Value>>)

        /// The box a callback waits in; `nil` when resolved from the start.
        @inlinable
        var box: LockedBox<FutureState<Value>>? {
            switch self {
            case .ready, .resolvedInline: return nil
            case .pending(let box): return box
            }
        }
    }

    @usableFromInline
    final let storage: Storage

    /// Creates a future that is already resolved with `value`.
    ///
    /// ```swift
    /// let answer = Future(value: 42)
    /// answer.onComplete { print($0) }   // runs at once, on this thread
    /// ```
    ///
    /// - Parameter value: The value the future resolves with.
    @inlinable
    public init(value: Value) {
        self.storage = .ready(ReadyValue(value))
    }

    /// For `ResolvedFuture` alone, which holds the value itself: `immediateValue` reads a future made here as one.
    @inlinable
    init(resolvedInline: Void) {
        self.storage = .resolvedInline
    }

    /// The value of a future resolved from the start; `nil` for a pending one, even once it is resolved.
    @inlinable
    final var immediateValue: Value? {
        switch storage {
        case .ready(let ready): return ready.value
        case .resolvedInline: return unsafeDowncast(self, to: ResolvedFuture<Value>.self).value
        case .pending: return nil
        }
    }

    /// Creates a future and hands its resolve function to `body`, which runs immediately.
    ///
    /// `body` may call the resolve function at once, later from any thread, or never. The first call wins; later
    /// calls are ignored. This wraps a callback-based API:
    ///
    /// ```swift
    /// func fetchProcesses() -> Future<[Process]> {
    ///     Future { resolve in
    ///         api.get("/processes") { processes in resolve(processes) }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter body: Called once, synchronously, with the function that resolves this future. Callbacks on the
    ///   future run on the thread that calls the resolve function.
    @inlinable
    public init(_ body: (@escaping @Sendable (Value) -> Void) -> Void) {
        let box = LockedBox<FutureState<Value>>.pendingFuture()
        self.storage = .pending(box)
        body { value in Future.setValue(value, in: box).run() }
    }

    @inlinable
    init(pending box: LockedBox<FutureState<Value>>) {
        self.storage = .pending(box)
    }

    /// Whether the future has a value yet. Useful in tests and diagnostics; to act on the value, use
    /// ``onComplete(_:)`` or ``value``, because a `false` answer can be out of date by the time you read it.
    @inlinable
    public final var isResolved: Bool {
        guard let box = storage.box else { return true }
        return box.withLock { state in
            if case .resolved = state { return true }
            return false
        }
    }

    /// Calls `callback` exactly once with the value.
    ///
    /// ```swift
    /// store.dispatch(event: .fetchProcesses).onComplete { state in
    ///     print("finished with", state)
    /// }
    /// ```
    ///
    /// - Parameter callback: Runs on the thread that resolves the future or, if the future is already resolved,
    ///   immediately on the calling thread.
    @inlinable
    public final func onComplete(_ callback: @escaping @Sendable (Value) -> Void) {
        if let value = immediateValue {
            callback(value)
        } else {
            whenComplete { value in
                callback(value)
                return CallbackList()
            }.run()
        }
    }

    /// Returns a future that resolves with `transform` applied to this future's value.
    ///
    /// ```swift
    /// service.fetchProcesses().map { ProcessState.Event.load(processes: $0) }
    /// ```
    ///
    /// The map of a deprecated run returned as a future (``run(_:)``, ``callbackRun(_:)``) is such a run too: a store
    /// gets every event transformed, and cancelling it stops this run.
    ///
    /// - Parameter transform: Runs once, on the thread that resolves this future or, if it is already resolved,
    ///   immediately on the calling thread; for a run, once per event, on the thread that sends it.
    /// - Returns: A future of the transformed value.
    @inlinable
    public final func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Future<T> {
        if let run = bridgedRun { return RunFuture(run: run.map(transform, firstEvent: .pendingFuture())) }
        if let value = immediateValue {
            return ResolvedFuture(transform(value))
        } else {
            let box = LockedBox<FutureState<T>>.pendingFuture()
            whenComplete { value in Future<T>.setValue(transform(value), in: box) }.run()
            return Future<T>(pending: box)
        }
    }

    /// Returns a future that resolves when the future returned by `transform` resolves, with its value.
    ///
    /// Use it to run asynchronous steps one after another:
    ///
    /// ```swift
    /// session.refreshToken().flatMap { token in api.fetchProcesses(token: token) }
    /// ```
    ///
    /// The flat map of a deprecated run returned as a future is a plain future: of the inner future of the run's first
    /// event.
    ///
    /// - Parameter transform: Runs once with this future's value, on the thread that resolves this future or, if
    ///   it is already resolved, immediately on the calling thread.
    /// - Returns: A future of the inner future's value.
    @inlinable
    public final func flatMap<T>(_ transform: @escaping @Sendable (Value) -> Future<T>) -> Future<T> {
        if let value = immediateValue {
            return transform(value)
        } else {
            let box = LockedBox<FutureState<T>>.pendingFuture()
            whenComplete { value in
                transform(value).whenComplete { inner in Future<T>.setValue(inner, in: box) }
            }.run()
            return Future<T>(pending: box)
        }
    }

    // MARK: - Internal machinery

    /// Registers `callback` for the value. If the value is already here, returns the callback's own work instead,
    /// for the caller to run. Never runs callbacks itself while holding the lock.
    @inlinable
    final func whenComplete(_ callback: @escaping (Value) -> CallbackList) -> CallbackList {
        // No box: resolved from the start, so `immediateValue` is there.
        guard let box = storage.box else { return callback(immediateValue!) }
        // A deprecated run used as a plain future starts when the first callback is added.
        bridgedRun?.startAsPlainFuture()
        let resolved: Value? = box.withLock { state in
            switch state {
            case .resolved(let value):
                return value
            case .pending(var waiters):
                // Leave a placeholder while mutating so the waiters' storage stays uniquely referenced.
                state = .resolving
                waiters.append(callback)
                state = .pending(waiters)
                return nil
            case .resolving:
                preconditionFailure("EffectStore.Future: inconsistent internal state")
            }
        }
        if let resolved { return callback(resolved) }
        return CallbackList()
    }

    /// Stores `value` unless a value is already there, and returns the work of the callbacks that were waiting,
    /// without running it.
    @inlinable
    static func setValue(_ value: Value, in box: LockedBox<FutureState<Value>>) -> CallbackList {
        let waiters: Waiters<Value>? = box.withLock { state in
            guard case .pending(let waiters) = state else { return nil }  // first resolution wins
            state = .resolved(value)
            return waiters
        }
        guard let waiters, let first = waiters.first else { return CallbackList() }
        return CallbackList {
            // Each call only resolves the next future along its chain and returns that future's work, so this
            // does not recurse. Registration order.
            var work = first(value)
            if let further = waiters.further { for callback in further { work.append(contentsOf: callback(value)) } }
            return work
        }
    }

    /// The run this future stands for, when it is a deprecated run returned as a future (`RunFuture`); `nil` for every
    /// other future.
    @usableFromInline
    var bridgedRun: EffectRun<Value>? { nil }

    /// The value if the future is already resolved, without waiting and without running callbacks.
    @inlinable
    final var valueIfResolved: Value? {
        guard let box = storage.box else { return immediateValue }
        return box.withLock { state in
            if case .resolved(let value) = state { return value }
            return nil
        }
    }

    /// Resolves a pending future; used by ``Promise``, and by the effect runtime for the futures of waiting
    /// dispatches (and by the benchmark's `stack.push-pop.floor`, as the runtime does).
    @inlinable
    package final func resolve(with value: Value) {
        guard case .pending(let box) = storage else { return }
        Future.setValue(value, in: box).run()
    }
}

extension Future {
    /// The pending future of a dispatch that waits for its chain: the future and its box, with no promise object,
    /// resolved by ``resolve(with:)``. The effect runtime makes every waiting dispatch's future here, and the
    /// benchmark's `stack.push-pop.floor` makes its own here too, so that the floor makes exactly the objects a store
    /// does (as with ``resolvedForFinishedDispatch(_:)``).
    @inlinable
    package static func pendingForWaitingDispatch() -> Future { Future(pending: .pendingFuture()) }

    /// The future of a dispatch whose chain has ended: one object holding `value`. The store makes every such
    /// dispatch's future here, and the benchmark's `stack.push-pop.floor` makes its own here too.
    @inlinable
    package static func resolvedForFinishedDispatch(_ value: Value) -> Future { ResolvedFuture(value) }
}

extension Future: @unchecked Sendable where Value: Sendable {}
// Safe because: `storage` is a `let`; a value resolved from the start (`.ready`, `.resolvedInline`) is immutable, and a
// `.pending` box is only read or written under its lock. Callbacks are copied out under the lock and run outside it.

extension Future where Value: Sendable {
    /// The value, once the future is resolved.
    ///
    /// ```swift
    /// let state = await store.dispatch(event: .fetchProcesses).value
    /// ```
    ///
    /// Suspends until the future is resolved; returns at once if it already is. The awaiting task resumes on its
    /// own executor. Waiting is not cancellable: a cancelled task still waits for the value.
    @inlinable
    public var value: Value {
        get async {
            if let value = valueIfResolved { return value }
            return await withCheckedContinuation { continuation in
                onComplete { continuation.resume(returning: $0) }
            }
        }
    }
}

/// A future resolved from the start, made by the store and the library (a dispatch whose chain ends at once, the map
/// of a resolved future): one object, holding the value itself. A `deinit` destroys a stored `Value` with the metadata
/// the class already has, so no look-up (see `Future.Storage`). ``Future/init(value:)`` cannot make one, as a class's
/// initialiser makes an object of its own class: it keeps the value in a `ReadyValue`.
@usableFromInline
final class ResolvedFuture<Value>: Future<Value> {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
        super.init(resolvedInline: ())
    }
}

// Safe because: as `Future`'s conformance says; the added `value` is a `let`, written before the future is shared.
extension ResolvedFuture: @unchecked Sendable where Value: Sendable {}

/// The value of a future resolved from the start by ``Future/init(value:)``, in its own object (see `Future.Storage`).
@usableFromInline
final class ReadyValue<Value> {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) { self.value = value }
}

// Safe because: `value` is a `let`, written before the object is shared and never again; it is handed to other
// threads exactly where `Future`'s public API lets a value cross.
extension ReadyValue: @unchecked Sendable {}

/// The state of a pending future's box.
@usableFromInline
enum FutureState<Value> {
    case pending(Waiters<Value>)
    /// Transient, only while a waiter is being appended under the lock.
    case resolving
    case resolved(Value)
}

// Safe because: a `FutureState` lives only inside its future's `LockedBox` and is read and written under that lock;
// its waiters are called outside the lock, on the thread that resolves the future, as `Future` documents. The box
// is shared by the resolve function (`@Sendable` by `Future`'s public API, whatever `Value` is), so a non-`Sendable`
// value crosses to the resolving thread's callbacks exactly where that API lets its caller send it.
extension FutureState: @unchecked Sendable {}

/// The callbacks waiting for a future's value, in registration order; the first one is stored inline.
@usableFromInline
typealias Waiters<Value> = FirstInlineList<(Value) -> CallbackList>

/// The storage of a pending future: a ``LockStorage`` whose `deinit` hands the waiters of a future that dies
/// unresolved to the ``ReleaseTrampoline``, so that releasing a long unresolved chain does not recurse.
///
/// An unresolved chain `promise.future.map(f).flatMap(g)…` is a linked list: each storage holds its waiters, and
/// each waiter holds the storage of the next future. Destroyed with the header, the waiters would release the next
/// storage from inside this `deinit`, that one the next, and so on: two stack frames or more per step.
@usableFromInline
final class FutureStorage<Value>: LockStorage<FutureState<Value>> {
    deinit {
        // No other reference to the storage exists any more, so the header is read without the lock.
        guard hasWaiters else { return }  // the common case: resolved, or nobody waited
        // Move the state out, leaving `.resolving` behind, so that the trampoline owns the only reference to the
        // waiters: a copy left here would release them after the trampoline returns, in place, recursively again.
        let state = withUnsafeMutablePointerToHeader { header -> FutureState<Value> in
            let state = header.move()
            header.initialize(to: .resolving)
            return state
        }
        ReleaseTrampoline.release(consume state)
    }

    private var hasWaiters: Bool {
        withUnsafeMutablePointerToHeader { header in
            guard case .pending(let waiters) = header.pointee else { return false }
            return !waiters.isEmpty
        }
    }
}

extension LockedBox {
    /// The box of a new pending future: no value, no waiters.
    @inlinable
    static func pendingFuture<T>() -> LockedBox where Value == FutureState<T> {
        LockedBox(FutureStorage<T>.make(.pending(Waiters())))
    }
}
