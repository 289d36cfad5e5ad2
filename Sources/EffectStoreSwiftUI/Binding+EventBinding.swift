// SwiftUI glue for EffectStore's Observation projection, in a module of its own so that the core library never
// links SwiftUI. Empty where SwiftUI does not exist (Linux).
#if canImport(SwiftUI)
import EffectStore
import EffectStoreObservation
import SwiftUI

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Binding {
    /// A SwiftUI binding that reads and writes through an `EventBinding`: writes send its event synchronously.
    ///
    /// ```swift
    /// TextField("Search", text: Binding(model.binding(\.query, to: SearchState.Event.queryChanged)))
    /// ```
    ///
    /// - Parameter binding: The property and event to bind, from `ObservableState.binding(_:to:)`. Read and written
    ///   on the main actor, as SwiftUI does.
    @MainActor
    public init(_ binding: EventBinding<Value>) {
        // SwiftUI's `Binding(get:set:)` takes `@isolated(any) @Sendable` closures: these run on the main actor.
        self.init(get: { @MainActor in binding.wrappedValue }, set: { @MainActor in binding.wrappedValue = $0 })
    }
}
#endif
