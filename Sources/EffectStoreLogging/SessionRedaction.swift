import EffectStore

/// What a recorded session and a log never hold: state fields, event payloads and effect payloads replaced by
/// placeholders before anything is recorded, written to a file, shown on the inspector's page or logged.
///
/// Declare it on the state (``SessionRedacting``) to have it everywhere a value leaves the program: EffectStoreSessions'
/// recorder, session file, page and replays, this module's ``TransitionLogger``, and EffectStoreTesting's replay
/// and test-store failures. It lives here, in EffectStoreLogging, so that all of them see it; import
/// EffectStoreLogging to write one.
/// A recorder may be given one more (EffectStoreSessions' `SessionRecorder(recording:limit:byteLimit:redacting:)`); both
/// apply when both are given:
///
/// ```swift
/// let recorder = SessionRecorder(
///     recording: store,
///     redacting: SessionRedaction<SignUp>()
///         .replacing(\.password, with: "•••")
///         .events { event in
///             guard case .passwordChanged = event else { return event }
///             return .passwordChanged("•••")
///         }
///         .effects { effect in
///             guard case .checkStrength = effect else { return effect }
///             return .checkStrength("•••")
///         }
/// )
/// ```
///
/// The recorder redacts each transition as it records it, on the store's queue, so that its log holds the placeholders
/// only; `SessionLog.write(to:)` applies the redaction the state declares again, so that a log made by hand is
/// covered too. Redacting a value twice gives the same value.
///
/// What is redacted where, and what is not — a replay of redacted events among them — is said once, in the
/// EffectStoreSessions article's "What is redacted where, and what is not".
public struct SessionRedaction<S: State>: Sendable {
    private var stateRedactions: [@Sendable (inout S) -> Void] = []
    private var eventRedactions: [@Sendable (S.Event) -> S.Event] = []
    private var effectRedactions: [@Sendable (S.Effect) -> S.Effect] = []

    /// A redaction that replaces nothing yet; add to it with ``replacing(_:with:)``, ``state(_:)``, ``events(_:)`` and
    /// ``effects(_:)``.
    ///
    /// ```swift
    /// let redaction = SessionRedaction<SignUp>().replacing(\.password, with: "")
    /// ```
    public init() {}

    /// This redaction, and also the state field at `field` replaced by `placeholder`.
    ///
    /// ```swift
    /// SessionRedaction<SignUp>().replacing(\.password, with: "•••").replacing(\.token, with: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - field: A writable property of the state (or of a part of it).
    ///   - placeholder: What the session holds instead.
    /// - Returns: The redaction with the field added.
    public func replacing<Value: Sendable>(
        _ field: WritableKeyPath<S, Value> & Sendable, with placeholder: Value
    ) -> SessionRedaction {
        state { $0[keyPath: field] = placeholder }
    }

    /// This redaction, and also `redact` applied to every recorded state: for a secret a key path cannot reach, such as
    /// one inside an enum's case.
    ///
    /// ```swift
    /// SessionRedaction<App>().state { app in
    ///     if case .signIn(var form) = app.screen { form.password = ""; app.screen = .signIn(form) }
    /// }
    /// ```
    ///
    /// - Parameter redact: Replaces what must not be recorded, in place. Called on the store's queue for a recorder's
    ///   redaction, on the writing thread for a declared one; it must be pure and quick.
    /// - Returns: The redaction with `redact` added.
    public func state(_ redact: @escaping @Sendable (inout S) -> Void) -> SessionRedaction {
        var copy = self
        copy.stateRedactions.append(redact)
        return copy
    }

    /// This redaction, and also `redact` applied to every recorded event: return the event with its secret replaced,
    /// or the event as it is.
    ///
    /// ```swift
    /// .events { event in
    ///     guard case .passwordChanged = event else { return event }
    ///     return .passwordChanged("•••")
    /// }
    /// ```
    ///
    /// - Parameter redact: Returns the event to record. Called on the store's queue for a recorder's redaction, on the
    ///   writing thread for a declared one; it must be pure and quick.
    /// - Returns: The redaction with `redact` added.
    public func events(_ redact: @escaping @Sendable (S.Event) -> S.Event) -> SessionRedaction {
        var copy = self
        copy.eventRedactions.append(redact)
        return copy
    }

