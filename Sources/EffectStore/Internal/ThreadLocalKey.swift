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

/// One pointer-sized slot per thread: a pthread key (a TLS index on Windows), created once and never deleted.
///
/// Each thread's slot starts as `nil`. Nothing is released when a thread ends, so a slot may only point at something
/// its owner clears before the thread can end.
struct ThreadLocalKey: @unchecked Sendable {
    // Safe because: the key is immutable once created, and the platform makes each slot visible to its own thread only.
    #if canImport(WinSDK)
    private let key: DWORD
    #else
    private let key: pthread_key_t
    #endif

    init() {
        #if canImport(WinSDK)
        key = TlsAlloc()
        #else
        var key = pthread_key_t()
        let error = pthread_key_create(&key, nil)
        precondition(error == 0, "EffectStore: pthread_key_create failed with error \(error)")
        self.key = key
        #endif
    }

    /// The calling thread's slot.
    var value: UnsafeMutableRawPointer? {
        get {
            #if canImport(WinSDK)
            return TlsGetValue(key)
            #else
            return pthread_getspecific(key)
            #endif
        }
        nonmutating set {
            #if canImport(WinSDK)
            TlsSetValue(key, newValue)
            #else
            pthread_setspecific(key, newValue)
            #endif
        }
    }
}
