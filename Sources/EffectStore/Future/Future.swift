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
/// ``EffectAnswer``. Cancelling an effect whose answer is a future drops its answer but does not stop the work
/// that resolves it; a run is stopped (see <doc:EffectsInPractice>).
public final class Future<Value> {
    /// Resolved from the start, an immutable value needs no lock; a future resolved later keeps its state behind one.
    @usableFromInline
    enum Storage {
        case resolved(ResolvedValue<Value>)
        case pending(LockedBox<FutureState<Value>>)
    }

    @usableFromInline let storage: Storage

    init(box: LockedBox<FutureState<Value>>) {
        self.storage = .pending(box)
    }

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
        self.storage = .resolved(ResolvedValue(value))
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
    public convenience init(_ body: (@escaping @Sendable (Value) -> Void) -> Void) {
        let box = LockedBox<FutureState<Value>>.future(.pending([]))
        self.init(box: box)
        body { value in Future.setValue(value, in: box).run() }
    }

    /// Whether the future has a value yet. Useful in tests and diagnostics; to act on the value, use
    /// ``onComplete(_:)`` or ``value``, because a `false` answer can be out of date by the time you read it.
    @inlinable
    public var isResolved: Bool { valueIfResolved != nil }

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
    public func onComplete(_ callback: @escaping @Sendable (Value) -> Void) {
        whenComplete { value in
            callback(value)
            return CallbackList()
        }.run()
    }

    /// Returns a future that resolves with `transform` applied to this future's value.
    ///
    /// ```swift
    /// service.fetchProcesses().map { ProcessState.Event.load(processes: $0) }
    /// ```
    ///
    /// - Parameter transform: Runs once, on the thread that resolves this future or, if it is already resolved,
    ///   immediately on the calling thread.
    /// - Returns: A future of the transformed value.
    public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Future<T> {
        if case .resolved(let resolved) = storage { return Future<T>(value: transform(resolved.value)) }
        let box = LockedBox<FutureState<T>>.future(.pending([]))
        whenComplete { value in Future<T>.setValue(transform(value), in: box) }.run()
        return Future<T>(box: box)
    }

    /// Returns a future that resolves when the future returned by `transform` resolves, with its value.
    ///
    /// Use it to run asynchronous steps one after another:
    ///
    /// ```swift
    /// session.refreshToken().flatMap { token in api.fetchProcesses(token: token) }
    /// ```
    ///
    /// - Parameter transform: Runs once with this future's value, on the thread that resolves this future or, if
    ///   it is already resolved, immediately on the calling thread.
    /// - Returns: A future of the inner future's value.
    public func flatMap<T>(_ transform: @escaping @Sendable (Value) -> Future<T>) -> Future<T> {
        if case .resolved(let resolved) = storage { return transform(resolved.value) }
        let box = LockedBox<FutureState<T>>.future(.pending([]))
        whenComplete { value in
            transform(value).whenComplete { inner in Future<T>.setValue(inner, in: box) }
        }.run()
        return Future<T>(box: box)
    }

    // MARK: - For the package

    /// The value if the future is already resolved, without waiting and without running callbacks.
    @usableFromInline
    var valueIfResolved: Value? {
        switch storage {
        case .resolved(let resolved):
            return resolved.value
        case .pending(let box):
            return box.withLock { state in
                if case .resolved(let value) = state { return value }
                return nil
            }
        }
    }

    /// Resolves the future with `value` unless it is resolved already, and runs its callbacks on this thread.
    func resolve(with value: Value) {
        guard case .pending(let box) = storage else { return }
        Future.setValue(value, in: box).run()
    }

