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

// The two primitives the package builds on the platform: a lock, and a thread-local slot.
//
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
                // All zero bits: what `PTHREAD_MUTEX_INITIALIZER` (which Swift does not import) is on glibc, musl and
                // Bionic, a default mutex, as `pthread_mutex_init` with default attributes makes it, without the call
                // every store and every pending future would otherwise make when it is created.
                lock.initialize(to: pthread_mutex_t())
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

// MARK: - The thread-local slot

// Unsafe constructs here: a thread-local slot holds a raw pointer, so the object in it is kept unretained. The rule
// that makes it safe is the one of `withValue(_:_:)`: an object is in the slot only while a call on this thread keeps
// it alive. Nothing else in the package touches a thread-local slot.

/// A reference to an object, one per thread: which store's loop runs on this thread, or which release of futures
/// drains on it.
///
/// Each thread's slot starts empty. ``withValue(_:_:)`` puts an object in the calling thread's slot for the length of
/// a call, unretained (the caller keeps it alive), and puts back what was there before.
@usableFromInline
struct ThreadLocal: @unchecked Sendable {
    // Safe because: the key is immutable once created, and the platform shows each thread its own slot only.
    /// The platform's key of the slot (a `pthread_key_t`, or a TLS index on Windows), which fits in a `UInt`.
    @usableFromInline let key: UInt

    /// A new slot, empty on every thread. Made once per use (a `static let`): slots are never deleted.
    init() {
        #if canImport(WinSDK)
            key = UInt(TlsAlloc())
        #else
            var key = pthread_key_t()
            let error = pthread_key_create(&key, nil)
            if error != 0 { fatalError("EffectStore: the platform refused a thread-local slot (error \(error)).") }
            self.key = UInt(key)
        #endif
    }

    /// This thread's slot.
    @inlinable
    var slot: UnsafeMutableRawPointer? {
        get {
            #if canImport(WinSDK)
                TlsGetValue(DWORD(key))
            #else
                pthread_getspecific(pthread_key_t(key))
            #endif
        }
        nonmutating set {
            #if canImport(WinSDK)
                TlsSetValue(DWORD(key), newValue)
            #else
                pthread_setspecific(pthread_key_t(key), newValue)
            #endif
        }
    }

    /// The object in this thread's slot, or `nil`.
    @inlinable
    var value: AnyObject? {
        guard let slot else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(slot).takeUnretainedValue()
    }

    /// What this thread's slot holds, compared with `object`: nothing, `object`, or another object. Compares
    /// identities: neither retains nor releases.
    @inlinable
    func occupant(comparedWith object: AnyObject) -> Occupant {
        guard let slot else { return .nothing }
        return slot == Unmanaged.passUnretained(object).toOpaque() ? .same : .another
    }

    /// What a slot holds, compared with an object.
    @usableFromInline
    enum Occupant {
        case nothing, same, another
    }

    /// Runs `body` with `object` in this thread's slot, then puts back what was there before. The caller keeps
    /// `object` alive meanwhile (it is the receiver of the calling method, or a local).
    @inlinable
    func withValue<T>(_ object: AnyObject, _ body: () throws -> T) rethrows -> T {
        let previous = slot
        slot = Unmanaged.passUnretained(object).toOpaque()
        defer { slot = previous }
        return try body()
    }
}
