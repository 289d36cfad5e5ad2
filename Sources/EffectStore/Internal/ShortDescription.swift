/// One-line descriptions of values for logs: module prefixes removed, long values shortened from the inside out.
///
/// A value longer than the limit loses its innermost detail first: `load(processes: [Process(id: "p-1", …), …])`
/// becomes `load(processes: [Process(…), Process(…), Process(…)])`, then `load(processes: [3 elements])`, and
/// only then is it cut at the limit with `…`. Brackets inside string literals are left alone.
package enum ShortDescription {
    static func of(_ value: Any, maxLength: Int) -> String {
        let raw: String
        if let string = value as? String {
            raw = String(reflecting: string)
        } else {
            raw = String(describing: value)
        }
        let oneLine = withoutModulePrefixes(raw).split(whereSeparator: \.isNewline).joined(separator: " ")
        return shortened(oneLine, to: maxLength)
    }

    static func shortened(_ text: String, to maxLength: Int) -> String {
        var characters = Array(text)
        while characters.count > maxLength {
            let groups = collapsibleGroups(in: characters)
            guard let deepest = groups.map(\.depth).max() else { break }
            // From the end, so that the indices of the groups still to collapse stay valid.
            for group in groups.reversed() where group.depth == deepest {
                characters.replaceSubrange(group.open...group.close, with: group.collapsed)
            }
        }
        guard maxLength > 0, characters.count > maxLength else { return String(characters) }
        return String(characters.prefix(max(maxLength - 1, 1))) + "…"
    }

    private struct Group {
        let open: Int
        let close: Int
        let depth: Int
        let collapsed: [Character]
    }

    /// The bracketed groups whose collapsed form is shorter than they are, outside string literals.
    private static func collapsibleGroups(in characters: [Character]) -> [Group] {
        var groups: [Group] = []
        var stack: [(index: Int, commas: Int)] = []
        var inString = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if inString {
                if character == "\\" { index += 1 } else if character == "\"" { inString = false }
            } else {
                switch character {
                case "\"":
                    inString = true
                case "(", "[":
                    stack.append((index, 0))
                case ",":
                    if !stack.isEmpty { stack[stack.count - 1].commas += 1 }
                case ")", "]":
                    guard let (open, commas) = stack.popLast() else { break }
                    let collapsed: [Character] =
                        characters[open] == "["
                        ? Array("[\(commas + 1) element\(commas == 0 ? "" : "s")]")
                        : Array("(…)")
                    if collapsed.count < index - open + 1 {
                        groups.append(Group(open: open, close: index, depth: stack.count, collapsed: collapsed))
                    }
                default:
                    break
                }
            }
            index += 1
        }
        return groups.sorted { $0.open < $1.open }
    }

    /// Removes `Module.` in front of type names (`RecruitmentProcess.Process(id: 1)` → `Process(id: 1)`), outside
    /// string literals: an identifier followed by a dot and an uppercase letter counts as a prefix.
    /// `package`: `EffectStoreTesting` describes values the same way. Not public API.
    package static func withoutModulePrefixes(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        result.reserveCapacity(characters.count)
        var index = 0
        var inString = false
        func continuesIdentifier(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_"
        }
        while index < characters.count {
            let character = characters[index]
            if inString || character == "\"" {
                result.append(character)
                if inString, character == "\\", index + 1 < characters.count {
                    result.append(characters[index + 1])
                    index += 2
                    continue
                }
                if character == "\"" { inString.toggle() }
                index += 1
                continue
            }
            let previous: Character? = index > 0 ? characters[index - 1] : nil
            let followsIdentifier = previous.map { continuesIdentifier($0) || $0 == "." } ?? false
            guard character.isLetter || character == "_", !followsIdentifier else {
                result.append(character)
                index += 1
                continue
            }
            var end = index
            while end < characters.count, continuesIdentifier(characters[end]) { end += 1 }
            if end + 1 < characters.count, characters[end] == ".", characters[end + 1].isUppercase {
                index = end + 1
            } else {
                result.append(contentsOf: characters[index..<end])
                index = end
            }
        }
        return result
    }
}
