import Dispatch

extension DispatchTimeInterval {
    /// "1 s", "250 ms", … for messages.
    var readable: String {
        switch self {
        case .seconds(let value): return "\(value) s"
        case .milliseconds(let value): return "\(value) ms"
        case .microseconds(let value): return "\(value) µs"
        case .nanoseconds(let value): return "\(value) ns"
        case .never: return "forever"
        @unknown default: return "\(self)"
        }
    }
}
