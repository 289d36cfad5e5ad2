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
public enum Planned<Work: Sendable>: ComposableEffect {
    /// Work for the effect handler: ``PlannedEffectHandler/perform(_:)`` receives `work`.
    case work(Work)
    /// Several effects, cancellation, order or time: what the operators of ``ComposableEffect`` build. The store
    /// carries it out and hands the handler only the work inside.
    case plan(EffectPlan<Planned<Work>>)

    /// The plan this effect carries, or `nil` for work.
    public var plan: EffectPlan<Planned<Work>>? {
        if case .plan(let plan) = self { plan } else { nil }
    }
}

extension Planned: Equatable where Work: Equatable {}
extension Planned: Hashable where Work: Hashable {}

extension Planned: CustomStringConvertible, CustomDebugStringConvertible {
    /// The effect as you write it: `.work(.search("swift"))`, or a plan in operator syntax, as ``EffectPlan``
    /// describes it: `.work(.search("swift")).cancellable(id: "search", cancelInFlight: true)`.
    public var description: String {
        switch self {
        case .work(let work): ".work(" + swiftText(work) + ")"
        case .plan(let plan): plan.description
        }
    }

    /// The same as ``description``: what a failed assertion and `debugPrint` show.
    public var debugDescription: String { description }
}

extension Planned: DescribedByParts {}

extension Planned: Encodable where Work: Encodable {
    /// Encodes work as its `Work` encodes itself, so that a recorded session compares it (EffectStoreSessions records
    /// a plan by its parts, and encodes only the work in it).
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` for a plan, which has no encoding of its own: encode the work in it.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .work(let work):
            try work.encode(to: encoder)
        case .plan:
            throw EncodingError.invalidValue(
                self,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription: "\(self) is a plan, which has no encoding of its own: encode the work in it."))
        }
    }
}

extension Planned: MessagingEffect where Work: MessagingEffect {
    /// Work that tells the parent `message`: `.work(.tell(message))`, written `.tell(message)`.
    ///
    /// A child with messages declares its `case tell(Message)` in its `Work`, which is a ``MessagingEffect``; its
    /// `Planned<Work>` effects then carry messages as the routing verbs expect:
    ///
    /// ```swift
    /// enum Work: MessagingEffect, Equatable {
    ///     case save(String)
    ///     case tell(Message)
    ///     var message: Message? { if case .tell(let message) = self { message } else { nil } }
    /// }
    /// typealias Effect = Planned<Work>
    ///
    /// // In handle(event:):
    /// return .tell(.done(title: title))
    /// ```
    ///
    /// - Parameter message: What to tell the parent.
    /// - Returns: The work that carries it.
    public static func tell(_ message: Work.Message) -> Planned { .work(.tell(message)) }

    /// The message of this effect's work; `nil` for other work and for a plan.
    public var message: Work.Message? {
        if case .work(let work) = self { work.message } else { nil }
    }
}
