import EffectStore

/// What the redaction of a value depends on its type for, learned once per type and kept for the process: whether
/// the value declares its redaction (a ``SessionRedacting`` state), is an event or an effect of a state that declares
/// one, or neither.
///
/// A child state's event is recorded nested in its parent's (`.signUp(.passwordChanged("…"))`), where nothing names
/// the child: the event's type is the one link to the state that declares what of it is secret. So every
/// ``SessionRedacting`` state the redaction meets — in a value it describes or encodes, or in the states an output walks
/// first (``learnDeclarations(showing:in:lookout:)``) — teaches it its `Event` and `Effect` types, and from then on a value of
/// one of those types, at any depth of any value, is redacted as that state declares. No routing is consulted: where
/// the parent keeps the child, and how it hands it its events, make no difference.
///
/// `package`: not public API. Thread-safe: one lock guards the books.
package enum RedactionsByType {
    /// What the redaction does with a value of a type.
    package enum Kind: Sendable {
        /// Nothing: the type declares nothing, and is no declaring state's event or effect (as far as is known).
        case plain
        /// The value is a ``SessionRedacting`` state: its own declaration redacts it.
        case declaring
        /// The value is an event or an effect of a ``SessionRedacting`` state (or of several): their declarations
        /// redact it.
        case partOfDeclaring(@Sendable (Any) -> Any)
    }

    private struct Books {
        var kinds: [ObjectIdentifier: Kind] = [:]
        /// The declaring states learned: each teaches its parts once.
        var states: Set<ObjectIdentifier> = []
        /// Raised each time a declaring state is learned: a type found in no state walked before may be found now.
        var generation = 0
    }

    private static let books = LockedBox.make(Books())

    /// What the redaction does with `value`, learned at the first value of its type: a declaring state teaches its
    /// event and effect types then.
    package static func kind(of value: Any) -> Kind {
        let id = ObjectIdentifier(type(of: value))
        if let kind = books.withLock({ $0.kinds[id] }) { return kind }
        if let redacting = value as? any SessionRedacting {
            learn(type(of: redacting))
            return .declaring
        }
        return books.withLock { books in
            if let kind = books.kinds[id] { return kind }  // learned meanwhile, on another thread
            books.kinds[id] = .plain
            return .plain
        }
    }

    /// Learns the declaring state `state` and its event and effect types, once.
    private static func learn(_ state: any SessionRedacting.Type) {
        let id = ObjectIdentifier(state)
        guard !books.withLock({ $0.states.contains(id) }) else { return }
        let parts = state.redactedParts  // the declaration is read outside the lock: it is the user's code
        books.withLock { books in
            guard books.states.insert(id).inserted else { return }
            books.kinds[id] = .declaring
            for (part, redact) in parts {
                switch books.kinds[part] {
                case .partOfDeclaring(let other): books.kinds[part] = .partOfDeclaring { redact(other($0)) }
                case .declaring: break  // a state that is another's event: its own declaration applies
                case .plain, nil: books.kinds[part] = .partOfDeclaring(redact)
                }
            }
            books.generation += 1
        }
    }

    // MARK: - Finding the declaring states behind what is shown

    /// Makes sure that the declaring states owning the types inside `values` — the events and effects an output is
    /// about to show or write — are known, by walking `states` (the states the output has at hand, where such a
    /// state lives) when a type inside `values` has not been looked for by this output since the last declaring state
    /// was learned. Cheap when nothing is new: a walk of `values` alone.
    ///
    /// - Parameters:
    ///   - values: What is about to be shown.
    ///   - states: The states around it; read only when a walk is needed.
    ///   - lookout: What this output looked for already.
    package static func learnDeclarations(showing values: [Any], in states: () -> [Any], lookout: Lookout) {
        let generation = books.withLock { $0.generation }
        var unresolved: Set<ObjectIdentifier> = []
        for value in values {
            collectUnresolved(in: value, depth: 0, lookout: lookout, at: generation, into: &unresolved)
        }
        guard !unresolved.isEmpty else { return }
        for state in states() { walk(state, depth: 0) }
        let plain = books.withLock { books in
            (unresolved.filter { if case .plain? = books.kinds[$0] { true } else { false } }, books.generation)
        }
        lookout.notFound.withLock { notFound in
            for id in plain.0 { notFound[id] = plain.1 }
        }
    }

    /// What one output — a logger, a test store, a write of a session — has looked for: the types of the values it
    /// showed that the states it walked did not own, with the generation of the books then. They are looked for
    /// again once a new declaring state is learned. Thread-safe.
    package final class Lookout: Sendable {
        fileprivate let notFound = LockedBox.make([ObjectIdentifier: Int]())

        package init() {}
    }

    /// Every declaring state in `value`, at any depth, learned.
    package static func learnDeclarations(in value: Any) {
        walk(value, depth: 0)
    }

    /// The types of the parts of `value` that are plain and not yet looked for since the last state learned.
    private static func collectUnresolved(
        in value: Any, depth: Int, lookout: Lookout, at generation: Int, into unresolved: inout Set<ObjectIdentifier>
    ) {
        guard depth < ValueDescriber.maxDepth else { return }
        let children = parts(of: value)
        guard !children.isEmpty else { return }  // a leaf: no event or effect of a child
        if case .plain = kind(of: value) {
            let id = ObjectIdentifier(type(of: value))
            if lookout.notFound.withLock({ $0[id] != generation }) { unresolved.insert(id) }
        }
        for child in children {
            collectUnresolved(in: child, depth: depth + 1, lookout: lookout, at: generation, into: &unresolved)
        }
    }

    private static func walk(_ value: Any, depth: Int) {
        guard depth < ValueDescriber.maxDepth else { return }
        _ = kind(of: value)  // learns a declaring state
        for child in parts(of: value) { walk(child, depth: depth + 1) }
    }

    /// The parts of `value`: its ``/EffectStore/CustomValueStructure``'s, or its `Mirror`'s children (an optional's
    /// wrapped value, a dictionary's keys and values).
    private static func parts(of value: Any) -> [Any] {
        if let custom = value as? any CustomValueStructure {
            switch custom.valueStructure.parts {
            case .fields(let fields): return fields.map(\.value)
            case .identified(let elements): return elements.map(\.element)
            case .elements(let elements): return elements
            case .text: return []
            }
        }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle != nil else { return [] }
        var children = mirror.children.map(\.value)
        var superclass = mirror.superclassMirror
        while let next = superclass {
            children += next.children.map(\.value)
            superclass = next.superclassMirror
        }
        return children
    }
}

