/// A value as the core's failure messages and descriptions write it: a string quoted, an enum case with its leading
/// dot (`.write(1)`), anything else as `String(describing:)` writes it.
///
/// The core needs no more for a message that names a value. Logs, diffs and the session page write values with
/// EffectStoreLogging's describer, which knows labels, type names and nesting.
package func described(_ value: Any) -> String {
    if let string = value as? String { return String(reflecting: string) }
    let text = String(describing: value)
    return Mirror(reflecting: value).displayStyle == .enum ? "." + text : text
}