    /// Registers `callback` for the value. If the value is already here, returns the callback's own work instead,
    /// for the caller to run. Never runs callbacks itself while holding the lock.
    func whenComplete(_ callback: @escaping (Value) -> CallbackList) -> CallbackList {
        let box: LockedBox<FutureState<Value>>
        switch storage {
        case .resolved(let resolved): return callback(resolved.value)
        case .pending(let pending): box = pending
        }
        let resolved: Value? = box.withLock { state in
            switch state {
            case .resolved(let value):
                return value
            case .pending(var waiters):
                state = .pending([])  // so that `waiters` is the array's only reference, appended in place
                waiters.append(callback)
                state = .pending(waiters)
                return nil
            }
        }
        if let resolved { return callback(resolved) }
        return CallbackList()
    }

    /// Stores `value` unless a value is already there, and returns the work of the callbacks that were waiting,
    /// without running it.
    static func setValue(_ value: Value, in box: LockedBox<FutureState<Value>>) -> CallbackList {
        let waiters: [(Value) -> CallbackList] = box.withLock { state in
            guard case .pending(let waiters) = state else { return [] }  // the first resolution wins
            state = .resolved(value)
            return waiters
        }
        guard !waiters.isEmpty else { return CallbackList() }
        return CallbackList {
            // Each callback only resolves the next future along its chain and returns that future's work, so this
            // does not recurse. Registration order.
            var work = CallbackList()
            for callback in waiters { work.append(contentsOf: callback(value)) }
            return work
        }
    }
}

extension Future: @unchecked Sendable where Value: Sendable {}
// Safe because: `storage` is a `let`; a value resolved from the start is immutable, and the state of a pending future
// is only read or written under its lock. Callbacks are copied out under the lock and run outside it.

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

/// The value of a future resolved from the start: immutable, so read with no lock.
///
/// An object rather than the value inline in `Future.Storage`: `Future`'s `deinit` and most of its methods are not
/// compiled for `Value`, and there an enum that holds a `Value` has its type metadata looked up at every use, where one
/// that holds only references needs none.
@usableFromInline
final class ResolvedValue<Value> {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) { self.value = value }
}

// Safe because: `value` is a `let`, written before the object is shared; it crosses threads exactly where `Future`'s
// public API lets a value cross.
extension ResolvedValue: @unchecked Sendable {}

/// The state of a future resolved later, in its box.
@usableFromInline
enum FutureState<Value> {
    /// Not resolved yet: the callbacks waiting for the value, in registration order.
    case pending([(Value) -> CallbackList])
    case resolved(Value)
}

// Safe because: a `FutureState` lives only inside its future's `LockedBox` and is read and written under that lock;
// its waiters are called outside the lock, on the thread that resolves the future, as `Future` documents. The box
// is shared by the resolve function (`@Sendable` by `Future`'s public API, whatever `Value` is), so a non-`Sendable`
// value crosses to the resolving thread's callbacks exactly where that API lets its caller send it.
extension FutureState: @unchecked Sendable {}

/// The storage of a future's box: a ``LockStorage`` whose `deinit` hands the waiters of a future that dies
/// unresolved to the ``ReleaseTrampoline``, so that releasing a long unresolved chain does not recurse.
///
/// An unresolved chain `promise.future.map(f).flatMap(g)…` is a linked list: each storage holds its waiters, and
/// each waiter holds the storage of the next future. Destroyed with the header, the waiters would release the next
/// storage from inside this `deinit`, that one the next, and so on: two stack frames or more per step.
final class FutureStorage<Value>: LockStorage<FutureState<Value>> {
    deinit {
        // Take the waiters out, so that the trampoline holds their only reference and releases them, not this
        // `deinit`. Nobody else holds the storage any more: the lock is free.
        let waiters = withLock { state -> [(Value) -> CallbackList] in
            guard case .pending(let waiters) = state, !waiters.isEmpty else { return [] }
            state = .pending([])
            return waiters
        }
        if !waiters.isEmpty { ReleaseTrampoline.release(consume waiters) }
    }
}

extension LockedBox {
    /// The box of a new future, in `state`.
    static func future<T>(_ state: FutureState<T>) -> LockedBox where Value == FutureState<T> {
        LockedBox(FutureStorage<T>.make(state))
    }
}