extension SessionRedacting {
    /// The types of this state's events and effects, each with the function that redacts a value of it as this state
    /// declares; none for what the declaration leaves alone, or for a type the encoding writes as it is (a `String`
    /// event is not told apart from any other string).
    fileprivate static var redactedParts: [(ObjectIdentifier, @Sendable (Any) -> Any)] {
        let redaction = sessionRedaction
        var parts: [(ObjectIdentifier, @Sendable (Any) -> Any)] = []
        if redaction.redactsEvents, !isPrimitive(Event.self) {
            parts.append((ObjectIdentifier(Event.self), { ($0 as? Event).map { redaction.redacted(event: $0) } ?? $0 }))
        }
        if redaction.redactsEffects, !isPrimitive(Effect.self) {
            parts.append(
                (ObjectIdentifier(Effect.self), { ($0 as? Effect).map { redaction.redacted(effect: $0) } ?? $0 }))
            // A parent's work holds a child's work, not its effect: the work is redacted as the child's effect that
            // is only that work.
            if let composable = Effect.self as? any ComposableEffect.Type, let work = workPart(of: composable) {
                parts.append(work)
            }
        }
        return parts
    }

    /// The child's work type, redacted as the child's effect `.work(work)` is.
    private static func workPart<E: ComposableEffect>(of _: E.Type) -> (ObjectIdentifier, @Sendable (Any) -> Any)? {
        guard E.Work.self != E.self, !isPrimitive(E.Work.self) else { return nil }
        let redaction = sessionRedaction
        return (
            ObjectIdentifier(E.Work.self),
            { value in
                guard let work = value as? E.Work, let effect = E.work(work) as? Effect,
                    let redacted = redaction.redacted(effect: effect) as? E
                else { return value }
                return redacted.work ?? value
            }
        )
    }
}

/// Whether `type` is one the describer and the encoding take as a whole, with no parts: a string, a number, a Boolean.
private func isPrimitive(_ type: Any.Type) -> Bool {
    type is String.Type || type is Substring.Type || type is Character.Type || type is Bool.Type || type is Int.Type
        || type is Double.Type || type is Float.Type || type is Never.Type
}
