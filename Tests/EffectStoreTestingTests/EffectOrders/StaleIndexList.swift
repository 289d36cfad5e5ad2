import EffectStore
import EffectStoreTesting

/// A list whose rows load their details. The bug: a row's answer finds its row by the index it had when the load
/// started, so when a row above it is removed while the load is on its way, the answer indexes past the end of the
/// list and `handle(event:)` crashes. Example-based tests, which answer before the removal, pass it. The fix: the
/// answer finds its row by id, and drops a detail whose row is gone.
struct StaleIndexList: State, Hashable {
    var fixed = false
    var rows: [Row] = [Row(id: 1), Row(id: 2)]

    struct Row: Hashable {
        var id: Int
        var detail: String?
    }

    enum Event: Sendable, Hashable {
        /// Loads the detail of the last row.
        case loadLastTapped
        case removeFirstTapped
        case loaded(index: Int, id: Int, detail: String)
    }

    enum Effect: Sendable, Equatable {
        case loadDetail(index: Int, id: Int)
    }

    static var initialState: StaleIndexList { StaleIndexList() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .loadLastTapped:
            guard let last = rows.indices.last else { return nil }
            return .loadDetail(index: last, id: rows[last].id)
        case .removeFirstTapped:
            if !rows.isEmpty { rows.removeFirst() }
            return nil
        case .loaded(let index, let id, let detail):
            if fixed {
                guard let position = rows.firstIndex(where: { $0.id == id }) else { return nil }
                rows[position].detail = detail
            } else {
                rows[index].detail = detail
            }
            return nil
        }
    }

    /// The explorer of its effect orders: load the last row, remove the first (and whatever `more` says), and each
    /// load answers with its detail.
    static func explorer(fixed: Bool, more: [Event] = []) -> StateExplorer<StaleIndexList> {
        StateExplorer(initialState: StaleIndexList(fixed: fixed), events: [.loadLastTapped, .removeFirstTapped] + more)
            .answering { effect in
                guard case .loadDetail(let index, let id) = effect else { return [] }
                return [.later(.loaded(index: index, id: id, detail: "row \(id)"))]
            }
    }
}
