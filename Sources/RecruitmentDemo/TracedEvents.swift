import EffectStore

/// Lets a feature's event source feed a store of ``Traced`` states: it hands the store's `dispatch` on unchanged.
final class TracedEvents<Source: EventSource>: EventSource {
    typealias S = Traced<Source.S>

    private let source: Source

    init(_ source: Source) {
        self.source = source
    }

    func configureEventSource(dispatch: @escaping @Sendable (Source.S.Event) -> Void) {
        source.configureEventSource(dispatch: dispatch)
    }
}
