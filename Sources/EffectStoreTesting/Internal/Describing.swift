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

    /// A label for a diagram: `String(describing:)` without module prefixes, on one line, at most `maxLength`.
    static func label(_ value: Any, maxLength: Int) -> String {
        let oneLine = withoutModulePrefixes(String(describing: value))
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        return truncated(oneLine, to: maxLength)
    }

    static func truncated(_ text: String, to maxLength: Int) -> String {
        guard maxLength > 0, text.count > maxLength else { return text }
        return String(text.prefix(max(maxLength - 1, 1))) + "…"
    }

    /// Removes `Module.` in front of type names (`RecruitmentProcess.Process(id: 1)` → `Process(id: 1)`), outside
    /// string literals. An identifier followed by a dot and an uppercase letter counts as a prefix.
    static func withoutModulePrefixes(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        result.reserveCapacity(characters.count)
        var index = 0
        var inString = false
        while index < characters.count {
            let character = characters[index]
            if inString {
                result.append(character)
                if character == "\\", index + 1 < characters.count {
                    result.append(characters[index + 1])
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
                index += 1
                continue
            }
            if character == "\"" {
                inString = true
                result.append(character)
                index += 1
                continue
            }
            let startsIdentifier = character.isLetter || character == "_"
            let previous: Character? = index > 0 ? characters[index - 1] : nil
            let followsIdentifier = previous.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false
            guard startsIdentifier, !followsIdentifier else {
                result.append(character)
                index += 1
                continue
            }
            var end = index
            func continuesIdentifier(_ character: Character) -> Bool {
                character.isLetter || character.isNumber || character == "_"
            }
            while end < characters.count, continuesIdentifier(characters[end]) {
                end += 1
            }
            let isPrefix = end + 1 < characters.count && characters[end] == "." && characters[end + 1].isUppercase
            if isPrefix {
                index = end + 1
            } else {
                result.append(contentsOf: characters[index..<end])
                index = end
            }
        }
        return result
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
