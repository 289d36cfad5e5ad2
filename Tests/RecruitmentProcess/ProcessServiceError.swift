/// Why a ``ProcessService`` could not fetch the processes, in words a person can read.
///
/// ```swift
/// let error = ProcessServiceError(message: "Network unreachable")
/// ```
///
/// ``ProcessEffects`` turns it into ``ProcessState/Event/failed(reason:)`` with ``message`` as the reason.
public struct ProcessServiceError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, suitable for showing to the user.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameter message: What went wrong, suitable for showing to the user.
    public init(message: String) {
        self.message = message
    }

    /// The ``message``.
    public var description: String { message }
}
