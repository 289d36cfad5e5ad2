import EffectStore

/// Short, readable descriptions of values for failure messages and diagrams.
enum Describing {
    /// `String(describing:)`, with strings quoted, enum cases written `.case` and module prefixes removed.
    static func value(_ value: Any, maxLength: Int = 240) -> String {
        let text: String
        switch value {
        case let string as String:
            text = String(reflecting: string)
        case let substring as Substring:
            text = String(reflecting: String(substring))
        case let character as Character:
            text = String(reflecting: character)
        default:
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional:
                guard let wrapped = mirror.children.first else { return "nil" }
                return self.value(wrapped.value, maxLength: maxLength)
            case .enum:
                text = "." + withoutModulePrefixes(String(describing: value))
            default:
                text = withoutModulePrefixes(String(describing: value))
            }
        }
        return truncated(text, to: maxLength)
    }

    /// A label for a diagram: `String(describing:)` with sets and dictionaries sorted (``StableDescription``),
    /// without module prefixes, on one line, at most `maxLength`.
    static func label(_ value: Any, maxLength: Int) -> String {
        let oneLine = withoutModulePrefixes(StableDescription.of(value))
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        return truncated(oneLine, to: maxLength)
    }

    static func truncated(_ text: String, to maxLength: Int) -> String {
        guard maxLength > 0, text.count > maxLength else { return text }
        return String(text.prefix(max(maxLength - 1, 1))) + "…"
    }

    /// Removes `Module.` in front of type names, outside string literals: the core's own
    /// `ShortDescription.withoutModulePrefixes`, so the logger and the test failures describe values alike.
    static func withoutModulePrefixes(_ text: String) -> String {
        ShortDescription.withoutModulePrefixes(text)
    }

    /// The last path component of a `#filePath`, for messages that point at another line.
    static func location(_ file: StaticString, _ line: UInt) -> String {
        let path = "\(file)"
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "\(name):\(line)"
    }

    /// Indents every line of `text` by `spaces`.
    static func indented(_ text: String, by spaces: Int = 2) -> String {
        let indent = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
    }
}
