/// A span of time for delaying, debouncing and throttling effects.
///
/// ```swift
/// Effect.search(query).debounced(id: "search", for: .milliseconds(300))
/// ```
///
/// EffectStore has its own type because Swift's `Duration` needs macOS 13 and iOS 16. Negative spans count as zero.
public struct EffectDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The span in nanoseconds, never negative.
    public let nanoseconds: UInt64

    /// A span of `nanoseconds` nanoseconds.
    public static func nanoseconds(_ nanoseconds: UInt64) -> EffectDuration {
        EffectDuration(nanoseconds: nanoseconds)
    }

    /// A span of `milliseconds` milliseconds.
    public static func milliseconds(_ milliseconds: Int) -> EffectDuration {
        EffectDuration(nanoseconds: UInt64(max(0, milliseconds)) * 1_000_000)
    }

    /// A span of `seconds` seconds.
    public static func seconds(_ seconds: Double) -> EffectDuration {
        EffectDuration(nanoseconds: seconds > 0 ? UInt64((seconds * 1e9).rounded()) : 0)
    }

    /// No time at all.
    public static let zero = EffectDuration(nanoseconds: 0)

    public static func < (lhs: EffectDuration, rhs: EffectDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: EffectDuration, rhs: EffectDuration) -> EffectDuration {
        EffectDuration(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
    }

    public var description: String {
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000) ms" }
        return "\(nanoseconds) ns"
    }
}
