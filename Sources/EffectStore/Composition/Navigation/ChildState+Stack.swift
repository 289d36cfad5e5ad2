/// An event for a ``ScreenStack``: one screen's own event, or the user going back.
///
/// The parent wraps it in one case of its own event and routes it with
/// ``ChildState/handle(_:in:effect:)-(StackEvent<Screen.Event>,_,_)``:
///
/// ```swift
/// enum Event: Sendable {
///     case path(StackEvent<Screen.Event>)
///     // …
/// }
/// ```
///
/// A view sends `.popFrom(id:)` when the user goes back (the back button, a swipe: what SwiftUI's
/// `NavigationStack(path:)` reports as a shorter path), so that the state follows the screen:
/// ``ObservableState/binding(path:event:)`` sends it for you.
public enum StackEvent<ScreenEvent> {
    /// An event of the screen with `id`. Ignored when that screen is not on the stack: a late event for a popped
    /// screen.
    case element(id: StackElementID, ScreenEvent)
    /// The user went back from the screen with `id`: it and every screen above it are popped. Ignored when `id` is
    /// not on the stack.
    case popFrom(id: StackElementID)
}

extension StackEvent: Sendable where ScreenEvent: Sendable {}
extension StackEvent: Equatable where ScreenEvent: Equatable {}
extension StackEvent: Hashable where ScreenEvent: Hashable {}
extension StackEvent: Codable where ScreenEvent: Codable {}

/// The id under which every effect of one screen of a ``ScreenStack`` runs: cancelling it ends them all, the
/// screen's own presentations' included.
///
/// ``ChildState/handle(_:in:effect:)-(StackEvent<Screen.Event>,_,_)`` starts a screen's effects under it and scopes
/// the ids of the screen's plans to it (``RowScopedID/init(scope:id:)``); a pop cancels it, and what the popping
/// transition returns under it never starts (<doc:Navigation#Removal-wins>). A test writes the same value:
///
/// ```swift
/// XCTAssertEqual(
///     app.handle(event: .path(.element(id: 1, .record(.start)))),
///     App.Effect.screen(1, .record(.tick))
///         .delayed(by: .seconds(1), id: RowScopedID(scope: StackElementEffects(\App.path, 1), id: "timer"))
///         .cancellable(id: StackElementEffects(\App.path, 1))
/// )
/// ```
public struct StackElementEffects: Hashable, Sendable, CustomStringConvertible {
    /// Where the parent keeps the stack.
    let stack: AnyKeyPath & Sendable
    /// The screen's id.
    public let id: StackElementID

    /// The id of the effects of the screen with `id` on the stack at `stack`.
    ///
    /// - Parameters:
    ///   - stack: The parent's property that holds the stack, such as `\App.path`.
    ///   - id: The screen's id.
    public init<Parent, Screen>(_ stack: KeyPath<Parent, ScreenStack<Screen>> & Sendable, _ id: StackElementID) {
        self.stack = stack
        self.id = id
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        // One key path literal is one object: the identity check settles the usual case without walking it.
        lhs.id == rhs.id && (lhs.stack === rhs.stack || lhs.stack == rhs.stack)
    }

    /// Hashes the id alone: hashing a key path walks its components, and ids of one stack never repeat, so two
    /// scopes with one hash are rare, and `==` tells them apart.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `StackElementEffects(\App.path, 1)`.
    public var description: String { "StackElementEffects(\(stack), \(id))" }
}

