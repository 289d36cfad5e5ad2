import Dispatch
import EffectStore

extension EffectDuration {
    /// A dispatch interval as a clock counts it (zero if negative); `.never` is as far as the clock goes. `package`:
    /// the test store's saves count their window with it too.
    package init(_ interval: DispatchTimeInterval) {
        switch interval {
        case .seconds(let value): self = .seconds(Double(value))
        case .milliseconds(let value): self = .milliseconds(value)
        case .microseconds(let value): self = .seconds(Double(value) / 1_000_000)
        case .nanoseconds(let value): self = .nanoseconds(UInt64(max(value, 0)))
        case .never: self = .nanoseconds(.max)
        @unknown default: self = .nanoseconds(.max)
        }
    }
}
