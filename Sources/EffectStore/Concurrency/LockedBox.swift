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

// Unsafe constructs here: the platform lock needs a stable address, which only a heap allocation gives; a
// `ManagedBuffer` holds the value and the lock in one, and hands out pointers to them. Nothing else in the package
// touches a lock.

#if canImport(Darwin)
    @usableFromInline typealias LockPrimitive = os_unfair_lock
#elseif canImport(WinSDK)
    @usableFromInline typealias LockPrimitive = SRWLOCK
#else
    @usableFromInline typealias LockPrimitive = pthread_mutex_t
#endif

/// A value and the lock that guards it, in a single heap allocation: the package's one lock.
///
/// The shape of swift-nio's `NIOLockedValueBox`: a struct (so it can be `Sendable`) around a buffer that holds the
/// value in its header and the platform lock in its one element. All access to the value goes through
/// ``withLock(_:)``, except ``unsynchronizedValue``, for readers that can show no other thread writes meanwhile.
///
/// `package`, so that EffectStoreTesting, the example modules and the tests use it too instead of a lock of their
/// own. It is `Sendable` only when its value is, so a box never carries a non-`Sendable` value to another thread
/// unnoticed.
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
    /// Safe only where every write happens on one serial context and the reader is on that same context (a store
    /// reads its own state this way on its queue), or where the box is no longer shared (in a `deinit`).
    @inlinable
    package var unsynchronizedValue: Value { storage.header }
}

// Safe because: the value is only touched under the lock, except through `unsynchronizedValue`, whose callers
// guarantee there is no concurrent writer (see there); and the value itself may cross threads, being `Sendable`.
extension LockedBox: @unchecked Sendable where Value: Sendable {}

/// The storage of a ``LockedBox``: the value in the header, the lock in the one element.
///
/// Not `final`: a future's storage (`FutureStorage`) subclasses it to release the waiters of a future that dies
/// unresolved without recursion. Its methods are `final`.
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
                _ = pthread_mutex_init(lock, nil)
            #endif
        }
        // `create` makes an instance of `Self` (a subclass, for a future's storage), typed as its superclass.
        return buffer as! LockStorage<Value>
    }

    deinit {
        withUnsafeMutablePointerToElements { lock -> Void in
            #if !canImport(Darwin) && !canImport(WinSDK)
                pthread_mutex_destroy(lock)
            #endif
            lock.deinitialize(count: 1)
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
