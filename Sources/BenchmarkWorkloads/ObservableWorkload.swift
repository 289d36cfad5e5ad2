import EffectStore

import EffectStoreObservation
#if canImport(Observation)
    import Observation
#endif

extension Workloads {
    /// `observable.update`: `model.send(.increment)` on an ``ObservableState`` of a store, from the main actor, with
    /// one property read through the projection (so each dispatch is compared and notified as a view would need):
    /// one dispatch seen through the observable projection. `nan` where Observation is unavailable.
    @MainActor
    public static func observableUpdate(count: Int) throws -> Double {
        #if canImport(Observation)
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return .nan }
            let store = Store<BenchCounter>()
            let model = ObservableState(store)
            var observed = 0
            withObservationTracking {
                observed = model.count
            } onChange: {
            }
            let start = now()
            for _ in 0..<count { model.send(.increment) }
            let elapsed = now() - start
            try verify(model.count == count, "observable.update: the projection shows \(model.count) of \(count)")
            try verify(store.state.count == count, "observable.update: count \(store.state.count) of \(count)")
            try verify(observed == 0, "observable.update: the first read saw \(observed)")
            return Double(elapsed) / Double(count)
        #else
            return .nan
        #endif
    }
}
