extension ChildEffectHandler {
    /// Lifts the effects of the screens of a navigation stack into a parent feature, for ``ComposedEffectHandler``:
    /// each answer goes back to the screen that asked, as `.element(id:_:)` of the stack's event.
    ///
    /// ```swift
    /// ComposedEffectHandler(
    ///     .screens(effect: .screen, event: App.Event.path) { id, effect in screens.handle(effect) },
    ///     .own(StorageEffects(storage: storage))
    /// )
    /// ```
    ///
    /// It is ``rows(effect:event:perform:)-(EnumCase<Parent.Effect,(ID,RowEffect)>,_,_)`` with the stack's event
    /// embedding: an answer that arrives after its screen was popped is ignored by the parent's routing, like any late
    /// event (see ``StackEvent``), and a popped screen's runs were already stopped by the pop's cancellation.
    ///
    /// - Parameters:
    ///   - effect: The parent's effect case that wraps a screen's id and effect, such as `.screen` for
    ///     `case screen(StackElementID, Screen.Effect)` (see ``EnumCase``).
    ///   - event: The parent's event case for the stack's events, such as `App.Event.path`. Runs on the thread that
    ///     answers.
    ///   - perform: Performs one screen's effect, on the store's queue (<doc:Threading>), and answers as
    ///     ``EffectHandler/handle(effect:)`` does.
    /// - Returns: The lifted handler. It holds `perform` strongly.
    public static func screens<ScreenEffect, ScreenEvent, Answer: EffectAnswerConvertible>(
        effect: EnumCase<Parent.Effect, (StackElementID, ScreenEffect)>,
        event: @escaping @Sendable (StackEvent<ScreenEvent>) -> Parent.Event,
        perform: @escaping (StackElementID, ScreenEffect) -> Answer?
    ) -> ChildEffectHandler where Answer.Event == ScreenEvent {
        rows(effect: effect, event: { id, screenEvent in event(.element(id: id, screenEvent)) }, perform: perform)
    }

    /// Lifts the effects of a presented child (a sheet, a destination) into a parent feature, for
    /// ``ComposedEffectHandler``: each answer goes back to the child as `.presented(_:)`.
    ///
    /// ```swift
    /// ComposedEffectHandler(
    ///     .presented(effect: .addForm, event: MeetingsList.Event.addForm) { effect in forms.handle(effect) },
    ///     .own(ListEffects())
    /// )
    /// ```
    ///
    /// It is ``child(effect:event:perform:)-(EnumCase<Parent.Effect,ChildEffect>,_,_)`` with the presentation's event
    /// embedding: an answer that arrives after the child was dismissed is ignored by the parent's routing (see
    /// ``PresentationEvent``), and the dismissal's cancellation already stopped the child's runs.
    ///
    /// - Parameters:
    ///   - effect: The parent's effect case that wraps the child's effects (see ``EnumCase``).
    ///   - event: The parent's event case for the presentation's events, such as `MeetingsList.Event.addForm`. Runs
    ///     on the thread that answers.
    ///   - perform: Performs one of the child's effects, on the store's queue (<doc:Threading>), and answers as
    ///     ``EffectHandler/handle(effect:)`` does.
    /// - Returns: The lifted handler. It holds `perform` strongly.
    public static func presented<ChildEffect, ChildEvent, Answer: EffectAnswerConvertible>(
        effect: EnumCase<Parent.Effect, ChildEffect>,
        event: @escaping @Sendable (PresentationEvent<ChildEvent>) -> Parent.Event,
        perform: @escaping (ChildEffect) -> Answer?
    ) -> ChildEffectHandler where Answer.Event == ChildEvent {
        child(effect: effect, event: { childEvent in event(.presented(childEvent)) }, perform: perform)
    }
}
