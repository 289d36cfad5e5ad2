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
#endif

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
