#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#elseif canImport(WinSDK)
    import WinSDK
#else
    #error("EffectStore: no lock primitive is known for this platform.")
#endif

#if canImport(Darwin)
    @usableFromInline typealias LockPrimitive = os_unfair_lock
#elseif canImport(WinSDK)
    @usableFromInline typealias LockPrimitive = SRWLOCK
#else
    @usableFromInline typealias LockPrimitive = pthread_mutex_t
#endif

/// A value and the lock that guards it, in a single heap allocation.
///
/// The value lives in a `ManagedBuffer` header and the platform lock in its single element, so the lock
/// has a stable address (which `pthread_mutex_t` and `os_unfair_lock` require) without a second allocation.
/// This is the shape of swift-nio's `NIOLockedValueBox`: a struct (so it can be `Sendable`) around the buffer.
///
/// All access to the value goes through ``withLock(_:)``, except ``unsynchronizedValue``, which callers
/// may use only where they can show that no other thread writes concurrently (see its comment).
///
/// The package's one lock type: `package` so that `EffectStoreTesting`, the example module and the tests use it
/// too, instead of a lock class of their own. It is `Sendable` only when its value is, so a box never carries a
/// non-`Sendable` value to another thread unnoticed.
///
/// ```swift
/// let seen = LockedBox<[Int]>.make([])
/// DispatchQueue.global().async { seen.withLock { $0.append(1) } }
/// ```
@usableFromInline
package struct LockedBox<Value> {
    @usableFromInline let storage: LockStorage<Value>

    @inlinable
    init(_ storage: LockStorage<Value>) { self.storage = storage }

    /// A new box holding `value`, with its own lock.
    @inlinable
    package static func make(_ value: Value) -> LockedBox<Value> { LockedBox(LockStorage.make(value)) }

    /// Runs `body` with exclusive access to the value. `body` must not take this lock again: it is not recursive.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }

    /// The value, read without taking the lock.
    ///
    /// Safe only where every write happens on one serial context and the reader is on that same context
    /// (the store reads its own state this way while it runs on its queue), or where the box is no longer
    /// shared (in a `deinit`).
    @inlinable
    package var unsynchronizedValue: Value { storage.withUnsafeMutablePointerToHeader { $0.pointee } }
}

// Safe because: the value is only touched under the lock, except through `unsynchronizedValue`, whose callers
// must guarantee there is no concurrent writer (see there); and the value itself may cross threads, being `Sendable`.
extension LockedBox: @unchecked Sendable where Value: Sendable {}

/// The storage of a ``LockedBox``: the value in the header, the lock in the single element.
///
/// Not `final`: a pending future's storage (`FutureStorage`) subclasses it to release its waiters iteratively. Its
/// methods are `final`, so calls to them are still direct.
@usableFromInline
class LockStorage<Value>: ManagedBuffer<Value, LockPrimitive> {
    @inlinable
    static func make(_ value: Value) -> LockStorage<Value> {
        let buffer = Self.create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
                lock.initialize(to: os_unfair_lock())
            #elseif canImport(WinSDK)
                InitializeSRWLock(lock)
            #else
                // All zero bits: what `PTHREAD_MUTEX_INITIALIZER` (which Swift does not import) is on glibc, musl and
                // Bionic, a default mutex, as `pthread_mutex_init` with default attributes makes it; without the
                // calls, which every store and every pending future would otherwise make when it is created.
                lock.initialize(to: pthread_mutex_t())
            #endif
        }
        // `create` makes an instance of `Self` (a subclass, for a future's storage) typed as `ManagedBuffer`; the
        // downcast only restores the static type.
        return unsafeDowncast(buffer, to: LockStorage<Value>.self)
    }

    deinit {
        withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin) || canImport(WinSDK)
                lock.deinitialize(count: 1)
            #else
                pthread_mutex_destroy(lock)
                lock.deinitialize(count: 1)
            #endif
        }
    }

    @inlinable
    final func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { value, lock in
            #if canImport(Darwin)
                os_unfair_lock_lock(lock)
                defer { os_unfair_lock_unlock(lock) }
            #elseif canImport(WinSDK)
                AcquireSRWLockExclusive(lock)
                defer { ReleaseSRWLockExclusive(lock) }
            #else
                pthread_mutex_lock(lock)
                defer { pthread_mutex_unlock(lock) }
            #endif
            return try body(&value.pointee)
        }
    }
}