    /// This redaction, and also `redact` applied to every recorded effect: return the effect with its secret replaced,
    /// or the effect as it is.
    ///
    /// A plan is seen through: `redact` gets each effect inside it (in `.cancellable(…)`, `.all(…)`, `.queued(…)` and
    /// the others), never the plan, and the plan keeps its ids and times.
    ///
    /// ```swift
    /// .effects { effect in
    ///     guard case .signUp(let email, _) = effect else { return effect }
    ///     return .signUp(email: email, password: "•••")
    /// }
    /// ```
    ///
    /// - Parameter redact: Returns the effect to record. Called on the store's queue for a recorder's redaction, on the
    ///   writing thread for a declared one; it must be pure and quick.
    /// - Returns: The redaction with `redact` added.
    public func effects(_ redact: @escaping @Sendable (S.Effect) -> S.Effect) -> SessionRedaction {
        var copy = self
        copy.effectRedactions.append(redact)
        return copy
    }

    /// This redaction followed by `other`.
    ///
    /// ```swift
    /// let both = SignUp.sessionRedaction.combined(with: SessionRedaction<SignUp>().replacing(\.email, with: ""))
    /// ```
    ///
    /// - Parameter other: Another redaction of the same state.
    /// - Returns: A redaction that applies both.
    public func combined(with other: SessionRedaction) -> SessionRedaction {
        var copy = self
        copy.stateRedactions += other.stateRedactions
        copy.eventRedactions += other.eventRedactions
        copy.effectRedactions += other.effectRedactions
        return copy
    }

    /// `state` with every state redaction applied.
    ///
    /// ```swift
    /// XCTAssertEqual(redaction.redacted(SignUp(password: "hunter2")).password, "•••")
    /// ```
    ///
    /// - Parameter state: A state.
    /// - Returns: The state as a session records it. Runs on the calling thread.
    public func redacted(_ state: S) -> S {
        guard !stateRedactions.isEmpty else { return state }
        var state = state
        for redact in stateRedactions { redact(&state) }
        return state
    }

    /// `event` with every event redaction applied.
    ///
    /// ```swift
    /// XCTAssertEqual(redaction.redacted(event: .passwordChanged("hunter2")), .passwordChanged("•••"))
    /// ```
    ///
    /// - Parameter event: An event.
    /// - Returns: The event as a session records it. Runs on the calling thread.
    public func redacted(event: S.Event) -> S.Event {
        eventRedactions.reduce(event) { $1($0) }
    }

    /// `effect` with every effect redaction applied.
    ///
    /// ```swift
    /// XCTAssertEqual(redaction.redacted(effect: .checkStrength("hunter2")), .checkStrength("•••"))
    /// ```
    ///
    /// - Parameter effect: An effect.
    /// - Returns: The effect as a session records it. Runs on the calling thread.
    public func redacted(effect: S.Effect) -> S.Effect {
        guard !effectRedactions.isEmpty else { return effect }
        if let planReader = planReader(for: S.Effect.self), let plan = planReader(effect),
            let rebuilt = Self.effect(carrying: plan.map { redacted(effect: $0) })
        {
            return rebuilt
        }
        return effectRedactions.reduce(effect) { $1($0) }
    }

    /// The effect that carries `plan`, when the effect type is a ``/EffectStore/ComposableEffect``.
    private static func effect(carrying plan: EffectPlan<S.Effect>) -> S.Effect? {
        guard let composable = S.Effect.self as? any ComposableEffect.Type else { return nil }
        return composable.effect(carrying: plan)
    }

    /// Whether this redaction replaces nothing.
    package var isEmpty: Bool { stateRedactions.isEmpty && eventRedactions.isEmpty && effectRedactions.isEmpty }

    /// Whether it replaces something in events.
    package var redactsEvents: Bool { !eventRedactions.isEmpty }

