import EffectStore

/// A list of 1,000-odd elements and an open detail that holds a copy of one of them, kept in step by
/// `sharedValues`: half the edits change an element of the list, half change the detail's copy.
public struct BenchSharedList: State, Equatable {
    public struct Item: Identifiable, Equatable, Sendable {
        public let id: Int
        public var isDone: Bool
    }

    public var items: IdentifiedStates<Item>
    public var detail: Item?

    public enum Event: Sendable {
        case toggle(Int)
        case toggleDetail
    }

    public typealias Effect = Never

    public static let sharedValues: SharedValues<BenchSharedList> = [.elements(\.items), .element(\.detail)]

    public init(elements: Int) {
        items = IdentifiedStates((0..<elements).map { Item(id: $0, isDone: false) })
        detail = items[id: 0]
    }

    public static var initialState: BenchSharedList { BenchSharedList(elements: 1) }

    public mutating func handle(event: Event) -> Never? {
        switch event {
        case .toggle(let id): items[id: id]?.isDone.toggle()
        case .toggleDetail: detail?.isDone.toggle()
        }
        return nil
    }
}

extension Workloads {
    /// `shared.edit.1k`: one edit to a collection of `elements` elements whose elements are shared with an open
    /// detail (``BenchSharedList``), through a store: every other edit is the detail's, written into the list by the
    /// transition; the others change an element of the list with an odd id, which the detail (element 0) does not
    /// hold. Nanoseconds per edit; compare with `dispatch`.
    public static func sharedEdit(elements: Int, count: Int) throws -> Double {
        let store = Store(initialState: BenchSharedList(elements: elements))
        let start = now()
        for edit in 0..<count {
            store.dispatch(event: edit.isMultiple(of: 2) ? .toggleDetail : .toggle(edit % elements))
        }
        let elapsed = now() - start
        let state = store.state
        try verify(state.detail == state.items[id: 0], "shared.edit: the detail and the list hold two values")
        try verify(state.items.count == elements, "shared.edit: \(state.items.count) elements of \(elements)")
        return Double(elapsed) / Double(count)
    }
}
