import EffectStore
/// A getter and setter for one property of an ``ObservableState``, whose setter sends an event: what a text field
/// or a toggle needs, on every platform.
///
/// ```swift
/// let query = model.binding(\.query, to: SearchState.Event.queryChanged)
/// query.wrappedValue = "obs"                    // sends .queryChanged("obs")
/// print(model.query)                            // "obs": the write is synchronous
/// TextField("Search", text: Binding(query))     // SwiftUI, on Apple platforms
/// ```
///
/// Made by ``ObservableState/binding(_:to:)``. Reading ``wrappedValue`` reads through the object, so it registers
/// with Observation like `model.query`; writing it calls ``ObservableState/send(_:)``. Main-actor isolated.
@MainActor
public struct EventBinding<Value>: Sendable {
    private let get: @MainActor @Sendable () -> Value
    private let set: @MainActor @Sendable (Value) -> Void

    /// Creates a binding from a getter and a setter; ``ObservableState/binding(_:to:)`` makes them for you.
    ///
    /// ```swift
    /// let query = EventBinding(get: { model.query }, set: { model.send(.queryChanged($0)) })
    /// ```
    ///
    /// - Parameters:
    ///   - get: Reads the current value.
    ///   - set: Writes a new value, usually by sending an event.
    public init(get: @escaping @MainActor @Sendable () -> Value, set: @escaping @MainActor @Sendable (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The property's current value; setting it sends the event for the new value.
    ///
    /// ```swift
    /// query.wrappedValue = "obs"
    /// ```
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}
