#if canImport(SwiftUI)
    import SwiftUI

    extension Binding {
        /// A SwiftUI binding that reads and writes through an ``EventBinding``: writes send its event.
        ///
        /// ```swift
        /// TextField("Search", text: Binding(model.binding(\.query, to: SearchState.Event.queryChanged)))
        /// ```
        ///
        /// - Parameter binding: The property and event to bind, from ``ObservableState/binding(_:to:)``.
        @MainActor
        public init(_ binding: EventBinding<Value>) {
            self.init(get: { binding.wrappedValue }, set: { binding.wrappedValue = $0 })
        }
    }
#endif
