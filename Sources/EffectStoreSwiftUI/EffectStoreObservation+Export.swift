// A SwiftUI app imports this library and has EffectStoreObservation's `ObservableState`, `ObservableRows` and
// `EventBinding` with it, which its adapters take; on Linux, where the adapters do not exist, the import stays.
@_exported import EffectStoreObservation
