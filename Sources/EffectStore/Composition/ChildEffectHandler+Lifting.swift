extension ChildEffectHandler {
    /// Lifts the effects of a collection's rows into a parent feature, for ``ComposedEffectHandler``: each row effect
    /// goes to `perform` with its row's id, and the event it answers comes back with the same id.
    ///
    /// The parent routes its rows with ``ChildState/handle(_:in:effect:)``, which lifts a row's effect with the row's
    /// id into a case such as `Effect.todo(id:_:)`; this takes such effects apart again. A stack's screens are rows
    /// whose id is a ``StackElementID``, answered through the stack's ``StackEvent``:
    /// `.rows(effect: .screen, event: { .path(.element(id: $0, $1)) }) { id, effect in screens.handle(effect) }`.
    ///
    /// ```swift
    /// let effects = ComposedEffectHandler<TodoList>(
    ///     .rows(effect: .todo, event: TodoList.Event.todo) { id, effect in
    ///         reminders.handle(effect)
    ///     },
    ///     .child(effect: .storage, event: TodoList.Event.storage, perform: storage.handle(effect:))
    /// )
    /// ```
    ///
    /// Rows need not be ``State``s: this asks only for the row's effect and event types.
    ///
    /// - Parameters:
    ///   - effect: The parent's effect case that wraps a row's id and effect, such as `.todo` for
    ///     `case todo(id: Todo.ID, Todo.Effect)`: an ``EnumCase`` whose value is the pair `(Todo.ID, Todo.Effect)`.
    ///   - event: Embeds a row's id and event in the parent's event type, such as `TodoList.Event.todo`. Runs on the
    ///     thread that resolves the row effect's future.
    ///   - perform: Performs one row's effect, on the store's queue (<doc:Threading>), and answers as
    ///     ``EffectHandler/handle(effect:)`` does: with a ``Future`` or an ``EffectAnswer``. A closure that only ever
    ///     returns `nil` names its answer type: `{ (id, effect) -> Future<Todo.Event>? in … }`.
    /// - Returns: The lifted handler. It holds `perform` strongly.
    public static func rows<ID: Sendable, RowEffect, RowEvent, Answer: EffectAnswerConvertible>(
        effect: EnumCase<Parent.Effect, (ID, RowEffect)>,
        event: @escaping @Sendable (ID, RowEvent) -> Parent.Event,
        perform: @escaping (ID, RowEffect) -> Answer?
    ) -> ChildEffectHandler where Answer.Event == RowEvent {
        ChildEffectHandler { parentEffect in
            guard let (id, rowEffect) = effect.extract(from: parentEffect) else { return nil }
            return Claimed(answer: perform(id, rowEffect)?.effectAnswer.map { event(id, $0) })
        }
    }
}

extension ChildEffectHandler {
    /// Lifts the effects of one child into a parent feature, for ``ComposedEffectHandler``: each of the child's
    /// effects goes to `perform`, and the event it answers comes back in the parent's event type.
    ///
    /// `perform` is the child's handler, ``EffectHandler/handle(effect:)``, or any function that performs the
    /// child's effects — for a child with no ``EffectHandler`` of its own, such as a ``ChildState`` that is not a
    /// ``State``. A presented child is lifted the same way, its answers wrapped in ``PresentationEvent/presented(_:)``:
    ///
    /// ```swift
    /// let effects = ComposedEffectHandler<AppState>(
    ///     .child(effect: .process, event: AppState.Event.process, perform: ProcessEffects(service: service).handle),
    ///     .child(effect: .sheet, event: { .sheet(.presented($0)) }) { effect in analytics.handle(effect) }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - effect: The parent's effect case that wraps the child's effects, such as `.analytics` for
    ///     `case analytics(Analytics.Effect)` (see ``EnumCase``).
    ///   - event: Embeds the child's event in the parent's event type. Runs on the thread that resolves the child
    ///     effect's future.
    ///   - perform: Performs one child effect, on the store's queue (<doc:Threading>), and answers as
    ///     ``EffectHandler/handle(effect:)`` does: with a ``Future`` or an ``EffectAnswer``. A closure that only ever
    ///     returns `nil` names its answer type: `{ (effect) -> Future<Analytics.Event>? in … }`.
    /// - Returns: The lifted handler. It holds `perform` strongly.
    public static func child<ChildEffect, ChildEvent, Answer: EffectAnswerConvertible>(
        effect: EnumCase<Parent.Effect, ChildEffect>,
        event: @escaping @Sendable (ChildEvent) -> Parent.Event,
        perform: @escaping (ChildEffect) -> Answer?
    ) -> ChildEffectHandler where Answer.Event == ChildEvent {
        ChildEffectHandler { parentEffect in
            guard let childEffect = effect.extract(from: parentEffect) else { return nil }
            return Claimed(answer: perform(childEffect)?.effectAnswer.map(event))
        }
    }
}
