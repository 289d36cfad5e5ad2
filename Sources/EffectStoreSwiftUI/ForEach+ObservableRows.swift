// SwiftUI glue for EffectStore's per-row Observation projection, `ObservableRows`. Empty where SwiftUI does not exist
// (Linux).
#if canImport(SwiftUI)
import EffectStore
import EffectStoreObservation
import SwiftUI

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ForEach where Content: View {
    /// A `ForEach` of the rows of an `ObservableRows`, identified by the rows' ids: each row's view gets the row's own
    /// object, and re-renders only when that row changes.
    ///
    /// ```swift
    /// List {
    ///     ForEach(list) { row in TodoRowView(row: row) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - list: The rows to show; reading them here makes the `ForEach` re-render when the ids or their order change.
    ///     Read on the main actor, as SwiftUI does.
    ///   - content: The view of one row, given the row's `ObservableRow`.
    @MainActor
    public init<Row, Event>(
        _ list: ObservableRows<Row, Event>,
        @ViewBuilder content: @escaping (ObservableRow<Row, Event>) -> Content
    ) where Data == [ObservableRow<Row, Event>], ID == Row.ID {
        self.init(list.rows, content: content)
    }
}
#endif
