import EffectStore
import EffectStoreLogging

extension Exploration {
    /// The explored machine as a Mermaid `stateDiagram-v2`, with effects on the edges.
    ///
    /// States get the ids `s0`, `s1`, … in the order they were found, with their description as the label; `[*]`
    /// points at the initial state. Each transition is drawn as `event / effect`, or `event` when it has no effect.
    /// The text is the same on every run, so a test can compare it with the copy in a README:
    ///
    /// ```swift
    /// let diagram = exploration.mermaid()
    /// // stateDiagram-v2
    /// //     state "idle" as s0
    /// //     state "loading" as s1
    /// //     [*] --> s0
    /// //     s0 --> s1: fetchProcesses / downloadProcesses
    /// //     …
    /// ```
    ///
    /// Labels are sanitised for Mermaid: `"` becomes `'`, `;` becomes `,`, `#` becomes `＃` and line breaks become
    /// spaces.
    ///
    /// - Parameter style: Labels and what to draw; the default ``DiagramStyle`` leaves out events that change nothing.
    /// - Returns: The diagram text, ending with a newline.
    public func mermaid(_ style: DiagramStyle<S> = DiagramStyle()) -> String {
        var lines = ["stateDiagram-v2"]
        for (index, state) in states.enumerated() {
            lines.append("    state \"\(mermaidText(stateLabel(state, style)))\" as s\(index)")
        }
        lines.append("    [*] --> s0")
        for edge in drawnEdges(style) {
            lines.append("    s\(edge.from) --> s\(edge.to): \(mermaidText(edgeLabel(edge, style)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The explored machine as a Graphviz DOT digraph, with effects on the edges.
    ///
    /// Node ids and order are those of ``mermaid(_:)``; a point-shaped `start` node marks the initial state.
    ///
    /// ```swift
    /// try exploration.dot().write(toFile: "machine.dot", atomically: true, encoding: .utf8)
    /// // dot -Tsvg machine.dot > machine.svg
    /// ```
    ///
    /// - Parameter style: Labels and what to draw; the default ``DiagramStyle`` leaves out events that change nothing.
    /// - Returns: The DOT text, ending with a newline.
    public func dot(_ style: DiagramStyle<S> = DiagramStyle()) -> String {
        var lines = [
            "digraph \(dotQuoted(Describing.label(S.self, maxLength: 0))) {",
            "    rankdir=LR;",
            "    node [shape=box, style=rounded];",
            "    start [shape=point];",
        ]
        for (index, state) in states.enumerated() {
            lines.append("    s\(index) [label=\(dotQuoted(stateLabel(state, style)))];")
        }
        lines.append("    start -> s0;")
        for edge in drawnEdges(style) {
            lines.append("    s\(edge.from) -> s\(edge.to) [label=\(dotQuoted(edgeLabel(edge, style)))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func drawnEdges(_ style: DiagramStyle<S>) -> [Edge] {
        guard !style.includeNoOps else { return edges }
        return edges.filter { $0.from != $0.to || $0.effect != nil }
    }

    private func stateLabel(_ state: S, _ style: DiagramStyle<S>) -> String {
        Describing.truncated(oneLine(style.stateLabel(state)), to: style.maxLabelLength)
    }

    private func edgeLabel(_ edge: Edge, _ style: DiagramStyle<S>) -> String {
        let event = Describing.truncated(oneLine(style.eventLabel(events[edge.event])), to: style.maxLabelLength)
        guard let effect = edge.effect else { return event }
        return event + " / " + Describing.truncated(oneLine(style.effectLabel(effect)), to: style.maxLabelLength)
    }

    private func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private func mermaidText(_ label: String) -> String {
        var text = ""
        for character in label {
            switch character {
            case "\"": text.append("'")
            case ";": text.append(",")
            case "#": text.append("＃")
            default: text.append(character)
            }
        }
        return text
    }

    private func dotQuoted(_ label: String) -> String {
        var text = "\""
        for character in label {
            switch character {
            case "\"": text.append("\\\"")
            case "\\": text.append("\\\\")
            default: text.append(character)
            }
        }
        return text + "\""
    }
}
