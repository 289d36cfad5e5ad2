/// An event that sets one field of a state to a new value: one event case serves every bound field of a form.
///
/// A feature whose view binds fields — a toggle, a text field, a picker — declares one case that carries a
/// `BindingEvent` of its state, instead of one case and one `switch` branch per field, and applies it in that one
/// branch. It stays an inert, `Equatable` value: a test sends it and compares it like any other event, and the state
/// stays pure.
///
/// ```swift
/// struct Settings: State, Equatable {
///     var notificationsOn = false
///     var displayName = ""
///
///     enum Event: BindableEvent, Equatable {
///         case binding(BindingEvent<Settings>)
///         case saveTapped
///     }
///     enum Work: Sendable, Equatable { case validate(String), save(String) }
///     typealias Effect = Planned<Work>
///
///     static var initialState: Settings { Settings() }
///
///     mutating func handle(event: Event) -> Effect? {
///         switch event {
///         case .binding(let binding):
///             binding.apply(to: &self)                // sets the field, whichever it is
///             if case \.displayName = binding {       // one field needs more: check the new name
///                 return Effect.work(.validate(displayName)).debounced(id: "validate", for: .milliseconds(300))
///             }
///             return nil
///         case .saveTapped:
///             return .work(.save(displayName))
///         }
///     }
/// }
///
/// var settings = Settings()
/// _ = settings.handle(event: .binding(.set(\.notificationsOn, true)))   // settings.notificationsOn == true
/// ```
///
/// In a view, `ObservableState.binding(_:)` makes the binding that sends it:
/// `Toggle("Notifications", isOn: Binding(model.binding(\.notificationsOn)))`.
///
/// Two binding events are equal when they set the same field to equal values; the field is compared by its key
/// path, the value with its type's `==`. Setting a field applies a write made once, when the event is made: nothing
/// reflects. A test failure writes it as you would: `.set(\Settings.displayName, "Blob")`.
public struct BindingEvent<Root>: Sendable {
    /// The field the event sets.
    public let keyPath: PartialKeyPath<Root> & Sendable
    /// The new value, for `==` and the description.
    private let value: any Sendable
    /// Whether `value` is the same as another event's value of the same field.
    private let valueEquals: @Sendable (any Sendable) -> Bool
    /// Writes `value` at `keyPath`.
    private let write: @Sendable (inout Root) -> Void

    /// The event that sets the field at `keyPath` to `value`.
    ///
    /// ```swift
    /// store.dispatch(event: .binding(.set(\.displayName, "Blob")))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The field, a key path literal such as `\.displayName` (Swift 6 makes one `Sendable`).
    ///   - value: The field's new value.
    /// - Returns: The event.
    public static func set<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<Root, Value> & Sendable,
        _ value: Value
    ) -> BindingEvent {
        BindingEvent(
            keyPath: keyPath,
            value: value,
            valueEquals: { ($0 as? Value) == value },
            write: { $0[keyPath: keyPath] = value })
    }

    /// Sets the field to the event's value.
    ///
    /// ```swift
    /// case .binding(let binding):
    ///     binding.apply(to: &self)
    ///     return nil
    /// ```
    ///
    /// - Parameter root: The state whose field to set.
    public func apply(to root: inout Root) {
        write(&root)
    }

    /// The event's new value, when it sets the field at `keyPath`; `nil` for another field.
    ///
    /// ```swift
    /// if let name = binding.value(of: \.displayName) { return .work(.validate(name)) }
    /// ```
    ///
    /// - Parameter keyPath: The field to ask about.
    /// - Returns: The new value of that field, or `nil`.
    public func value<Value>(of keyPath: WritableKeyPath<Root, Value>) -> Value? {
        sets(keyPath) ? value as? Value : nil
    }

    /// Whether `binding` sets the field at `keyPath`: lets a pattern match one field, `if case \.displayName = binding`
    /// or, in a `switch` on the events, `case .binding(\.displayName):`.
    ///
    /// - Parameters:
    ///   - keyPath: The field to match.
    ///   - binding: The event.
    /// - Returns: `true` when the event sets that field.
    public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, binding: BindingEvent) -> Bool {
        binding.sets(keyPath)
    }

    /// Whether the event sets the field at `keyPath`.
    private func sets(_ keyPath: AnyKeyPath) -> Bool {
        (self.keyPath as AnyKeyPath) == keyPath
    }
}

extension BindingEvent: Equatable {
    public static func == (lhs: BindingEvent, rhs: BindingEvent) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.valueEquals(rhs.value)
    }
}

extension BindingEvent: Hashable {
    /// Hashes the field only: events equal by `==` set the same field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyPath)
    }
}

extension BindingEvent: CustomStringConvertible {
    /// The event as Swift writes it: `.set(\Settings.displayName, "Blob")`.
    public var description: String {
        ".set(\(String(describing: keyPath)), \(String(reflecting: value)))"
    }
}

/// An event type with a case for binding events: what lets `ObservableState.binding(_:)` send one for a field.
///
/// An enum case `case binding(BindingEvent<YourState>)` implements the requirement:
///
/// ```swift
/// enum Event: BindableEvent, Equatable {
///     case binding(BindingEvent<Settings>)
///     case saveTapped
/// }
/// ```
public protocol BindableEvent<Root>: Sendable {
    /// The state whose fields the binding events set.
    associatedtype Root

    /// The event that carries `binding`.
    ///
    /// - Parameter binding: Sets one field of the state.
    /// - Returns: The event.
    static func binding(_ binding: BindingEvent<Root>) -> Self
}
