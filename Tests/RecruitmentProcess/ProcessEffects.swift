import EffectStore

/// Performs ``ProcessState``'s effects with a ``ProcessService``: the imperative shell of the feature.
///
/// It makes no decisions: ``ProcessState/Effect/downloadProcesses`` becomes a call to the service, and the service's
/// answer becomes ``ProcessState/Event/load(processes:)`` or ``ProcessState/Event/failed(reason:)``. Cancelling the
/// download is the store's work: when the state cancels it, the store drops its answer.
///
/// ```swift
/// let effects = ProcessEffects(service: InMemoryProcessService())
/// let store = Store<ProcessState>(effectHandler: effects)
/// let state = await store.dispatch(event: .fetchProcesses).value   // .loaded(Process.examples)
/// ```
///
/// A ``Store`` calls ``handle(effect:)`` on its queue; the returned future resolves on whatever thread the service
/// answers on.
public final class ProcessEffects: PlannedEffectHandler, Sendable {
    private let service: any ProcessService

    /// Creates the effect handler.
    ///
    /// - Parameter service: Fetches the processes. Held strongly.
    public init(service: any ProcessService) {
        self.service = service
    }

    /// Starts the work `work` asks for.
    ///
    /// - Parameter work: The work of an effect ``ProcessState/handle(event:)`` returned.
    /// - Returns: A future of the event that reports the outcome.
    public func perform(_ work: ProcessState.Work) -> Future<ProcessState.Event>? {
        switch work {
        case .downloadProcesses:
            return service.fetchProcesses().map { ProcessEffects.event(for: $0) }
        }
    }

    /// The event that reports a download's outcome to the state.
    ///
    /// ```swift
    /// ProcessEffects.event(for: .failure(ProcessServiceError(message: "Offline")))   // .failed(reason: "Offline")
    /// ```
    ///
    /// - Parameter result: What the service answered.
    /// - Returns: ``ProcessState/Event/load(processes:)`` on success, ``ProcessState/Event/failed(reason:)`` with the
    ///   error's message on failure.
    public static func event(for result: Result<[Process], ProcessServiceError>) -> ProcessState.Event {
        switch result {
        case .success(let processes): return .load(processes: processes)
        case .failure(let error): return .failed(reason: error.message)
        }
    }
}
