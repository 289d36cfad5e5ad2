/// One case of an enum, as a value: how to build the enum from the case's associated value, and how to get the value
/// back out when the enum is in that case.
///
/// The composition tools take an `EnumCase` wherever they must recognise a case: a child's effects wrapped in one
/// case of the parent's effect (``ChildEffectHandler/child(effect:event:perform:)``), a screen held in one case of a
/// stack's enum (``ScreenStack/modify(id:case:_:)``). Recognising is then a `switch`, written once, with no
/// reflection.
///
/// Make one per case, where the case is declared, in an extension of `EnumCase` constrained to the enum and the
/// value, so that call sites name it with a leading dot:
///
/// ```swift
/// extension EnumCase where Root == AppState.Effect, Value == ProcessState.Effect {
///     static var process: Self {
///         EnumCase(AppState.Effect.process) { if case .process(let effect) = $0 { effect } else { nil } }
///     }
/// }
///
/// // In the app's effect handler:
/// .child(effect: .process, event: AppState.Event.process, perform: ProcessEffects(service: service).handle)
/// ```
///
/// A case with several associated values has a tuple of them as its value, without labels;
/// ``init(_:extract:)-((A,B)->Root,_)`` takes the case itself as the embedding:
///
/// ```swift
/// extension EnumCase where Root == TodoList.Effect, Value == (Todo.ID, Todo.Effect) {
///     static var todo: Self {   // case todo(id: Todo.ID, Todo.Effect)
///         EnumCase(TodoList.Effect.todo) { if case .todo(let id, let effect) = $0 { (id, effect) } else { nil } }
///     }
/// }
/// ```
///
/// For three values or more, pass an `embed` closure that takes the tuple apart,
/// `EnumCase({ Root.c($0.0, $0.1, $0.2) }) { … }`, or give the case a struct as its one value.
///
/// The extension's computed property builds the value afresh on each use; that costs two function references and no
/// allocation. A `static let` inside the enum works too; call sites then write `AppFlow.loggedIn`, not `.loggedIn`,
/// since a leading dot looks in `EnumCase`.
///
/// `extract` must return the value exactly when the enum is in this case — `embed` then `extract` gives the value
/// back, and `extract` of any other case gives `nil`, even one whose associated value has the same type.
public struct EnumCase<Root, Value>: Sendable {
    let embedValue: @Sendable (Value) -> Root
    let extractValue: @Sendable (Root) -> Value?

    /// Names the case that `embed` builds and `extract` takes apart.
    ///
    /// ```swift
    /// EnumCase(AppFlow.loggedIn) { if case .loggedIn(let state) = $0 { state } else { nil } }
    /// ```
    ///
    /// - Parameters:
    ///   - embed: Builds the enum in this case from its associated value; usually the case itself, such as
    ///     `AppFlow.loggedIn`.
    ///   - extract: Returns the associated value when the enum is in this case, and `nil` otherwise.
    public init(_ embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?) {
        embedValue = embed
        extractValue = extract
    }

    /// Names a case with two associated values, from the case itself: its value is the pair, without labels.
    ///
    /// ```swift
    /// EnumCase(TodoList.Effect.todo) { if case .todo(let id, let effect) = $0 { (id, effect) } else { nil } }
    /// ```
    ///
    /// - Parameters:
    ///   - embed: Builds the enum in this case from its two associated values; usually the case itself, such as
    ///     `TodoList.Effect.todo`.
    ///   - extract: Returns the two associated values when the enum is in this case, and `nil` otherwise.
    public init<A, B>(
        _ embed: @escaping @Sendable (A, B) -> Root,
        extract: @escaping @Sendable (Root) -> (A, B)?
    ) where Value == (A, B) {
        embedValue = { embed($0.0, $0.1) }
        extractValue = extract
    }

    /// The enum in this case, holding `value`.
    func embed(_ value: Value) -> Root { embedValue(value) }

    /// The associated value of `root` when `root` is in this case.
    ///
    /// ```swift
    /// EnumCase.loggedIn.extract(from: .loggedIn(state))   // state
    /// EnumCase.loggedIn.extract(from: .loggedOut)         // nil
    /// ```
    ///
    /// - Parameter root: A value of the enum, in any case.
    /// - Returns: Its associated value, or `nil` when `root` is in another case.
    public func extract(from root: Root) -> Value? { extractValue(root) }
}
