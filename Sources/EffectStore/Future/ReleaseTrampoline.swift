/// Releases what dying futures still hold, one after another on the thread where they die, instead of one inside
/// another, so that releasing a long unresolved chain runs in constant stack depth.
///
/// A pending future that dies with waiters (its storage's `deinit`, see `FutureStorage`) hands them here instead of
/// letting them be destroyed in place. The first such call on a thread *drains*: it marks the thread, releases those
/// waiters — which may release the storage of the next future in the chain, whose `deinit` calls ``release(_:)``
/// again — and then loops over whatever such nested calls queued meanwhile, until nothing is left. A nested call
/// only queues and returns. So a chain of a million `map`s costs a million loop iterations at a depth of a few frames,
/// where releasing it in place took two or more frames per step and overflowed the stack.
///
/// Resolving stays as fast as before: a resolved future's storage holds no waiters (`Future.setValue` took them
/// out), so its `deinit` never gets here; the thread-local slot is only touched by futures that die unresolved with
/// callbacks waiting. Releases are deferred only within the outermost one on the same thread: everything is released
/// before the `deinit` that started the drain returns.
enum ReleaseTrampoline {
    /// What nested releases queued on this thread while it drains.
    private final class Queue {
        var items: [Any] = []
    }

    /// The draining thread's queue; empty when this thread is not draining.
    private static let draining = ThreadLocal()

    /// Releases `waiters` now if no release is being drained on this thread, or queues them for the running drain.
    static func release(_ waiters: consuming Any) {
        if let running = draining.value as? Queue {
            running.items.append(waiters)
            return
        }
        let queue = Queue()
        queue.items.append(waiters)
        draining.withValue(queue) {
            // Each item is released at the end of its iteration; what that releases in turn lands in `queue.items`.
            while let item = queue.items.popLast() {
                _ = consume item
            }
        }
    }
}
