/// A span of time for delaying, debouncing and throttling effects.
///
/// ```swift
/// Effect.search(query).debounced(id: "search", for: .milliseconds(300))
/// ```
///
/// EffectStore has its own type because Swift's `Duration` needs macOS 13 and iOS 16.
///
/// ## Limits
///
/// A span is a whole number of nanoseconds from zero to `UInt64.max` (about 584 years):
/// - Negative spans count as zero.
/// - A span too long to hold — `.seconds(.infinity)`, `.seconds(1e30)`, `.milliseconds(Int.max)`, or a sum past the
///   maximum — is the maximum: a delay that never ends in practice. Nothing wraps around to a short span.
/// - `.seconds(.nan)` is a programmer error (a computed span went wrong, and no span is right for it): it stops
///   with a message naming the call.
public struct EffectDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The span in nanoseconds, never negative.
    public let nanoseconds: UInt64

    /// A span of `nanoseconds` nanoseconds.
    public static func nanoseconds(_ nanoseconds: UInt64) -> EffectDuration {
        EffectDuration(nanoseconds: nanoseconds)
    }

    /// A span of `milliseconds` milliseconds; zero if negative, the maximum if too long (see "Limits" in
    /// ``EffectDuration``).
    public static func milliseconds(_ milliseconds: Int) -> EffectDuration {
        let (product, overflow) = UInt64(max(0, milliseconds)).multipliedReportingOverflow(by: 1_000_000)
        return EffectDuration(nanoseconds: overflow ? .max : product)
    }

    /// A span of `seconds` seconds, rounded to the nearest nanosecond; zero if negative, the maximum if too long or
    /// infinite (see "Limits" in ``EffectDuration``).
    ///
    /// - Parameter seconds: The span. Must not be NaN: that is a programmer error and stops with a message.
    public static func seconds(_ seconds: Double) -> EffectDuration {
        guard !seconds.isNaN else {
            fatalError(
                """
                EffectDuration.seconds(_:) was given NaN, which is no span of time. To fix, check the computation of \
                the seconds passed to it (a division of zero by zero, or an uninitialised measurement).
                """
            )
        }
        guard seconds > 0 else { return .zero }
        let nanoseconds = (seconds * 1e9).rounded()
        // 2^64 is the first Double past UInt64.max; the conversion traps at it and above (and at infinity).
        guard nanoseconds < 18_446_744_073_709_551_616.0 else { return EffectDuration(nanoseconds: .max) }
        return EffectDuration(nanoseconds: UInt64(nanoseconds))
    }

    /// No time at all.
    public static let zero = EffectDuration(nanoseconds: 0)

    public static func < (lhs: EffectDuration, rhs: EffectDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The sum of two spans; the maximum if it does not fit (see "Limits" in ``EffectDuration``), never a
    /// wrapped-around short span.
    public static func + (lhs: EffectDuration, rhs: EffectDuration) -> EffectDuration {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        return EffectDuration(nanoseconds: overflow ? .max : sum)
    }

    public var description: String {
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000) ms" }
        return "\(nanoseconds) ns"
    }
}
