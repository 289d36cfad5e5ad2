extension Future where Value: Sendable {
    /// Creates a future resolved by an `async` operation, run in a new task.
    ///
    /// This is how an effect handler uses async/await:
    ///
    /// ```swift
    /// func handle(effect: Effect) -> Future<Event>? {
    ///     switch effect {
    ///     case .downloadProcesses:
    ///         return Future { .load(processes: await service.fetchOrEmpty()) }
    ///     }
    /// }
    /// ```
    ///
    /// For an operation that throws, see ``init(catching:mapError:)`` and ``FailureEvent``.
    ///
    /// ## Cancellation
    ///
    /// Created on a store's queue — in ``EffectHandler/handle(effect:)`` — the task belongs to that store:
    /// releasing the store cancels it, and a cancelled task's result is dropped, so **a cancelled effect sends
    /// nothing back** and this future stays unresolved. Created anywhere else, the task runs to completion.
    ///
    /// - Parameter operation: The work. Runs in an unstructured task on the global concurrent executor, not on the
    ///   store's queue. The future's callbacks run on that task's thread when it returns (<doc:Threading>).
    public convenience init(_ operation: @escaping @Sendable () async -> Value) {
        self.init { resolve in
            startEffectTask {
                let value = await operation()
                guard !Task.isCancelled else { return }
                resolve(value)
            }
        }
    }

    /// Creates a future resolved by a throwing `async` operation, with errors turned into values by `mapError`.
    ///
    /// ```swift
    /// return Future(catching: { .load(processes: try await service.fetch()) }, mapError: { .failed($0) })
    /// ```
    ///
    /// The future resolves with the operation's value, or with `mapError(error)` when it throws, so an error
    /// reaches the state as an ordinary event. When the task is cancelled (its store was released), neither is
    /// sent: the future stays unresolved, even if the operation then throws `CancellationError`. Cancellation and
    /// threading are as for the non-throwing `init(_:)`.
    ///
    /// - Parameters:
    ///   - operation: The work. Runs in an unstructured task on the global concurrent executor.
    ///   - mapError: Turns an error the operation threw into a value, typically a failure event. Runs in the task.
    public convenience init(
        catching operation: @escaping @Sendable () async throws -> Value,
        mapError: @escaping @Sendable (any Error) -> Value
    ) {
        self.init { resolve in
            startEffectTask {
                guard let value = await outcome(of: operation, mapError: mapError) else { return }
                resolve(value)
            }
        }
    }
}

/// The value of `operation`, or `mapError(error)` when it throws; `nil` when the task was cancelled, whatever the
/// operation returned or threw then: a cancelled effect sends nothing back (<doc:EffectsInPractice#Cancellation-is-atomic-with-the-state>).
func outcome<Value>(
    of operation: @Sendable () async throws -> Value,
    mapError: (any Error) -> Value
) async -> Value? {
    let value: Value
    do {
        value = try await operation()
    } catch {
        guard !Task.isCancelled else { return nil }
        value = mapError(error)
    }
    return Task.isCancelled ? nil : value
}

extension Future where Value: FailureEvent {
    /// Creates a future resolved by a throwing `async` operation; a thrown error becomes `Value.failed(error)`.
    ///
    /// ```swift
    /// return Future { .load(processes: try await service.fetch()) }
    /// ```
    ///
    /// Same as ``init(catching:mapError:)`` with `mapError: Value.failed`; see there for cancellation.
    ///
    /// - Parameter operation: The work. Runs in an unstructured task on the global concurrent executor.
    public convenience init(_ operation: @escaping @Sendable () async throws -> Value) {
        self.init(catching: operation, mapError: { Value.failed($0) })
    }
}

/// Starts `body` in a task that belongs to the store whose queue the caller runs on, if any: releasing that store
/// cancels the task. Outside every store's queue, the task is on its own.
func startEffectTask(_ body: @escaping @Sendable () async -> Void) {
    startEffectTask(onCancel: nil, body)
}

/// Starts `body` in a task that a run's cancellation cancels too (see ``EffectAnswer/run(_:)``).
func startEffectTask<Event>(onCancelOf sender: EffectSender<Event>, _ body: @escaping @Sendable () async -> Void) {
    startEffectTask(onCancel: { cancel in sender.onCancel(cancel) }, body)
}

/// Starts `body` in a task that ends with the store whose loop runs here, if any; `onCancel`, if given, receives a
/// function that cancels the task.
private func startEffectTask(
    onCancel: ((@escaping @Sendable () -> Void) -> Void)?,
    _ body: @escaping @Sendable () async -> Void
) {
    guard let lifetime = StoreLifetime.current else {
        let task = Task { await body() }
        onCancel? { task.cancel() }
        return
    }
    // The task is made under the lifetime's lock, so it cannot unregister before it is registered. If the store
    // is already being released, nothing starts: the effect sends nothing back.
    var started: Task<Void, Never>?
    _ = lifetime.register { key in
        let task = Task {
            await body()
            lifetime.unregister(key)
        }
        started = task
        return { task.cancel() }
    }
    if let task = started { onCancel? { task.cancel() } }
}
