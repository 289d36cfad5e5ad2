/// A parent feature's effect handler, built from its children's handlers.
///
/// A parent ``State`` lifts each child's effect into its own effect type (see
/// <doc:BuildingAnAppFromFeatures>). This handler takes such a parent effect back apart, gives the child's effect
/// to the child's handler, and lifts the event the child answers with into the parent's event type. You write only
/// two things per child: the ``EnumCase`` of the parent's effect that holds the child's, and the parent's event case:
///
/// ```swift
/// let appEffects = ComposedEffectHandler<AppState>(
///     .child(effect: .session, event: AppState.Event.session, perform: SessionEffects().handle),
///     .child(effect: .process, event: AppState.Event.process, perform: ProcessEffects(service: service).handle)
/// )
/// let appStore = Store<AppState>(effectHandler: appEffects)
/// ```
///
/// Each effect goes to the first part that claims it: a child whose effect case it is, or — for the parent's own
/// effects, such as saving the whole list — the parent's own handler, listed last with
/// ``ChildEffectHandler/own(_:)``:
///
/// ```swift
/// let todoEffects = ComposedEffectHandler<TodoList>(
///     .rows(effect: .todo, event: TodoList.Event.todo) { _, effect in reminders.handle(effect) },
///     .own(TodoListEffects(storage: storage))   // .load and .save: the list's own effects
/// )
/// ```
///
/// An effect that no part claims is a programmer error: the handler stops with a message that names the effect and
/// how to fix it, rather than drop the effect and leave its dispatch resolved with nothing done.
///
/// ## Threading and lifetime
///
/// ``handle(effect:)`` runs on the store's queue, and calls the child's handler there, synchronously; the lifted
/// future resolves on the thread that resolves the child's future (<doc:Threading>). This
/// handler holds the child handlers strongly, so they live as long as the store that holds it.
public final class ComposedEffectHandler<S: State>: EffectHandler {
    private let children: [ChildEffectHandler<S>]

    /// Creates a handler that routes each effect to the child handler that claims it.
    ///
    /// - Parameter children: Child handlers lifted with ``ChildEffectHandler/child(effect:event:perform:)`` or
    ///   ``ChildEffectHandler/rows(effect:event:perform:)``, and the parent's own, ``ChildEffectHandler/own(_:)``.
    public init(_ children: ChildEffectHandler<S>...) {
        self.children = children
    }

    /// Gives `effect` to the child handler whose effect case it is, and lifts its answer.
    ///
    /// - Parameter effect: A parent effect.
    /// - Returns: The child's answer — a future or a run — mapped to the parent's event, or `nil`.
    public func handle(effect: S.Effect) -> EffectAnswer<S.Event>? {
        for child in children {
            if let claimed = child.handleIfOwn(effect) { return claimed.answer }
        }
        fatalError(
            """
            ComposedEffectHandler<\(S.self)>: no part claims effect \(described(effect)), so nothing would \
            perform it.
            To fix, add the handler of the child whose case it is (`.child` or `.rows`), or `.own(handler)` \
            for the parent's own effects.
            """)
    }
}

/// A child feature's effect handler, lifted into a parent feature's effect and event types.
///
/// Made by ``child(effect:event:perform:)`` for a child, ``rows(effect:event:perform:)`` for rows and screens, and
/// ``own(_:)`` for the parent's own effects; combined by ``ComposedEffectHandler``:
///
/// ```swift
/// let appEffects = ComposedEffectHandler<AppState>(
///     .child(effect: .session, event: AppState.Event.session, perform: SessionEffects().handle),
///     .rows(effect: .todo, event: AppState.Event.todo) { id, effect in reminders.handle(effect) },
///     .own(AppEffects())   // last: it claims every effect that reaches it
/// )
/// ```
public struct ChildEffectHandler<Parent: State> {
    /// Answers a parent effect when it is this child's, with the child's answer lifted; `nil` when it is not.
    let handleIfOwn: (Parent.Effect) -> Claimed?

    /// A claimed effect's answer, lifted; `nil` when the child answers nothing.
    struct Claimed {
        let answer: EffectAnswer<Parent.Event>?
    }
}

extension ChildEffectHandler {
    /// The parent's own effect handler, for the effects the parent asks for itself rather than lifts from a child
    /// (saving the whole list, a parent-level analytics call): it claims every effect that reaches it, so list it
    /// last in the ``ComposedEffectHandler``.
    ///
    /// ```swift
    /// final class TodoListEffects: EffectHandler {
    ///     func handle(effect: TodoList.Effect) -> EffectAnswer<TodoList.Event>? {
    ///         switch effect {
    ///         case .save(let todos): return .run { send in … }
    ///         case .todo, .plan: return nil   // claimed by the rows; plans never reach a handler
    ///         }
    ///     }
    /// }
    /// let todoEffects = ComposedEffectHandler<TodoList>(
    ///     .rows(effect: .todo, event: TodoList.Event.todo) { _, effect in reminders.handle(effect) },
    ///     .own(TodoListEffects())
    /// )
    /// ```
    ///
    /// - Parameter handler: A handler of the parent's own state type. Runs on the store's queue, like every handler
    ///   (<doc:Threading>); the composed handler holds it strongly.
    /// - Returns: The part that hands every effect it sees to `handler`.
    public static func own<H: EffectHandler>(_ handler: H) -> ChildEffectHandler
    where H.HandledEffect == Parent.Effect, H.HandledEvent == Parent.Event {
        ChildEffectHandler { effect in Claimed(answer: handler.handle(effect: effect)?.effectAnswer) }
    }
}