extension ChildState where Effect: ComposableEffect {
    /// Routes an event of one screen of the stack at `stack`, or a pop, and lifts the screen's effects into the
    /// screen's cancellation scope.
    ///
    /// ```swift
    /// case .path(let event):
    ///     return state.handle(event, in: \.path, effect: Effect.screen)
    /// ```
    ///
    /// - `.element(id:_:)` goes to the screen with that id; when it is not on the stack — a late event for a popped
    ///   screen — it is ignored: nothing changes and the result is `nil`. The screen's effect is lifted with its id
    ///   and started under ``StackElementEffects``, its plans' ids scoped to the screen.
    /// - `.popFrom(id:)` pops that screen and those above it, and returns the cancellation of their effects, top
    ///   first; `nil` when the id is not on the stack.
    ///
    /// Pops that happen elsewhere in the parent — `state.path.pop()`, `popToRoot()`, ``ScreenStack/setScreens(_:)``
    /// in another event — cancel the popped screens' effects when the parent's transition is wrapped in
    /// ``navigating(_:_:)``. Removal wins: when the transition that routed an event to a screen also pops it, the
    /// effect the screen returned never starts (<doc:Navigation#Removal-wins>).
    ///
    /// - Parameters:
    ///   - event: A screen's event, or a pop.
    ///   - stack: Where the parent keeps the stack.
    ///   - lift: Embeds a screen's id and effect in the parent's effect type, usually an enum case.
    /// - Returns: The screen's effect, lifted and scoped; the cancellations of the popped screens; or `nil`.
    public mutating func handle<Screen: ChildState>(
        _ event: StackEvent<Screen.Event>,
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable,
        effect lift: (StackElementID, Screen.Effect) -> Effect
    ) -> Effect? {
        switch event {
        case .popFrom(let id):
            return popScreens(from: id, in: stack)
        case .element(let id, let event):
            guard let (effect, composable) = self[keyPath: stack].route(event, to: id) else { return nil }
            let scope = EffectID(StackElementEffects(stack, id))
            guard composable else { return .plan(.cancellable(lift(id, effect), id: scope, cancelInFlight: false)) }
            return liftScoped(effect, scope: scope) { lift(id, $0) }
        }
    }

    /// Routes an event of one screen of the stack at `stack`, as
    /// ``handle(_:in:effect:)-(StackEvent<Screen.Event>,_,_)`` does, and hands the messages the screen tells its
    /// parent to `receive`, in the same transition.
    ///
    /// ```swift
    /// case .path(let event):
    ///     return state.handle(event, in: \.path, effect: Effect.screen) { state, id, message in
    ///         switch message {
    ///         case .meetingEnded(let meeting):
    ///             state.path.pop(from: id)          // the recording screen's timer and stream end here
    ///             return .save(meeting)
    ///         }
    ///     }
    /// ```
    ///
    /// When `receive` pops screens, their effects end in this transition: the cancellations are part of the result,
    /// before `receive`'s effects. Removal wins (<doc:Navigation#Removal-wins>): a screen popped by its own message
    /// starts none of its other effects of this transition, and `receive`'s effects keep none under a popped
    /// screen's id.
    ///
    /// - Parameters:
    ///   - event: A screen's event, or a pop.
    ///   - stack: Where the parent keeps the stack.
    ///   - lift: Embeds a screen's id and its other effects in the parent's effect type.
    ///   - receive: Handles one message of the screen with the given id: changes the parent and returns the parent's
    ///     effect, if any. Called once per message, in order, after the screen's transition.
    /// - Returns: The screen's remaining effects, lifted and scoped (none when `receive` popped the screen), then
    ///   the cancellations of screens `receive` popped, then `receive`'s effects; or `nil`.
    public mutating func handle<Screen: ChildState>(
        _ event: StackEvent<Screen.Event>,
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable,
        effect lift: (StackElementID, Screen.Effect) -> Effect,
        messages receive: (inout Self, StackElementID, Screen.Effect.Message) -> Effect?
    ) -> Effect? where Screen.Effect: MessagingEffect {
        guard case .element(let id, let event) = event else { return handle(event, in: stack, effect: lift) }
        guard let effect = self[keyPath: stack].modify(id: id, { $0.handle(event: event) }) ?? nil else {
            return nil
        }
        let (messages, rest) = splitMessages(effect)
        let result = rest.map { liftScoped($0, scope: EffectID(StackElementEffects(stack, id))) { lift(id, $0) } }
        guard !messages.isEmpty else { return result }
        let before = self[keyPath: stack].ids
        let nextBefore = self[keyPath: stack].nextElementID
        let parentEffects = receiveMessages(messages) { state, message in receive(&state, id, message) }
        let after = self[keyPath: stack].ids
        if after == before, self[keyPath: stack].nextElementID == nextBefore {
            return Effect.combining(result, parentEffects)
        }
        // Removal wins: a screen popped by its own message starts none of its other effects.
        let own = self[keyPath: stack].index(id: id) == nil ? nil : result
        return Effect.combining(
            own, ending(screensOf: before, after: after, pushedFrom: nextBefore, in: stack, before: parentEffects))
    }

