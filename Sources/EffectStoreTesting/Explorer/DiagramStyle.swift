import EffectStore
import EffectStoreLogging

/// How ``Exploration/mermaid(_:)`` and ``Exploration/dot(_:)`` draw a machine: labels, their length, and whether
/// events that change nothing are drawn.
///
/// By default a state is labelled with `String(describing:)` of it, without module prefixes and with the elements
/// of sets and dictionaries sorted (so the diagram is the same on every run), cut at 48 characters; an edge with
/// `event / effect`; and events that change nothing are left out.
///
/// ```swift
/// var style = DiagramStyle<ProcessState>()
/// style.stateLabel = { state in
///     switch state {
///     case .idle: return "idle"
///     case .loading: return "loading"
///     case .loaded(let processes): return "loaded (\(processes.count))"
///     case .error: return "error"
///     }
/// }
/// let diagram = exploration.mermaid(style)
/// ```
///
/// The closures run synchronously on the thread that renders the diagram.
public struct DiagramStyle<S: State> {
    /// Whether to draw events that keep the state and produce no effect, as self-loops. `false` by default.
    public var includeNoOps: Bool
    /// The longest a label may be before it is cut with "…". 48 by default.
    public var maxLabelLength: Int
    /// A state's label, before sanitising and cutting.
    public var stateLabel: (S) -> String
    /// An event's label, before sanitising and cutting.
    public var eventLabel: (S.Event) -> String
    /// An effect's label, before sanitising and cutting.
    public var effectLabel: (S.Effect) -> String

    /// Creates a style.
    ///
    /// ```swift
    /// let style = DiagramStyle<Door>(includeNoOps: true, maxLabelLength: 24)
    /// ```
    ///
    /// - Parameters:
    ///   - includeNoOps: Whether to draw events that change nothing; `false` by default.
    ///   - maxLabelLength: The longest label, in characters; 48 by default.
    ///   - stateLabel: A state's label; `nil` (the default) for ``plainLabel(_:)``.
    ///   - eventLabel: An event's label; `nil` (the default) for ``plainLabel(_:)``.
    ///   - effectLabel: An effect's label; `nil` (the default) for ``plainLabel(_:)``.
    public init(
        includeNoOps: Bool = false,
        maxLabelLength: Int = 48,
        stateLabel: ((S) -> String)? = nil,
        eventLabel: ((S.Event) -> String)? = nil,
        effectLabel: ((S.Effect) -> String)? = nil
    ) {
        self.includeNoOps = includeNoOps
        self.maxLabelLength = maxLabelLength
        self.stateLabel = stateLabel ?? { DiagramStyle.plainLabel($0) }
        self.eventLabel = eventLabel ?? { DiagramStyle.plainLabel($0) }
        self.effectLabel = effectLabel ?? { DiagramStyle.plainLabel($0) }
    }

    /// The default label of any value: `String(describing:)` on one line, without module prefixes, with the elements
    /// of every `Set` and `Dictionary` inside it sorted, so that the label is the same on every run.
    ///
    /// Use it in a custom label closure to fall back to the default for some values:
    ///
    /// ```swift
    /// style.stateLabel = { state in
    ///     if case .loaded(let processes) = state { return "loaded (\(processes.count))" }
    ///     return DiagramStyle<ProcessState>.plainLabel(state)
    /// }
    /// ```
    ///
    /// - Parameter value: Any value.
    /// - Returns: Its label, not yet cut to ``maxLabelLength`` (the renderers do that).
    public static func plainLabel(_ value: Any) -> String {
        Describing.label(value, maxLength: 0)
    }
}
