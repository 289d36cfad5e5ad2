import EffectStore
/// `String(describing:)` with the elements of every `Set` and `Dictionary` in sorted order, so that a diagram label is
/// the same on every run.
///
/// A set's or a dictionary's order depends on the hash seed, which changes from process to process, so
/// `String(describing:)` of a state that holds one can print differently each time. A value with no set or
/// dictionary inside is described exactly as `String(describing:)` does; otherwise the value is rebuilt from its
/// `Mirror` in the same shape (`Type(field: value)`, `case(payload)`, `(a, b)`, `[a, b]`), with each set's and
/// dictionary's elements sorted by their own description. Values with a description of their own
/// (`CustomStringConvertible`) and classes keep that description.
package enum StableDescription {
    /// The deepest level looked into; deeper values keep `String(reflecting:)`.
    private static let maxDepth = 32

    /// A stable `String(describing:)` of `value`.
    package static func of(_ value: Any) -> String {
        guard holdsUnorderedElements(value, depth: 0) else { return String(describing: value) }
        return describe(value, nested: false, depth: 0)
    }

    /// Whether a set or a dictionary is reachable from `value` through values the description is rebuilt from.
    private static func holdsUnorderedElements(_ value: Any, depth: Int) -> Bool {
        guard depth < maxDepth else { return false }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .set, .dictionary:
            return true
        case .collection, .optional, .tuple:
            break
        case .struct, .enum:
            if hasOwnDescription(value) { return false }
        default:
            return false
        }
        return mirror.children.contains { holdsUnorderedElements($0.value, depth: depth + 1) }
    }

    /// Types that say how they print; the standard library's containers are rebuilt instead.
    private static func hasOwnDescription(_ value: Any) -> Bool {
        !(value is any DescribedByParts) && (value is CustomStringConvertible || value is CustomDebugStringConvertible)
    }

    /// `nested` is true inside another value, where Swift prints the debug form (`"text"`, `Set([…])`).
    private static func describe(_ value: Any, nested: Bool, depth: Int) -> String {
        let plain = nested ? String(reflecting: value) : String(describing: value)
        guard depth < maxDepth, holdsUnorderedElements(value, depth: depth) else { return plain }
        let mirror = Mirror(reflecting: value)
        let children = Array(mirror.children)
        func inner(_ child: Any) -> String { describe(child, nested: true, depth: depth + 1) }
        switch mirror.displayStyle {
        case .set:
            let elements = "[" + children.map { inner($0.value) }.sorted().joined(separator: ", ") + "]"
            return nested ? "Set(\(elements))" : elements
        case .dictionary:
            guard !children.isEmpty else { return "[:]" }
            let pairs = children.map { child -> String in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return inner(child.value) }
                return inner(pair[0].value) + ": " + inner(pair[1].value)
            }
            return "[" + pairs.sorted().joined(separator: ", ") + "]"
        case .collection:
            return "[" + children.map { inner($0.value) }.joined(separator: ", ") + "]"
        case .optional:
            guard let wrapped = children.first else { return "nil" }
            return "Optional(\(inner(wrapped.value)))"
        case .tuple:
            return "(" + fields(children, inner) + ")"
        case .enum:
            guard let payload = children.first else { return plain }
            let text = inner(payload.value)
            // Nested, Swift writes the case with its type: `Module.Outer.Phase.picked(…)`.
            let caseName = (nested ? String(reflecting: type(of: value)) + "." : "") + (payload.label ?? "")
            return Mirror(reflecting: payload.value).displayStyle == .tuple ? caseName + text : "\(caseName)(\(text))"
        default:
            return String(describing: type(of: value)) + "(" + fields(children, inner) + ")"
        }
    }

    /// `label: value, …`, leaving out the positional labels of a tuple (`.0`, `.1`).
    private static func fields(_ children: [Mirror.Child], _ inner: (Any) -> String) -> String {
        children.map { child in
            guard let label = child.label, !label.hasPrefix(".") else { return inner(child.value) }
            return "\(label): \(inner(child.value))"
        }.joined(separator: ", ")
    }
}