    /// Pops the screen with `id` and those above it from the stack at `stack`, and returns the cancellations of their
    /// effects, top first; `nil` when `id` is not on the stack. Inside ``navigating(_:_:)``, what the rest of the
    /// transition returns under a popped screen's id never starts (<doc:Navigation#Removal-wins>).
    ///
    /// ```swift
    /// case .recording(.endConfirmed(let id)):
    ///     return popScreens(from: id, in: \.path)
    /// ```
    ///
    /// - Parameters:
    ///   - id: The lowest screen to pop.
    ///   - stack: Where the parent keeps the stack.
    /// - Returns: The cancellations of the popped screens' effects, or `nil`.
    public mutating func popScreens<Screen>(
        from id: StackElementID,
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable
    ) -> Effect? {
        noteForUndo(stack)
        let before = self[keyPath: stack].ids
        guard self[keyPath: stack].pop(from: id) else { return nil }
        return cancellations(of: before, after: self[keyPath: stack].ids, in: stack)
    }

    /// Runs the parent's transition, and cancels the effects of every screen it popped from the stack at `stack`.
    ///
    /// Wrap the parent's `handle(event:)` in it, so that however a screen leaves the stack — the back button, a pop
    /// by any event of the parent, ``ScreenStack/popToRoot()``, ``ScreenStack/setScreens(_:)``, a screen's own
    /// message — its timers, runs, queued work and its own presentations' effects stop in that same transition:
    ///
    /// ```swift
    /// mutating func handle(event: Event) -> Effect? {
    ///     navigating(\.path) { state in
    ///         switch event {
    ///         case .signedOut: state.path.popToRoot(); return nil   // every screen's effects end here
    ///         case .path(let event): return state.handle(event, in: \.path, effect: Effect.screen)
    ///         // …
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Removal wins (<doc:Navigation#Removal-wins>): the cancellations, `.cancel(id: StackElementEffects(stack, id))`
    /// for each screen gone, top first, come before the transition's own effect, and what the transition returned
    /// under a gone screen's id — an event routed to the screen before the pop — never starts; a cancellation the
    /// transition's effect already has is not added again. A screen pushed and popped within the transition leaves
    /// nothing running either. Comparing the ids before and after takes constant time when the transition pushed or
    /// popped nothing.
    ///
    /// A transition that assigns a new stack — `state.path = ScreenStack(screens)`, `state.path = []`, a stack decoded
    /// from a deep link — ends every screen of the stack it replaces, whatever their ids, and the new stack goes on
    /// counting from the replaced stack's next id. The new stack counts from `0` again, so its screens may have the
    /// ids of screens they replace: what the transition returns under such an id is taken for the replaced screen's,
    /// and never starts. To start new screens' work in the transition that shows them, use
    /// ``ScreenStack/setScreens(_:)``, which replaces the screens in place under ids no screen had before.
    ///
    /// - Parameters:
    ///   - stack: Where the parent keeps the stack.
    ///   - transition: The parent's transition, given the parent to change.
    /// - Returns: The transition's effect, after the cancellations of the popped screens' effects, and without the
    ///   work it returned under a popped screen's id.
    public mutating func navigating<Screen>(
        _ stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable,
        _ transition: (inout Self) -> Effect?
    ) -> Effect? {
        noteForUndo(stack)
        let before = self[keyPath: stack].ids
        let wasNavigated = self[keyPath: stack].isNavigated
        let nextBefore = self[keyPath: stack].nextElementID
        let effect = transition(&self)
        if !self[keyPath: stack].isNavigated {
            // A stack this function has not kept through a transition: the first one, or one the transition assigned.
            self[keyPath: stack].isNavigated = true
            if wasNavigated { return replacingStack(of: before, countingFrom: nextBefore, in: stack, before: effect) }
        }
        let after = self[keyPath: stack].ids
        // Screens pushed in this transition: those given an id since it began.
        let pushed = self[keyPath: stack].nextElementID.rawValue - nextBefore.rawValue
        // The usual transition pushes and pops nothing; a push pops nothing either. (A screen pushed and popped again
        // within the transition is not on the stack: `ending` ends it.)
        if after == before, pushed == 0 { return effect }
        if after.count - before.count == pushed, after[..<before.count] == before[...] { return effect }
        return ending(screensOf: before, after: after, pushedFrom: nextBefore, in: stack, before: effect)
    }

    /// ``navigating(_:_:)`` after a transition that assigned a new stack: the cancellations of every screen in
    /// `before`, top first, then `effect`; the new stack counts on from `next`, the replaced stack's next id. Out of
    /// line: a rare path, kept off every transition's.
    mutating func replacingStack<Screen>(
        of before: [StackElementID],
        countingFrom next: StackElementID,
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable,
        before effect: Effect?
    ) -> Effect? {
        self[keyPath: stack].continueCounting(from: next)
        return ending(screensOf: before, after: [], in: stack, before: effect)
    }

    /// The cancellations of the screens in `before` and not in `after`, top first, then `effect` — with no
    /// cancellation that `effect` already has, and without the work `effect` starts under a screen that is gone:
    /// one of `before` not in `after`, or one pushed in this transition (given an id from `nextBefore` on) and not in
    /// `after`. Removal wins: what a transition returns for a screen it removes never starts.
    func ending<Screen>(
        screensOf before: [StackElementID],
        after: [StackElementID],
        pushedFrom nextBefore: StackElementID? = nil,
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable,
        before effect: Effect?
    ) -> Effect? {
        // A pop's transition usually has no effect of its own: the cancellations are the result, as they are.
        guard let effect else { return cancellations(of: before, after: after, in: stack) }
        guard effect.startsWork else {
            return Effect.combining(cancellations(of: before, after: after, in: stack, notIn: effect), effect)
        }
        let kept = effect.withoutWork(
            under: endedScopes(before: before, after: after, pushedFrom: nextBefore, in: stack).contains)
        return Effect.combining(cancellations(of: before, after: after, in: stack, notIn: kept), kept)
    }

    /// The scopes (``StackElementEffects``) of the screens gone: in `before` and not in `after`, or pushed from
    /// `nextBefore` on and not in `after`. Out of line: only a transition that pops and has an effect asks.
    func endedScopes<Screen>(
        before: [StackElementID],
        after: [StackElementID],
        pushedFrom nextBefore: StackElementID?,
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable
    ) -> Set<EffectID> {
        let remaining = Set(after)
        var ended = Set<EffectID>()
        for id in before where !remaining.contains(id) { ended.insert(EffectID(StackElementEffects(stack, id))) }
        if let nextBefore {
            let next = self[keyPath: stack].nextElementID.rawValue
            for number in nextBefore.rawValue..<Swift.max(next, nextBefore.rawValue) {
                let id = StackElementID(rawValue: number)
                if !remaining.contains(id) { ended.insert(EffectID(StackElementEffects(stack, id))) }
            }
        }
        return ended
    }

    /// The cancellations of the screens whose ids are in `before` and not in `after`, top first, leaving out those
    /// that `effect` already has; `nil` when none.
    func cancellations<Screen>(
        of before: [StackElementID],
        after: [StackElementID],
        in stack: WritableKeyPath<Self, ScreenStack<Screen>> & Sendable,
        notIn effect: Effect? = nil
    ) -> Effect? {
        // The ids both share at the bottom.
        let shorter = Swift.min(before.count, after.count)
        var kept = 0
        while kept < shorter, before[kept] == after[kept] { kept += 1 }
        if kept == before.count { return nil }  // a push, or nothing: no screen is gone
        func cancellation(of id: StackElementID) -> Effect? {
            let scope = EffectID(StackElementEffects(stack, id))
            return effect?.cancels(id: scope) == true ? nil : .plan(.cancel(scope))
        }
        let cancels: [Effect]
        if kept == after.count {
            // A pop, the usual change: the popped ids are `before`'s top ones, ended from the top down.
            cancels = (kept..<before.count).reversed().compactMap { cancellation(of: before[$0]) }
        } else {
            let keptIDs = Set(after)
            cancels = before.reversed().compactMap { keptIDs.contains($0) ? nil : cancellation(of: $0) }
        }
        switch cancels.count {
        case 0: return nil
        case 1: return cancels[0]
        default: return .all(cancels)
        }
    }
}
