/// A feature's effect type, ready-made: the work its effect handler performs, or a plan of such work — several at
/// once, cancellation, ordering and time.
///
/// Declare what your handler performs as a plain enum, `Work`, and name `Planned<Work>` your state's `Effect`. Every
/// operator of ``ComposableEffect`` works on it, and the store carries out the plans; nothing more to write:
///
/// ```swift
/// struct Stopwatch: State, Equatable {
///     var elapsed = EffectDuration.zero
///     enum Event: Sendable, Equatable { case start, stop, tick }
///     enum Work: Sendable, Equatable { case tick }
///     typealias Effect = Planned<Work>
///
///     static var initialState: Stopwatch { Stopwatch() }
///
///     mutating func handle(event: Event) -> Effect? {
///         switch event {
///         case .start:
///             return Effect.work(.tick).delayed(by: .milliseconds(100), id: "ticking")
///         case .tick:
///             elapsed = elapsed + .milliseconds(100)
///             return Effect.work(.tick).delayed(by: .milliseconds(100), id: "ticking")
///         case .stop:
///             return .cancel(id: "ticking")
///         }
///     }
/// }
///
/// // In a test:
/// var watch = Stopwatch()
/// XCTAssertEqual(watch.handle(event: .stop), .cancel(id: "ticking"))
/// ```
///
/// Its handler names only the work, as a ``PlannedEffectHandler``. A `Planned` value describes itself as you write
/// it — `.work(.tick).delayed(by: 100 ms, id: "ticking")` — in a failed `#expect` or `XCTAssertEqual`, a test store's
/// message and a log.
///
/// A feature whose effect type must be an enum of its own (one with several kinds of effects at its top level, for
/// instance) conforms to ``ComposableEffect`` itself: see <doc:EffectsInPractice#An-effect-enum-of-your-own>.
public typealias Planned<Work: Sendable> = PlannedEffect<Work, Never>

/// ``Planned``, for a child feature that also tells its parent messages: the work its effect handler performs, a
/// message for the parent, or a plan of such effects.
///
/// Declare the messages as an enum beside the work, and name `PlannedEffect<Work, Message>` the state's `Effect`. A
/// parent can then route the child only with a `messages:` closure, which receives each message in the transition
/// that tells it (<doc:Navigation#A-child-tells-its-parent-messages>):
///
/// ```swift
/// struct EditForm: ChildState, Equatable {
///     var title: String
///
///     enum Event: Sendable { case titleChanged(String), doneTapped }
///     enum Message: Sendable, Equatable { case done(title: String) }
///     enum Work: Sendable, Equatable { case validate(String) }
///     typealias Effect = PlannedEffect<Work, Message>
///
///     mutating func handle(event: Event) -> Effect? {
///         switch event {
///         case .titleChanged(let title): self.title = title; return .work(.validate(title))
///         case .doneTapped: return .tell(.done(title: title))
///         }
///     }
/// }
/// ```
///
/// A message is what the child decides in this transition, for the parent to act on in it: tell it on its own or
/// among the effects of an ``ComposableEffect/all(_:)-([Self])``, never inside a timed, queued or cancellable plan,
/// which a routing parent refuses with a message that says how to fix it.
public enum PlannedEffect<Work: Sendable, Message: Sendable>: ComposableEffect {
    /// Work for the effect handler: ``PlannedEffectHandler/perform(_:)`` receives `work`.
    case work(Work)
    /// A message for the parent feature, which its routing `messages:` closure receives in the same transition.
    case tell(Message)
    /// Several effects, cancellation, order or time: what the operators of ``ComposableEffect`` build. The store
    /// carries it out and hands the handler only the work inside.
    case plan(EffectPlan<PlannedEffect>)

    /// The plan this effect carries, or `nil` for work or a message.
    public var plan: EffectPlan<PlannedEffect>? {
        if case .plan(let plan) = self { plan } else { nil }
    }

    /// The work this effect carries, or `nil` for a plan or a message.
    public var work: Work? {
        if case .work(let work) = self { work } else { nil }
    }

    /// The message this effect tells, or `nil` for work or a plan.
    public var message: Message? {
        if case .tell(let message) = self { message } else { nil }
    }
}

extension PlannedEffect: Equatable where Work: Equatable, Message: Equatable {}
extension PlannedEffect: Hashable where Work: Hashable, Message: Hashable {}

extension PlannedEffect: CustomStringConvertible, CustomDebugStringConvertible {
    /// The effect as you write it: `.work(.search("swift"))`, or a plan in operator syntax, as ``EffectPlan``
    /// describes it: `.work(.search("swift")).cancellable(id: "search", cancelInFlight: true)`.
    public var description: String {
        switch self {
        case .work(let work): ".work(" + swiftText(work) + ")"
        case .tell(let message): ".tell(" + swiftText(message) + ")"
        case .plan(let plan): plan.description
        }
    }

    /// The same as ``description``: what a failed assertion and `debugPrint` show.
    public var debugDescription: String { description }
}

extension PlannedEffect: DescribedByParts {}

extension PlannedEffect: Encodable where Work: Encodable, Message: Encodable {
    /// Encodes work as its `Work` encodes itself, so that a recorded session compares it (EffectStoreSessions records
    /// a plan by its parts, and encodes only the work in it).
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` for a plan, which has no encoding of its own: encode the work in it.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .work(let work):
            try work.encode(to: encoder)
        case .tell(let message):
            try message.encode(to: encoder)
        case .plan:
            throw EncodingError.invalidValue(
                self,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription: "\(self) is a plan, which has no encoding of its own: encode the work in it."))
        }
    }
}
