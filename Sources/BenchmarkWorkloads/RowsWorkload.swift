import EffectStore

import EffectStoreObservation
#if canImport(Observation)
    import Observation
#endif

extension Workloads {
    /// `rows.toggle.100` and `rows.toggle.10k`: one event that changes one row of a store's ``BenchBoard`` of `rows`
    /// rows, sent from the main actor through the row's ``ObservableRow`` — every row observed through its own object,
    /// as a `ForEach` of row views would — in ns per event. The rows are visited in a scattered order, so a large board
    /// pays for its size if anything per event depends on it. `nan` where Observation is unavailable.
    @MainActor
    public static func rowsToggle(rows rowCount: Int, count: Int) throws -> Double {
        #if canImport(Observation)
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return .nan }
            let store = Store<BenchBoard>(
                initialState: BenchBoard(rowCount: rowCount), effectHandler: BenchBoardEffects())
            let list = ObservableRows(store, BenchBoard.rows)
            let rows = list.rows
            let notified = UnsafeCounter()
            for row in rows {
                withObservationTracking {
                    _ = row.count
                } onChange: {
                    notified.value &+= 1
                }
            }
            // A stride coprime with the row count visits every row before any twice, far apart.
            let stride = [7919, 7, 11, 13, 1].first { gcd($0, rowCount) == 1 && $0 < max(rowCount, 2) } ?? 1
            var position = 0
            let start = now()
            for _ in 0..<count {
                rows[position].send(.increment)
                position = (position + stride) % rowCount
            }
            let elapsed = now() - start
            let shown = rows.reduce(0) { $0 + $1.count }
            let stored = store.state.rows.reduce(0) { $0 + $1.count }
            try verify(
                shown == count && stored == count && notified.value == min(count, rowCount),
                "rows.toggle(\(rowCount)): shown \(shown), stored \(stored), rows notified \(notified.value)"
            )
            return Double(elapsed) / Double(count)
        #else
            return .nan
        #endif
    }
}