    /// Whether it replaces something in effects.
    package var redactsEffects: Bool { !effectRedactions.isEmpty }
}

/// A state that says what of it a recorded session and a log never hold: every session recorder of it, every session
/// file written, every replay failure, every test-store failure and every ``TransitionLogger`` applies
/// ``sessionRedaction`` — also where the state is a part of another, at any depth (a property, an optional, a row, an
/// enum's payload, an event's payload), and to its events and effects where a parent's carry them, at any depth;
/// see the EffectStoreSessions article's "What is redacted where, and what is not".
///
/// ```swift
/// extension SignUp: SessionRedacting {
///     static var sessionRedaction: SessionRedaction<SignUp> {
///         SessionRedaction().replacing(\.password, with: "•••").events { event in
///             guard case .passwordChanged = event else { return event }
///             return .passwordChanged("•••")
///         }
///     }
/// }
/// ```
public protocol SessionRedacting: State {
    /// What a recorded session or a log of this state never holds. Read once per recorder, logger and file written,
    /// on the thread that makes it.
    static var sessionRedaction: SessionRedaction<Self> { get }
}

extension SessionRedacting {
    /// ``sessionRedaction``, for code that knows the state only as `any SessionRedacting.Type`.
    static var anySessionRedaction: Any { sessionRedaction }
}

extension SessionRedaction {
    /// The redaction `S` declares (``SessionRedacting``), if it declares one.
    package static var declared: SessionRedaction? {
        guard let redacting = S.self as? any SessionRedacting.Type else { return nil }
        return redacting.anySessionRedaction as? SessionRedaction
    }

    /// `transition` with its states, event and effect redacted.
    package func redacted(_ transition: StoreTransition<S>) -> StoreTransition<S> {
        guard !isEmpty else { return transition }
        return StoreTransition(
            sequenceNumber: transition.sequenceNumber, time: transition.time, origin: transition.origin,
            event: transition.event.map { redacted(event: $0) }, from: redacted(transition.from),
            to: redacted(transition.to), effect: transition.effect.map { redacted(effect: $0) },
            changedState: transition.changedState)
    }
}

extension ComposableEffect {
    /// `Self.plan(plan)` as an `E`, when `plan` is a plan of `Self` under the name `E`: the casts change no value.
    fileprivate static func effect<E>(carrying plan: EffectPlan<E>) -> E? {
        guard let plan = plan as? EffectPlan<Self> else { return nil }
        return Self.plan(plan) as? E
    }
}

/// The redaction a state declares (``SessionRedacting``), for code that knows the state only as a
/// ``/EffectStore/ChildState``: EffectStoreTesting's test store, whose failure messages show no declared secret.
package struct DeclaredRedaction<S: ChildState>: Sendable {
    /// The state with its declared secrets replaced.
    package let state: @Sendable (S) -> S
    /// The event with its declared secrets replaced.
    package let event: @Sendable (S.Event) -> S.Event
    /// The effect with its declared secrets replaced, seen through plans.
    package let effect: @Sendable (S.Effect) -> S.Effect

    /// What `S` declares, or `nil` when it declares nothing to replace.
    package static var declared: DeclaredRedaction? {
        guard let redacting = S.self as? any SessionRedacting.Type else { return nil }
        return redacting.declaredRedaction(of: S.self)
    }
}

extension SessionRedacting {
    /// ``sessionRedaction`` over `T`, which is `Self`: the casts change no value.
    fileprivate static func declaredRedaction<T: ChildState>(of _: T.Type) -> DeclaredRedaction<T>? {
        let redaction = sessionRedaction
        guard !redaction.isEmpty else { return nil }
        return DeclaredRedaction(
            state: { state in (state as? Self).flatMap { redaction.redacted($0) as? T } ?? state },
            event: { event in (event as? Event).flatMap { redaction.redacted(event: $0) as? T.Event } ?? event },
            effect: { effect in (effect as? Effect).flatMap { redaction.redacted(effect: $0) as? T.Effect } ?? effect })
    }
}
