extension EffectPlan: CustomStringConvertible, CustomDebugStringConvertible {
    /// The plan as you write it with the operators of ``ComposableEffect``, so that a failed `#expect(effect == …)`
    /// or `XCTAssertEqual` shows what differs:
    ///
    /// ```swift
    /// Effect.search("swift").cancellable(id: "search", cancelInFlight: true)
    /// // a plan that prints as: .search("swift").cancellable(id: "search", cancelInFlight: true)
    /// ```
    ///
    /// Effects that carry no plan, and ids, are written as Swift writes them (`String(reflecting:)`), an enum case
    /// without its type's name: `.search("swift")`, `"search"`, `.request`. Your effect type, which holds the plan in
    /// its `plan` case, prints that case with this text inside.
    public var description: String {
        written(caseDot: ".", planReader: planReader(for: Effect.self) ?? { _ in nil }, leaf: swiftText)
    }

    /// The same as ``description``: what a failed assertion and `debugPrint` show.
    public var debugDescription: String { description }
}

extension EffectPlan {
    /// The plan in operator syntax: `inner.cancellable(id: download)`, `all(a, b)`, `cancel(id: search)`; an effect
    /// that carries no plan as `leaf` writes it. EffectStoreLogging writes plans with it, for logs and sessions.
    ///
    /// - Parameters:
    ///   - caseDot: What goes before a plan's operator that starts the text (`.all(…)`, `.cancel(id:)`).
    ///   - planReader: Reads the plan of an effect, `nil` for one that carries none.
    ///   - leaf: Writes an effect that is no plan, and an id's value.
    package func written(
        caseDot: String, planReader: (Effect) -> EffectPlan<Effect>?, leaf: (Any) -> String
    ) -> String {
        func inner(_ effect: Effect) -> String {
            planReader(effect)?.written(caseDot: caseDot, planReader: planReader, leaf: leaf) ?? leaf(effect)
        }
        func name(_ id: EffectID) -> String { leaf(id.base) }
        switch self {
        case .all(let effects):
            return caseDot + "all(" + effects.map(inner).joined(separator: ", ") + ")"
        case .cancellable(let effect, let id, let cancelInFlight):
            return inner(effect) + ".cancellable(id: \(name(id))" + (cancelInFlight ? ", cancelInFlight: true)" : ")")
        case .cancel(let id):
            return caseDot + "cancel(id: \(name(id)))"
        case .queued(let effect, let id, let keepingOnlyLatest):
            return inner(effect) + ".queued(id: \(name(id))" + (keepingOnlyLatest ? ", keepingOnlyLatest: true)" : ")")
        case .debounced(let effect, let id, let interval):
            return inner(effect) + ".debounced(id: \(name(id)), for: \(interval))"
        case .throttled(let effect, let id, let interval, let latest):
            return inner(effect) + ".throttled(id: \(name(id)), for: \(interval)" + (latest ? ")" : ", latest: false)")
        case .delayed(let effect, let delayID, let delay):
            return inner(effect) + ".delayed(by: \(delay)" + (delayID.map { ", id: \(name($0)))" } ?? ")")
        }
    }
}

/// `value` as you write it: an enum case without its type's name, at any depth — `.todo(id: 1, .notify("Milk"))` — a
/// string quoted, an optional as its value or `nil`, anything else as `String(describing:)` writes it.
func swiftText(_ value: Any) -> String {
    if let string = value as? String { return String(reflecting: string) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional { return mirror.children.first.map { swiftText($0.value) } ?? "nil" }
    guard mirror.displayStyle == .enum, !(value is any CustomStringConvertible) else {
        let text = String(reflecting: value)
        let typePrefix = String(reflecting: type(of: value)) + "."
        return text.hasPrefix(typePrefix) ? "." + text.dropFirst(typePrefix.count) : text
    }
    guard let payload = mirror.children.first, let name = payload.label else { return "." + String(describing: value) }
    let parts = Mirror(reflecting: payload.value)
    guard parts.displayStyle == .tuple else { return ".\(name)(\(swiftText(payload.value)))" }
    let arguments = parts.children.map { part in
        let label = part.label.map { $0.hasPrefix(".") ? "" : $0 + ": " } ?? ""
        return label + swiftText(part.value)
    }
    return ".\(name)(\(arguments.joined(separator: ", ")))"
}

/// A type whose description is for people, while the package's describers and diffs take it apart as it is built
/// (so a diff points into a plan: `.plan.all[1].plan.queued.0`). `package`: not public API.
package protocol DescribedByParts {}

extension EffectPlan: DescribedByParts {}
