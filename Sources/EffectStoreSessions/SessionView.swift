import EffectStore
import EffectStoreLogging

/// The inspector's view of values, as a session file holds it: a tree the page shows (``writeNode(_:to:)``) and the
/// changes from one state to the next that the page applies to it (``writeChanges(_:to:)``), both made by the one
/// describer the diffs and the logger use (`ValueDescriber`, `ValueDiff`).
///
/// A node is `{"v": "text"}` for a value with no parts (written as Swift writes it), or
/// `{"k": kind, "t": type, "c": children}`: kind `s` (a struct: `[[".label", node], …]`), `t` (a tuple), `e` (an enum
/// case, with `"n"` its name and one child, its payload, under `".name"`), `l` (an array: `[node, …]`, by position),
/// `i` (elements by id: `[["[id: 3]", node], …]`), `d` (a dictionary: `[["[\"key\"]", node], …]`) or `set`.
///
/// A change is `{"p": path, "op": …}`, its path the components a diff writes (`[".rows", "[id: 500]", ".isOn"]`):
/// `set` (`"to"`: the new node, and `"e"`: its JSON encoding, when it reads the same as the value before), `add` (`"at"`: the position among the container's children, `"to"`), `remove`, or
/// `order` (`"order"`: the container's children in their new order). Applied in order, they turn the tree of the
/// state before into the tree of the state after.
enum SessionView {
    /// Writes `value`'s tree.
    static func writeNode(_ value: Any, to output: SessionJSONOutput) {
        writeNode(value, to: output, depth: 0)
    }

    private static func writeNode(_ value: Any, to output: SessionJSONOutput, depth: Int) {
        guard depth < ValueDescriber.maxDepth else {
            output.raw("{\"v\":")
            output.string(ValueDescriber.escaped(String(describing: value)))
            output.raw("}")
            return
        }
        switch ValueDescriber.shape(of: value) {
        case .leaf(let text):
            output.raw("{\"v\":")
            output.string(text)
            output.raw("}")
        case .composite(let composite):
            if case .enumCase(let name) = composite.kind, composite.count == 0 {
                output.raw("{\"v\":")
                output.string("." + name)
                output.raw("}")
                return
            }
            output.raw("{\"k\":\"" + kindCode(composite.kind) + "\",\"t\":")
            output.string(composite.typeName)
            if case .enumCase(let name) = composite.kind {
                output.raw(",\"n\":")
                output.string(name)
            }
            output.raw(",\"c\":[")
            let positional = composite.kind == .list
            for (index, child) in composite.namedChildren.enumerated() {
                if index > 0 { output.raw(",") }
                if positional {
                    writeNode(child.value, to: output, depth: depth + 1)
                } else {
                    output.raw("[")
                    output.string(child.component.text)
                    output.raw(",")
                    writeNode(child.value, to: output, depth: depth + 1)
                    output.raw("]")
                }
            }
            output.raw("]}")
        }
    }

    private static func kindCode(_ kind: ValueDescriber.Composite.Kind) -> String {
        switch kind {
        case .structure: return "s"
        case .tuple: return "t"
        case .enumCase: return "e"
        case .list: return "l"
        case .identified: return "i"
        case .dictionary: return "d"
        case .set: return "set"
        }
    }

    /// Writes the changes from `from` to `to` as a JSON array.
    static func writeChanges(from: Any, to: Any, output: SessionJSONOutput) {
        writeChanges(ValueDiff.changes(from: from, to: to), to: output)
    }

    /// Writes `changes` as a JSON array (an array's count change, which the page does not need, is left out).
    static func writeChanges(_ changes: [ValueDiff.Change], to output: SessionJSONOutput) {
        output.raw("[")
        var first = true
        for change in changes where change.kind != .count {
            output.raw(first ? "{\"p\":[" : ",{\"p\":[")
            first = false
            for (index, component) in change.path.enumerated() {
                if index > 0 { output.raw(",") }
                output.string(component.text)
            }
            output.raw("]")
            switch change.kind {
            case .changed:
                output.raw(",\"op\":\"set\",\"to\":")
                writeNode(change.to as Any, to: output)
                if let to = change.to, let from = change.from,
                    ValueDescriber.line(to, nested: true) == ValueDescriber.line(from, nested: true),
                    let encoding = ValueDescriber.encodingText(to)
                {
                    // Unequal values that read the same: the encoding lets a replay tell them apart at this entry.
                    output.raw(",\"e\":")
                    output.string(encoding)
                }
            case .added:
                output.raw(",\"op\":\"add\",\"at\":\(change.position ?? 0),\"to\":")
                writeNode(change.to as Any, to: output)
            case .removed:
                output.raw(",\"op\":\"remove\"")
            case .reordered:
                output.raw(",\"op\":\"order\",\"order\":[")
                for (index, component) in (change.order ?? []).enumerated() {
                    if index > 0 { output.raw(",") }
                    output.string(component.text)
                }
                output.raw("]")
            case .count:
                break
            }
            output.raw("}")
        }
        output.raw("]")
    }

    /// The changes from `from` to `to`, as a value read back from their JSON: what a replay compares with the changes
    /// a session file recorded.
    static func changes(from: Any, to: Any) -> JSONValue {
        let output = SessionJSONOutput(file: nil)
        writeChanges(from: from, to: to, output: output)
        return (try? JSONValue(json: output.data)) ?? .null
    }

    /// Recorded changes, one line each, as a replay failure shows them: `.rows[id: 500].isOn → true`.
    static func lines(of changes: JSONValue) -> [String] {
        (changes.arrayValue ?? []).map { change in
            let path = (change["p"]?.arrayValue ?? []).compactMap(\.stringValue).joined()
            let location = path.isEmpty ? "(the whole state)" : path
            switch change["op"]?.stringValue {
            case "set": return location + " → " + line(of: change["to"])
            case "add": return location + ": added " + line(of: change["to"])
            case "remove": return location + ": removed"
            case "order": return location + ": reordered"
            default: return location
            }
        }
    }

    /// A node in one line, as the page writes it.
    static func line(of node: JSONValue?) -> String {
        guard let node else { return "" }
        if let text = node["v"]?.stringValue { return text }
        let children = node["c"]?.arrayValue ?? []
        let kind = node["k"]?.stringValue ?? ""
        func pair(_ child: JSONValue) -> (label: String, node: JSONValue?) {
            let parts = child.arrayValue ?? []
            return (parts.first?.stringValue ?? "", parts.count > 1 ? parts[1] : nil)
        }
        switch kind {
        case "l": return "[" + children.map { line(of: $0) }.joined(separator: ", ") + "]"
        case "i", "set": return "[" + children.map { line(of: pair($0).node) }.joined(separator: ", ") + "]"
        case "d":
            guard !children.isEmpty else { return "[:]" }
            return "["
                + children.map { child in
                    let (key, value) = pair(child)
                    return String(key.dropFirst().dropLast()) + ": " + line(of: value)
                }.joined(separator: ", ") + "]"
        case "e":
            let payload = children.first.map { pair($0).node } ?? nil
            let inner =
                payload?["k"]?.stringValue == "t" ? String(line(of: payload).dropFirst().dropLast()) : line(of: payload)
            return "." + (node["n"]?.stringValue ?? "") + "(" + inner + ")"
        default:
            let fields = children.map { child -> String in
                let (label, value) = pair(child)
                let name = String(label.dropFirst())
                return (kind == "t" && Int(name) != nil ? "" : name + ": ") + line(of: value)
            }
            return (node["t"]?.stringValue ?? "") + "(" + fields.joined(separator: ", ") + ")"
        }
    }
}
