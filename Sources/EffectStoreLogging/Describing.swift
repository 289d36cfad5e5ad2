import EffectStore
/// Short, readable, one-line descriptions of values, for logs, failure messages and diagrams: module prefixes
/// removed, strings quoted, long values shortened.
///
/// The package's one description shortener: the core's ``TransitionLogger`` and `EffectStoreTesting`'s failure
/// messages and diagrams describe values alike. `package`: not public API.
///
/// Two ways to shorten a long value: ``collapsed(_:maxLength:)`` (for logs) loses its innermost detail first:
/// `load(processes: [Process(id: "p-1", …), …])` becomes
/// `load(processes: [Process(…), Process(…), Process(…)])`, then `load(processes: [3 elements])`, and only then
/// is it cut at the limit with `…`; ``value(_:maxLength:)`` and ``label(_:maxLength:)`` (for failures and diagrams)
/// keep the detail and only cut. Brackets and dots inside string literals are left alone.
package enum Describing {
    /// The value in one line as Swift writes it (``ValueDescriber/line(_:nested:)``): strings quoted, enum cases
    /// written `.case`, optionals unwrapped, type names without their module; cut at `maxLength`. For failure
    /// messages.
    package static func value(_ value: Any, maxLength: Int = 240) -> String {
        truncated(ValueDescriber.line(value, nested: true), to: maxLength)
    }

    /// `String(describing:)` with sets and dictionaries sorted (``StableDescription``), without module prefixes, on
    /// one line, cut at `maxLength` (no limit when 0). For diagrams and type names: the same on every run.
    package static func label(_ value: Any, maxLength: Int) -> String {
        truncated(oneLine(withoutModulePrefixes(StableDescription.of(value))), to: maxLength)
    }

    /// The value in one line as Swift writes it (``ValueDescriber/line(_:nested:)``, the outermost enum case without
    /// its dot), its innermost groups collapsed until it fits in `maxLength`. For logs.
    package static func collapsed(_ value: Any, maxLength: Int) -> String {
        collapsing(ValueDescriber.line(value, nested: false), to: maxLength)
    }

    /// `text` with its innermost bracketed groups collapsed (`(…)`, `[3 elements]`) until it fits in `maxLength`,
    /// then cut.
    package static func collapsing(_ text: String, to maxLength: Int) -> String {
        var characters = Array(text)
        while characters.count > maxLength {
            let groups = collapsibleGroups(in: characters)
            guard let deepest = groups.map(\.depth).max() else { break }
            // From the end, so that the indices of the groups still to collapse stay valid.
            for group in groups.reversed() where group.depth == deepest {
                characters.replaceSubrange(group.open...group.close, with: group.collapsed)
            }
        }
        return truncated(String(characters), to: maxLength)
    }

    /// `text` cut to `maxLength` characters, the last one `…`; unchanged when it fits or `maxLength` is 0.
    package static func truncated(_ text: String, to maxLength: Int) -> String {
        guard maxLength > 0, text.count > maxLength else { return text }
        return String(text.prefix(max(maxLength - 1, 1))) + "…"
    }

    /// The last path component of a `#filePath`, and the line, for messages that point at another line.
    package static func location(_ file: StaticString, _ line: UInt) -> String {
        let path = "\(file)"
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "\(name):\(line)"
    }

    /// Indents every line of `text` by `spaces`.
    package static func indented(_ text: String, by spaces: Int = 2) -> String {
        let indent = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
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
