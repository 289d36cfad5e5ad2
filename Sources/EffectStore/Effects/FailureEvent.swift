/// An event type that can carry an error: how a throwing `async` effect reports its failure to the state.
///
/// Conform a feature's `Event` with a `failed` case, and its effect handler can return `Future { try await … }`
/// directly: a thrown error becomes `.failed(error)`.
///
/// ```swift
/// enum Event: FailureEvent {
///     case load(processes: [Process])
///     case failed(any Error)        // satisfies the requirement below
/// }
///
/// func handle(effect: Effect) -> Future<Event>? {
///     switch effect {
///     case .downloadProcesses:
///         return Future { .load(processes: try await service.fetch()) }
///     }
/// }
/// ```
///
/// To map errors another way, or for an event type without such a case, use
/// ``Future/init(catching:mapError:)``.
public protocol FailureEvent: Sendable {
    /// The event that reports `error`. An enum case `case failed(any Error)` implements it.
    ///
    /// - Parameter error: The error the effect threw.
    /// - Returns: The event to send back to the state.
    static func failed(_ error: any Error) -> Self
}
